import { describe, expect, it } from 'vitest';
import { applyTheme, THEME_DEFAULTS } from './theme';

const read = (el: HTMLElement, name: string) => el.style.getPropertyValue(name);

describe('applyTheme', () => {
  it('sets every theme variable from the settings shape', () => {
    const el = document.createElement('div');
    applyTheme(
      {
        nav_menu_bg_color: '#123456',
        banner_header_bg_color: '#abcdef',
        main_bg_color: '#f0f0f0',
        title_color: 'rgb(1, 2, 3)',
        title_background: 'white',
      },
      el,
    );
    expect(read(el, '--portal-nav-bg')).toBe('#123456');
    expect(read(el, '--portal-banner-bg')).toBe('#abcdef');
    expect(read(el, '--portal-main-bg')).toBe('#f0f0f0');
    expect(read(el, '--portal-title-color')).toBe('rgb(1, 2, 3)');
    expect(read(el, '--portal-title-bg')).toBe('white');
  });

  it('defaults to the section-9 colours on the document root', () => {
    applyTheme(null);
    const root = document.documentElement;
    expect(read(root, '--portal-nav-bg')).toBe(THEME_DEFAULTS.nav_menu_bg_color);
    expect(read(root, '--portal-main-bg')).toBe('#FFF');
    expect(read(root, '--portal-title-color')).toBe('#212529');
    expect(read(root, '--portal-title-bg')).toBe('#d3eaff');
  });

  it('rejects values that are not plain colours and lets the banner follow the nav colour', () => {
    const el = document.createElement('div');
    const applied = applyTheme({ nav_menu_bg_color: '#222', main_bg_color: 'url(https://evil/x.png)' }, el);
    expect(applied.main_bg_color).toBe('#FFF');
    expect(read(el, '--portal-main-bg')).toBe('#FFF');
    expect(read(el, '--portal-banner-bg')).toBe('#222');
  });
});
