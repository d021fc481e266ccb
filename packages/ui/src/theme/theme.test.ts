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

describe('applyThemeImages', () => {
  it('sets object URLs as url() variables, none for the rest, and opens the banner for a header picture', async () => {
    const { applyThemeImages } = await import('./theme');
    const el = document.createElement('div');
    applyThemeImages({ nav: 'blob:http://portal.test/1b2c-3d', header: 'blob:http://portal.test/9f' }, el);
    expect(el.style.getPropertyValue('--portal-nav-image')).toBe('url("blob:http://portal.test/1b2c-3d")');
    expect(el.style.getPropertyValue('--portal-main-image')).toBe('none');
    expect(el.style.getPropertyValue('--portal-banner-height')).toBe('120px');
    applyThemeImages({}, el);
    expect(el.style.getPropertyValue('--portal-nav-image')).toBe('none');
    expect(el.style.getPropertyValue('--portal-banner-height')).toBe('');
  });

  it('refuses anything but an object URL, so a stored value cannot inject CSS', async () => {
    const { applyThemeImages } = await import('./theme');
    const el = document.createElement('div');
    applyThemeImages({ nav: 'https://evil.example/x.png', main: 'blob:x") ; color: red; ("', title: 'javascript:alert(1)' }, el);
    for (const v of ['--portal-nav-image', '--portal-main-image', '--portal-title-image'])
      expect(el.style.getPropertyValue(v)).toBe('none');
  });
});
