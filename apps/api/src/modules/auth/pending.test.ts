import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, groupWith, type Actor } from '../groups/testing';
import { M, multipart, PDF, upload } from '../files/testing';

const API = '/service/api/v1';
/** What a not-yet-approved account may call (modules/auth/pending.ts); everything else is refused. */
const ALLOWED = new Set([
  'GET /members/me',
  'GET /members/me/settings',
  'PATCH /members/me/setting-language',
  'POST /auth/logout',
  'PATCH /auth/update-device-token',
  'POST /auth/reset-notification',
  'POST /auth/delete-device-token',
]);

describe.each(DIALECTS)('accounts registered through a group link wait for approval (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let admin: Actor;
  let g: number;
  let link: string;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    admin = await actor(t, { companyId: company });
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', admin.id).execute();
    g = await groupWith(t, company, [[admin.id, { role_admin: 1 }]]);
    link = (await t.ctx.db.selectFrom('groups').select('group_link').where('id', '=', g).executeTakeFirstOrThrow()).group_link;
    await upload(t, admin.token, `${M}/common-share-folder-upload-file`, [{ name: '全社規程.pdf', data: PDF }]);
  });
  afterAll(() => t.close());

  async function registerAndLogin() {
    n++;
    const body = {
      unique_url: link,
      employee_number: `P${n}${dialect}`,
      email: `pending${n}@example.com`,
      password: 'Pending#2026',
      password_confirmation: 'Pending#2026',
      last_name: '承認',
      first_name: '待ち',
      last_name_kana: 'しょうにん',
      first_name_kana: 'まち',
    };
    const reg = await t.inject({ method: 'POST', url: `${API}/members/registers/2`, payload: body });
    expect(reg.statusCode, reg.body).toBe(200);
    const login = await t.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { employee_number: body.employee_number, password: body.password },
    });
    expect(login.statusCode).toBe(200);
    return { ...(reg.json().items as { user_id: number; join_request_id: number }), token: login.json().items.access_token as string };
  }

  it('sees nothing of the company until approved, then everything a member sees', async () => {
    const p = await registerAndLogin();
    const common = await t.inject({ method: 'GET', url: `${M}/common-share-folder`, token: p.token });
    expect(common.statusCode).toBe(403);
    expect(common.json().status_code).toBe('PENDING_APPROVAL');
    const check = await t.inject({ method: 'GET', url: `${API}/auth/check-group-user-login`, token: p.token });
    expect(check.json().status_code).toBe('PENDING_APPROVAL');
    expect((await t.inject({ method: 'GET', url: `${API}/members/me`, token: p.token })).statusCode).toBe(200);

    const ok = await t.inject({
      method: 'PUT',
      url: `${API}/members/me/groups/${g}/join-requests/${p.join_request_id}`,
      token: admin.token,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await t.inject({ method: 'GET', url: `${M}/common-share-folder`, token: p.token });
    expect(after.statusCode).toBe(200);
    expect(after.json().items.data).toHaveLength(1);
    expect((await t.inject({ method: 'GET', url: `${API}/auth/check-group-user-login`, token: p.token })).json().items).toEqual({
      group_count: 1,
    });
  });

  it('every authenticated route but the few of the waiting page refuses a pending account', async () => {
    const p = await registerAndLogin();
    const routes = t.app.routeRegistry.filter((r) => r.auth);
    expect(routes.length).toBeGreaterThan(100);
    for (const r of routes) {
      const path = r.url.slice(API.length);
      if (ALLOWED.has(`${r.method} ${path}`)) continue;
      const url = r.url.replace(/:[A-Za-z_]+/g, '1');
      const form = r.endpoint.multipart !== undefined ? multipart([{ name: 'a.pdf', data: PDF }]) : {};
      const res = await t.inject({ method: r.method, url, token: p.token, ...(r.method === 'GET' ? {} : { payload: {} }), ...form });
      expect(res.statusCode, `${r.method} ${path}`).toBe(403);
      expect(res.json().status_code, `${r.method} ${path}`).toBe('PENDING_APPROVAL');
    }
    for (const key of ALLOWED) {
      const [method, path] = key.split(' ') as ['GET' | 'POST' | 'PATCH', string];
      if (method === 'POST' && path === '/auth/logout') continue;
      const payload = path.startsWith('/auth/') ? { token: 'device-p' } : path.includes('language') ? { code: 'en' } : undefined;
      const res = await t.inject({ method, url: `${API}${path}`, token: p.token, ...(payload ? { payload } : {}) });
      expect(res.statusCode, key).toBe(200);
    }
    expect((await t.inject({ method: 'POST', url: `${API}/auth/logout`, token: p.token, payload: {} })).statusCode).toBe(200);
  });

  it('a rejected registration stays locked out', async () => {
    const p = await registerAndLogin();
    const rej = await t.inject({
      method: 'DELETE',
      url: `${API}/members/me/groups/${g}/join-requests/${p.join_request_id}`,
      token: admin.token,
    });
    expect(rej.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/groups`, token: p.token })).json().status_code).toBe(
      'PENDING_APPROVAL',
    );
  });
});
