import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { actor, groupWith, type Actor } from '../groups/testing';

/** An ordinary employee, put in a fresh group with the administrator, then logged in. */
async function memberWithGroup(t: TestApp, company: number, admin: Actor) {
  const u = await t.createUser({ companyId: company });
  const g = await groupWith(t, company, [
    [admin.id, { role_admin: 1 }],
    [u.id, {}],
  ]);
  return { member: { ...u, token: await t.login(u) }, g };
}
import { multipart, PDF } from '../files/testing';

const API = '/service/api/v1';
/** What an employee who lost their last group may still call (modules/auth/no-group.ts). */
const ALLOWED = new Set([
  'GET /members/me',
  'GET /members/me/settings',
  'PATCH /members/me/setting-language',
  'POST /auth/logout',
  'PATCH /auth/update-device-token',
  'POST /auth/reset-notification',
  'POST /auth/delete-device-token',
  'POST /members/me/withdraw',
]);

describe.each(DIALECTS)('employees in no group (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let admin: Actor;

  beforeAll(async () => {
    t = await createTestApp(dialect, { refuseWithoutGroup: true });
    company = await t.createCompany();
    // A company administrator: exempt, so they log in before sitting in any group.
    admin = await actor(t, { companyId: company, isCompanyAdmin: true });
  });
  afterAll(() => t.close());

  const login = (employee_number: string, password = TEST_PASSWORD) =>
    t.inject({ method: 'POST', url: `${API}/auth/login`, payload: { employee_number, password } });

  it('refuses the login after the password, and only then', async () => {
    const lonely = await t.createUser({ companyId: company });
    const wrong = await login(lonely.employee_number, 'Wrong#Pass2026');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().status_code).toBe('EMPLOYEE_PASSWORD_MISMATCH');
    const right = await login(lonely.employee_number);
    expect(right.statusCode).toBe(401);
    expect(right.json().status_code).toBe('USER_NOT_BE_LONG_TO_GROUP');
    expect(right.json().items).toBeUndefined();
    expect(right.headers['set-cookie']).toBeUndefined();
    expect(await t.ctx.db.selectFrom('auth_tokens').select('id').where('user_id', '=', lonely.id).execute()).toEqual([]);
    // The right password cleared the failure count: the refusal is not a failed login.
    const row = await t.ctx.db.selectFrom('users').select('failed_login_count').where('id', '=', lonely.id).executeTakeFirstOrThrow();
    expect(Number(row.failed_login_count)).toBe(0);
  });

  it('a group that is stopped is no group; a live one lets the employee in', async () => {
    const u = await t.createUser({ companyId: company });
    const stopped = await groupWith(t, company, [[u.id, {}]]);
    await t.ctx.db.updateTable('groups').set({ is_stopped: 1 }).where('id', '=', stopped).execute();
    expect((await login(u.employee_number)).json().status_code).toBe('USER_NOT_BE_LONG_TO_GROUP');
    await groupWith(t, company, [[u.id, {}]]);
    expect((await login(u.employee_number)).statusCode).toBe(200);
  });

  it('a company administrator in no group still logs in (the first one of a company sits in none)', async () => {
    const boss = await t.createUser({ companyId: company, isCompanyAdmin: true });
    expect((await login(boss.employee_number)).statusCode).toBe(200);
  });

  it('losing the last group closes every call but the few of the employee-without-group page', async () => {
    const { member, g } = await memberWithGroup(t, company, admin);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/groups`, token: member.token })).statusCode).toBe(200);
    const removed = await t.inject({ method: 'POST', url: `${API}/members/me/groups/${g}/delete-user/${member.id}`, token: admin.token });
    expect(removed.statusCode, removed.body).toBe(200);

    const routes = t.app.routeRegistry.filter((r) => r.auth);
    expect(routes.length).toBeGreaterThan(100);
    for (const r of routes) {
      const path = r.url.slice(API.length);
      if (ALLOWED.has(`${r.method} ${path}`)) continue;
      const url = r.url.replace(/:[A-Za-z_]+/g, '1');
      const form = r.endpoint.multipart !== undefined ? multipart([{ name: 'a.pdf', data: PDF }]) : {};
      const res = await t.inject({ method: r.method, url, token: member.token, ...(r.method === 'GET' ? {} : { payload: {} }), ...form });
      expect(res.statusCode, `${r.method} ${path}`).toBe(401);
      expect(res.json().status_code, `${r.method} ${path}`).toBe('USER_NOT_BE_LONG_TO_GROUP');
    }
    for (const key of ALLOWED) {
      const [method, path] = key.split(' ') as ['GET' | 'POST' | 'PATCH', string];
      if (path === '/auth/logout' || path.endsWith('/withdraw')) continue;
      const payload = path.startsWith('/auth/') ? { token: 'device-n' } : path.includes('language') ? { code: 'en' } : undefined;
      const res = await t.inject({ method, url: `${API}${path}`, token: member.token, ...(payload ? { payload } : {}) });
      expect(res.statusCode, key).toBe(200);
    }
    // Withdrawing is allowed: it reaches its own validation instead of the refusal.
    const withdraw = await t.inject({ method: 'POST', url: `${API}/members/me/withdraw`, token: member.token, payload: {} });
    expect(withdraw.statusCode).toBe(400);
    expect((await t.inject({ method: 'POST', url: `${API}/auth/logout`, token: member.token, payload: {} })).statusCode).toBe(200);
  });

  it('leaving the last group oneself answers the same on the next call', async () => {
    const { member, g } = await memberWithGroup(t, company, admin);
    const left = await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}/leave`, token: member.token });
    expect(left.statusCode, left.body).toBe(200);
    const next = await t.inject({ method: 'GET', url: `${API}/members/me/groups`, token: member.token });
    expect(next.statusCode).toBe(401);
    expect(next.json().status_code).toBe('USER_NOT_BE_LONG_TO_GROUP');
    // Added again: the same login works on.
    await t.addMember(g, member.id);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/groups`, token: member.token })).statusCode).toBe(200);
  });

  it('anonymous calls still answer INVALID_TOKEN', async () => {
    const res = await t.inject({ method: 'GET', url: `${API}/members/me/groups` });
    expect(res.statusCode).toBe(401);
    expect(res.json().status_code).toBe('INVALID_TOKEN');
  });
});
