import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '../../mail';
import { THROTTLE } from '../auth';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { adminWorld, API, type AdminWorld } from './fixtures.test-util';

describe.each(DIALECTS)('admin: employees (%s)', (dialect) => {
  let t: TestApp;
  let w: AdminWorld;
  const mails: MailMessage[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await adminWorld(t);
    vi.spyOn(t.ctx.mailer, 'send').mockImplementation(async (m: MailMessage) => {
      mails.push(m);
    });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, token?: string) =>
    t.inject({ method, url: `${API}${url}`, token: token ?? w.adminToken, ...(method === 'GET' ? {} : { payload: payload ?? {} }) });
  const create = (n: string, extra: object = {}) =>
    call('POST', '/company/users', {
      employee_number: n,
      email: `${n.toLowerCase()}@corp.example`,
      last_name: '髙橋',
      first_name: '一郎',
      last_name_kana: 'たかはし',
      first_name_kana: 'いちろう',
      department: '営業部',
      send_password_mail: false,
      ...extra,
    });
  const audit = async (action: string) =>
    (await call('GET', `/company/audit-events?action=${action}`)).json().items.data as {
      target_id: number;
      actor_id: number;
      detail: string;
    }[];

  it('creates an employee into groups; duplicate number and e-mail are field errors', async () => {
    const res = await create('E100', { group_ids: [w.group] });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().items.id;
    const detail = (await call('GET', `/company/users/${id}`)).json().items;
    expect(detail).toMatchObject({
      employee_number: 'E100',
      email: 'e100@corp.example',
      last_name: '髙橋',
      status: 'active',
      groups: [{ id: w.group, role_admin: false }],
    });
    const again = await create('E100');
    expect(again.json()).toMatchObject({
      status_code: 'EMPLOYEE_NUMBER_USED',
      errors: { employee_number: ['validation.employee_number_used'] },
    });
    const mail = await create('E101', { email: 'E100@corp.example' });
    expect(mail.json()).toMatchObject({ status_code: 'DUPLICATE_EMAIL', errors: { email: ['validation.duplicate_email'] } });
    const foreignGroup = await create('E102', { group_ids: [w.strangerGroup] });
    expect(foreignGroup.statusCode).toBe(400);
    expect((await audit('employee.created')).some((a) => a.target_id === id)).toBe(true);
  });

  it('searches name, kana (katakana and half-width fold), employee number and e-mail, and pages', async () => {
    await create('S-1', {
      last_name: '佐藤',
      first_name: '美咲',
      last_name_kana: 'さとう',
      first_name_kana: 'みさき',
      email: 'misaki@corp.example',
    });
    await create('S-2', {
      last_name: '佐藤',
      first_name: '健',
      last_name_kana: 'さとう',
      first_name_kana: 'けん',
      email: 'ken.sato@corp.example',
    });
    const numbers = async (keyword: string, extra = '') =>
      (
        (await call('GET', `/company/users?keyword=${encodeURIComponent(keyword)}${extra}`)).json().items.data as {
          employee_number: string;
        }[]
      ).map((r) => r.employee_number);
    expect(await numbers('佐藤')).toEqual(['S-1', 'S-2']);
    expect(await numbers('サトウ ミサキ')).toEqual(['S-1']);
    expect(await numbers('ｻﾄｳ')).toEqual(['S-1', 'S-2']);
    expect(await numbers('ｓ－２')).toEqual(['S-2']);
    expect(await numbers('KEN.SATO')).toEqual(['S-2']);
    const page = (await call('GET', '/company/users?keyword=佐藤&limit=1&page=2')).json().items;
    expect(page).toMatchObject({ current_page: 2, last_page: 2, total: 2, data: [{ employee_number: 'S-2' }] });
    // Another company's employees never appear.
    expect(await numbers(w.stranger.employee_number)).toEqual([]);
  });

  it('edits an employee and writes what changed to the audit trail', async () => {
    const id = (await create('ED1')).json().items.id;
    const res = await call('PATCH', `/company/users/${id}`, { department: 'ｼｽﾃﾑ部', last_name_kana: 'たかはし' });
    expect(res.statusCode).toBe(200);
    const row = await t.ctx.db.selectFrom('users').select(['department']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.department).toBe('ｼｽﾃﾑ部');
    expect((await audit('employee.updated')).find((a) => a.target_id === id)?.detail).toBe('department');
  });

  it('grants and withdraws company administrator and the common-topic right; the last administrator stays', async () => {
    const id = (await create('R1')).json().items.id;
    expect((await call('PUT', `/company/users/${id}/rights`, { is_company_admin: true, common_topic_role: true })).statusCode).toBe(200);
    const u = await t.ctx.db
      .selectFrom('users')
      .select(['is_company_admin', 'common_topic_role'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([u.is_company_admin, u.common_topic_role]).toEqual([1, 1]);
    expect((await call('PUT', `/company/users/${id}/rights`, { is_company_admin: false })).statusCode).toBe(200);
    const last = await call('PUT', `/company/users/${w.admin.id}/rights`, { is_company_admin: false });
    expect(last.json().status_code).toBe('MUST_APPOINT_ADMIN');
    expect((await audit('employee.rights')).filter((a) => a.target_id === id)).toHaveLength(2);
  });

  it('password-set mail: the link sets a password and the employee logs in', async () => {
    const id = (await create('PW1', { group_ids: [w.group] })).json().items.id;
    // No password yet: nothing logs in.
    const before = await t.inject({ method: 'POST', url: `${API}/auth/login`, payload: { employee_number: 'PW1', password: '!unset' } });
    expect(before.statusCode).toBe(401);
    const sent = mails.length;
    expect((await call('POST', `/company/users/${id}/password-mail`)).statusCode).toBe(200);
    const mail = mails[sent]!;
    expect(mail.to).toBe('pw1@corp.example');
    const token = decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
    const set = await t.inject({
      method: 'POST',
      url: `${API}/auth/reset-password`,
      payload: { token, password: 'New#Pass2026', password_confirmation: 'New#Pass2026' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await t.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { employee_number: 'PW1', password: 'New#Pass2026' },
    });
    expect(login.statusCode).toBe(200);
    const actions = ((await call('GET', '/company/audit-events')).json().items.data as { action: string; target_id: number }[])
      .filter((a) => a.target_id === id)
      .map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.password_mail', 'auth.password_reset', 'auth.login']));
  });

  it('lockout after ten failures shows with its reason; unlock lifts it; both are in the trail', async () => {
    const u = await t.createUser({ companyId: w.admin.companyId });
    for (let i = 0; i < 10; i++) {
      await t.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { employee_number: u.employee_number, password: 'Wrong#Pass1' },
      });
      // Past the login throttle's growing waits, so each attempt is counted.
      t.clock.advance(THROTTLE.account.maxMs);
    }
    // The clock moved past the administrator's access token too.
    w.adminToken = await t.login(w.admin);
    const locked = (await call('GET', `/company/users/${u.id}`)).json().items;
    expect(locked).toMatchObject({ lock_reason: 'failed_logins', failed_login_count: 10 });
    expect(locked.locked_at).not.toBeNull();
    expect(((await call('GET', '/company/users?status=locked')).json().items.data as { id: number }[]).map((r) => r.id)).toContain(u.id);
    expect((await call('POST', `/company/users/${u.id}/unlock`)).json().items.was_locked).toBe(true);
    expect((await t.login(u)).length).toBeGreaterThan(10);
    expect((await audit('auth.login_failed')).filter((a) => a.target_id === u.id)).toHaveLength(10);
    expect((await audit('auth.locked')).filter((a) => a.target_id === u.id)).toHaveLength(1);
    expect((await audit('auth.unlocked')).find((a) => a.target_id === u.id)?.actor_id).toBe(w.admin.id);
  });

  it('retire: the access token stops on the next request, devices go, login is refused, content stays', async () => {
    const u = await t.createUser({ companyId: w.admin.companyId });
    await t.addMember(w.group, u.id, { role_edit_topic: 1 });
    const token = await t.login(u);
    await t.inject({ method: 'PATCH', url: `${API}/auth/update-device-token`, token, payload: { token: 'push-token-retiree' } });
    expect((await t.inject({ method: 'GET', url: `${API}/members/me`, token })).statusCode).toBe(200);
    const published = vi.spyOn(t.ctx.bus, 'publish');
    const res = await call('POST', `/company/users/${u.id}/retire`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me`, token })).statusCode).toBe(401);
    // Open sockets and tabs are told the session ended.
    expect(published.mock.calls.some(([to, e]) => to.includes(u.id) && (e as { kind: string }).kind === 'session.revoked')).toBe(true);
    expect(await t.ctx.db.selectFrom('device_tokens').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    const login = await t.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { employee_number: u.employee_number, password: u.password },
    });
    expect(login.statusCode).toBe(401);
    const row = await t.ctx.db.selectFrom('users').select('status').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('left');
    const m = await t.ctx.db.selectFrom('group_members').select(['role_edit_topic']).where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(m.role_edit_topic).toBe(0);
    expect((await call('POST', `/company/users/${u.id}/retire`, {})).json().status_code).toBe('INVALID_USER_STATUS');
    expect((await audit('employee.retired')).some((a) => a.target_id === u.id)).toBe(true);
  });

  it('retire: a group the retiree administers alone needs a successor among its members', async () => {
    const boss = await t.createUser({ companyId: w.admin.companyId });
    const colleague = await t.createUser({ companyId: w.admin.companyId });
    const g = await t.createGroup(w.admin.companyId, `経理${boss.id}`);
    await t.addMember(g, boss.id, { role_admin: 1 });
    await t.addMember(g, colleague.id);
    const refused = await call('POST', `/company/users/${boss.id}/retire`, {});
    expect(refused.json()).toMatchObject({
      status_code: 'MUST_APPOINT_ADMIN',
      data: { groups: [{ id: g, name: `経理${boss.id}`, candidates: [{ id: colleague.id }] }] },
    });
    // A successor from outside the group is no successor.
    expect(
      (await call('POST', `/company/users/${boss.id}/retire`, { successors: [{ group_id: g, user_id: w.member.id }] })).json().status_code,
    ).toBe('MUST_APPOINT_ADMIN');
    const ok = await call('POST', `/company/users/${boss.id}/retire`, { successors: [{ group_id: g, user_id: colleague.id }] });
    expect(ok.statusCode, ok.body).toBe(200);
    const c = await t.ctx.db
      .selectFrom('group_members')
      .select('role_admin')
      .where('group_id', '=', g)
      .where('user_id', '=', colleague.id)
      .executeTakeFirstOrThrow();
    expect(c.role_admin).toBe(1);
  });

  it('an administrator cannot retire themselves', async () => {
    expect((await call('POST', `/company/users/${w.admin.id}/retire`, {})).statusCode).toBe(400);
  });
});
