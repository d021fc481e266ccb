import { DEFAULT_USER_SETTINGS, meSchema } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import type { RealtimeEvent } from '../../kernel';

const API = '/service/api/v1';

describe.each(DIALECTS)('members (%s)', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('GET members/me returns the user store shape with effective group roles', async () => {
    const u = await t.createUser({ lastName: '佐藤', firstName: '花子' });
    const adminGroup = await t.createGroup(u.companyId);
    const editGroup = await t.createGroup(u.companyId);
    const other = await t.createGroup(u.companyId);
    await t.addMember(adminGroup, u.id, { role_admin: 1 });
    await t.addMember(editGroup, u.id, { role_edit_topic: 1 });
    const stranger = await t.createUser({ companyId: u.companyId });
    await t.addMember(other, stranger.id, { role_admin: 1 });

    const res = await t.inject({ method: 'GET', url: `${API}/members/me`, token: await t.login(u) });
    expect(res.statusCode).toBe(200);
    const me = meSchema.parse(res.json().items);
    expect(me.info).toMatchObject({ id: u.id, name: '佐藤 花子', name_kana: 'やまだ たろう', email: u.email, is_company_admin: false });
    expect(me.info.last_login_at).toBe(t.clock());
    expect(me.current_group_max_file_size).toBe(25);
    expect(me.group_role).toEqual([
      { group_id: adminGroup, role_admin: true, role_invite: true, role_edit_shared_folder: true, role_edit_topic: true },
      { group_id: editGroup, role_admin: false, role_invite: false, role_edit_shared_folder: false, role_edit_topic: true },
    ]);
    expect(JSON.stringify(res.json())).not.toMatch(/password_hash|\$argon2/);
  });

  it("falls back to the name 'User' when both names are blank", async () => {
    const u = await t.createUser({ lastName: '', firstName: '' });
    const res = await t.inject({ method: 'GET', url: `${API}/members/me`, token: await t.login(u) });
    expect(res.json().items.info.name).toBe('User');
  });

  it('settings: defaults, patch merges, and the change is published to the user', async () => {
    const u = await t.createUser();
    const token = await t.login(u);
    const initial = await t.inject({ method: 'GET', url: `${API}/members/me/settings`, token });
    expect(initial.json().items).toEqual(DEFAULT_USER_SETTINGS);

    const events: [number[], RealtimeEvent][] = [];
    const off = t.ctx.bus.subscribe((ids, e) => events.push([ids, e]));
    const p1 = await t.inject({
      method: 'PATCH',
      url: `${API}/members/me/settings/setting_display`,
      token,
      payload: { number_item_lists: 20 },
    });
    const p2 = await t.inject({
      method: 'PATCH',
      url: `${API}/members/me/settings/setting_display`,
      token,
      payload: { first_day_of_week: 0 },
    });
    off();
    expect(p1.statusCode).toBe(200);
    expect(p2.json().items.setting_display).toEqual({
      ...DEFAULT_USER_SETTINGS.setting_display,
      number_item_lists: 20,
      first_day_of_week: 0,
    });
    expect(events).toHaveLength(2);
    expect(events[0]![0]).toEqual([u.id]);
    expect(events[0]![1]).toMatchObject({ kind: 'settings.updated', payload: { section: 'setting_display' } });

    const again = await t.inject({ method: 'GET', url: `${API}/members/me/settings`, token });
    expect(again.json().items.setting_display.number_item_lists).toBe(20);
    expect(again.json().items.sort).toEqual(DEFAULT_USER_SETTINGS.sort);
  });

  it('settings: bad section, unknown field and out-of-range value are 400 and store nothing', async () => {
    const u = await t.createUser();
    const token = await t.login(u);
    const bad = await t.inject({ method: 'PATCH', url: `${API}/members/me/settings/setting_evil`, token, payload: { x: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.section).toBeDefined();

    const unknown = await t.inject({
      method: 'PATCH',
      url: `${API}/members/me/settings/setting_display`,
      token,
      payload: { number_item_lists: 30, is_admin: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ status_code: 'VALIDATION_ERROR', errors: { is_admin: ['validation.unknown_field'] } });

    const range = await t.inject({
      method: 'PATCH',
      url: `${API}/members/me/settings/setting_display`,
      token,
      payload: { number_item_lists: 1000 },
    });
    expect(range.statusCode).toBe(400);
    expect(range.json().errors.number_item_lists).toEqual(['validation.max']);

    const rows = await t.ctx.db.selectFrom('user_settings').select('id').where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('setting-language stores the code and rejects unknown languages', async () => {
    const u = await t.createUser();
    const token = await t.login(u);
    const res = await t.inject({ method: 'PATCH', url: `${API}/members/me/setting-language`, token, payload: { code: 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.setting_language).toEqual({ code: 'en' });
    const bad = await t.inject({ method: 'PATCH', url: `${API}/members/me/setting-language`, token, payload: { code: 'vi' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.code).toEqual(['validation.invalid_value']);
  });

  it('change-password checks the current password, refuses reuse, and ends other sessions', async () => {
    const u = await t.createUser();
    const token = await t.login(u);
    const other = await t.login(u);
    const url = `${API}/members/me/change-password`;

    const wrong = await t.inject({
      method: 'POST',
      url,
      token,
      payload: { current_password: 'Nope#1234', password: 'Next#Pass1', password_confirmation: 'Next#Pass1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().status_code).toBe('CURRENT_PASSWORD_INCORRECT');

    const same = await t.inject({
      method: 'POST',
      url,
      token,
      payload: { current_password: u.password, password: u.password, password_confirmation: u.password },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors.password).toContain('validation.password_same_as_current');

    const weak = await t.inject({
      method: 'POST',
      url,
      token,
      payload: { current_password: u.password, password: 'abcdefgh', password_confirmation: 'abcdefgh' },
    });
    expect(weak.json().errors.password).toContain('validation.password_classes');

    const ok = await t.inject({
      method: 'POST',
      url,
      token,
      payload: { current_password: u.password, password: 'Next#Pass1', password_confirmation: 'Next#Pass1' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me`, token })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me`, token: other })).statusCode).toBe(401);
    expect((await t.login({ ...u, password: 'Next#Pass1' })).length).toBeGreaterThan(20);
  });
});
