import { contrastRatio, MIN_CONTRAST, THEME_PRESETS, THEME_TEXT } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import type { RealtimeEvent } from '../../kernel';

const API = '/service/api/v1';
const CUSTOM = {
  theme_type: 1,
  theme_name: 'custom',
  nav_menu_bg_color: '#123456',
  banner_header_bg_color: '#abcdef',
  main_bg_color: '#fafafa',
  title_color: '#111111',
  title_background: '#eeeeee',
};

describe('theme presets', () => {
  it('every prescriptive theme is readable (WCAG AA)', () => {
    for (const [name, p] of Object.entries(THEME_PRESETS)) {
      expect(contrastRatio(THEME_TEXT.nav, p.nav_menu_bg_color), name).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrastRatio(THEME_TEXT.body, p.main_bg_color), name).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrastRatio(p.title_color, p.title_background), name).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
  });
});

describe.each(DIALECTS)('settings: theme (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const put = (payload: object, token?: string) =>
    t.inject({ method: 'PUT', url: `${API}/members/me/setting-theme`, payload, ...(token ? { token } : {}) });
  const themes = async (token: string) =>
    (await t.inject({ method: 'GET', url: `${API}/members/me/settings`, token })).json().items.setting_themes;

  it('stores custom colours for the caller alone and tells the caller’s tabs', async () => {
    const u = await t.createUser();
    const other = await t.createUser({ companyId: u.companyId });
    const token = await t.login(u);
    expect((await put(CUSTOM)).statusCode).toBe(401);
    const events: [number[], RealtimeEvent][] = [];
    const off = t.ctx.bus.subscribe((ids, e) => events.push([ids, e]));
    const res = await put(CUSTOM, token);
    off();
    expect(res.statusCode).toBe(200);
    const { theme_type: _t, theme_name: _n, ...colors } = CUSTOM;
    expect(res.json().items.setting_themes).toEqual({ theme_type: 1, theme: { theme_name: 'custom', ...colors } });
    expect(events.map(([ids, e]) => [ids, e.kind])).toEqual([[[u.id], 'settings.updated']]);
    expect((await themes(await t.login(other))).theme_type).toBe(0);
  });

  it('a prescriptive theme stores its own palette, whatever colours were sent; none stores the defaults', async () => {
    const token = await t.login(await t.createUser());
    const res = await put({ ...CUSTOM, theme_type: 2, theme_name: 'forest', nav_menu_bg_color: '#ffffff' }, token);
    expect(res.json().items.setting_themes).toEqual({ theme_type: 2, theme: { theme_name: 'forest', ...THEME_PRESETS.forest } });
    const none = await put({ ...CUSTOM, theme_type: 0 }, token);
    expect(none.json().items.setting_themes).toEqual({ theme_type: 0, theme: { theme_name: 'default', ...THEME_PRESETS.default } });
    expect((await put({ ...CUSTOM, theme_type: 2, theme_name: 'custom' }, token)).json().errors.theme_name).toEqual([
      'validation.invalid_value',
    ]);
  });

  it('refuses unreadable pairs and non-hex colours, storing nothing', async () => {
    const u = await t.createUser();
    const token = await t.login(u);
    const low = await put(
      { ...CUSTOM, nav_menu_bg_color: '#dddddd', title_color: '#777777', title_background: '#888888', main_bg_color: '#333333' },
      token,
    );
    expect(low.statusCode).toBe(400);
    expect(low.json().errors).toEqual({
      nav_menu_bg_color: ['validation.theme_contrast'],
      main_bg_color: ['validation.theme_contrast'],
      title_color: ['validation.theme_contrast'],
    });
    const css = await put({ ...CUSTOM, main_bg_color: 'url(https://evil.example/x.png)' }, token);
    expect(css.json().errors.main_bg_color).toEqual(['validation.color']);
    // The generic settings PATCH no longer takes the theme section, so it cannot bypass the check.
    const bypass = await t.inject({ method: 'PATCH', url: `${API}/members/me/settings/setting_themes`, token, payload: { theme_type: 1 } });
    expect(bypass.statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom('user_settings').select('id').where('user_id', '=', u.id).execute()).toHaveLength(0);
  });
});
