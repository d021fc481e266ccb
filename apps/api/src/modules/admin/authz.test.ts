import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { adminWorld, API, type AdminWorld } from './fixtures.test-util';

const csv = Buffer.from(
  '社員番号,姓,名,姓かな,名かな,メールアドレス,部署,グループ\r\nA1,山田,花子,やまだ,はなこ,hanako@x.example,,\r\n',
).toString('base64');

/**
 * Every administration endpoint: anonymous 401, member 403, another company's id 404, bad input
 * 400, and the administrator's happy path.
 */
describe.each(DIALECTS)('admin: authorisation matrix (%s)', (dialect) => {
  let t: TestApp;
  let w: AdminWorld;
  let importId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await adminWorld(t);
    const res = await t.inject({ method: 'POST', url: `${API}/company/user-imports`, token: w.adminToken, payload: { file_base64: csv } });
    importId = res.json().items.id;
  });
  afterAll(() => t.close());

  type Case = {
    name: string;
    method: 'GET' | 'POST' | 'PUT' | 'PATCH';
    url: (w: AdminWorld) => string;
    body?: unknown;
    /** Another company's id in the path; absent for company-wide calls. */
    foreign?: (w: AdminWorld) => string;
    bad?: { url?: (w: AdminWorld) => string; body?: unknown };
    ok: number;
  };
  const cases: Case[] = [
    { name: 'list', method: 'GET', url: () => '/company/users', bad: { url: () => '/company/users?limit=0' }, ok: 200 },
    {
      name: 'create',
      method: 'POST',
      url: () => '/company/users',
      body: {
        employee_number: 'NEW1',
        email: 'new1@x.example',
        last_name: '新',
        first_name: '一',
        last_name_kana: 'しん',
        first_name_kana: 'いち',
        send_password_mail: false,
      },
      bad: {
        body: { employee_number: 'NEW2', email: 'bad', last_name: '新', first_name: '二', last_name_kana: 'シン', first_name_kana: 'に' },
      },
      ok: 200,
    },
    {
      name: 'export',
      method: 'GET',
      url: () => '/company/users/export?encoding=utf8',
      bad: { url: () => '/company/users/export?encoding=latin1' },
      ok: 200,
    },
    {
      name: 'detail',
      method: 'GET',
      url: (w) => `/company/users/${w.member.id}`,
      foreign: (w) => `/company/users/${w.stranger.id}`,
      bad: { url: () => '/company/users/abc' },
      ok: 200,
    },
    {
      name: 'edit',
      method: 'PATCH',
      url: (w) => `/company/users/${w.member.id}`,
      body: { department: '総務部' },
      foreign: (w) => `/company/users/${w.stranger.id}`,
      bad: { body: { last_name_kana: 'カタカナ' } },
      ok: 200,
    },
    {
      name: 'rights',
      method: 'PUT',
      url: (w) => `/company/users/${w.member.id}/rights`,
      body: { common_topic_role: true },
      foreign: (w) => `/company/users/${w.stranger.id}/rights`,
      bad: { body: {} },
      ok: 200,
    },
    {
      name: 'password mail',
      method: 'POST',
      url: (w) => `/company/users/${w.member.id}/password-mail`,
      foreign: (w) => `/company/users/${w.stranger.id}/password-mail`,
      bad: { url: () => '/company/users/0/password-mail' },
      ok: 200,
    },
    {
      name: 'unlock',
      method: 'POST',
      url: (w) => `/company/users/${w.member.id}/unlock`,
      foreign: (w) => `/company/users/${w.stranger.id}/unlock`,
      bad: { url: () => '/company/users/-1/unlock' },
      ok: 200,
    },
    {
      name: 'import preview',
      method: 'POST',
      url: () => '/company/user-imports',
      body: { file_base64: csv },
      bad: { body: { file_base64: '' } },
      ok: 200,
    },
    {
      name: 'import show',
      method: 'GET',
      url: () => `/company/user-imports/${importId}`,
      foreign: () => `/company/user-imports/${importId + 100000}`,
      bad: { url: () => `/company/user-imports/${importId}?filter=nope` },
      ok: 200,
    },
    { name: 'capacity', method: 'GET', url: () => '/company/capacity', ok: 200 },
    {
      name: 'company capacity',
      method: 'PUT',
      url: () => '/company/capacity',
      body: { capacity_gb: 50 },
      bad: { body: { capacity_gb: 0 } },
      ok: 200,
    },
    {
      name: 'group capacity',
      method: 'PUT',
      url: (w) => `/company/groups/${w.group}/capacity`,
      body: { capacity_gb: 20, max_img_size_per_attachment: 30 },
      foreign: (w) => `/company/groups/${w.strangerGroup}/capacity`,
      bad: { body: { capacity_gb: -5 } },
      ok: 200,
    },
    {
      name: 'audit list',
      method: 'GET',
      url: () => '/company/audit-events',
      bad: { url: () => '/company/audit-events?action=nope' },
      ok: 200,
    },
    {
      name: 'audit export',
      method: 'GET',
      url: () => '/company/audit-events/export',
      bad: { url: () => '/company/audit-events/export?encoding=x' },
      ok: 200,
    },
    // Last: retiring the member ends their token used by the rows above.
    {
      name: 'retire',
      method: 'POST',
      url: (w) => `/company/users/${w.member.id}/retire`,
      foreign: (w) => `/company/users/${w.stranger.id}/retire`,
      bad: { body: { successors: 'x' } },
      ok: 200,
    },
  ];

  for (const c of cases) {
    it(`${c.name}: 401 anonymous, 403 member, 404 other company, 400 bad input, then the happy path`, async () => {
      const call = (token: string | undefined, url = c.url(w), body = c.body) =>
        t.inject({
          method: c.method,
          url: `${API}${url}`,
          ...(token ? { token } : {}),
          ...(c.method === 'GET' ? {} : { payload: (body ?? {}) as object }),
        });
      expect((await call(undefined)).statusCode).toBe(401);
      const member = await call(w.memberToken);
      expect(member.statusCode).toBe(403);
      if (c.foreign) expect((await call(w.adminToken, c.foreign(w))).statusCode).toBe(404);
      if (c.bad) expect((await call(w.adminToken, c.bad.url?.(w) ?? c.url(w), c.bad.body ?? c.body)).statusCode).toBe(400);
      const ok = await call(w.adminToken);
      expect(ok.statusCode, ok.body).toBe(c.ok);
    });
  }

  it('apply: 401, 403, 404 for another company, 400 bad body, then applies', async () => {
    const url = `${API}/company/user-imports/${importId}/apply`;
    expect((await t.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    const other = await t.createUser({ isCompanyAdmin: true });
    const otherToken = await t.login(other);
    expect((await t.inject({ method: 'POST', url, payload: {}, token: otherToken })).statusCode).toBe(404);
    const member = await t.createUser({ companyId: w.admin.companyId });
    expect((await t.inject({ method: 'POST', url, payload: {}, token: await t.login(member) })).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url, payload: { send_password_mail: 'yes' }, token: w.adminToken })).statusCode).toBe(400);
    const ok = await t.inject({ method: 'POST', url, payload: {}, token: w.adminToken });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().items).toMatchObject({ status: 'applied', created: 1 });
  });
});
