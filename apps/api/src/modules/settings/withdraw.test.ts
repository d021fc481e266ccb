import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';

const API = '/service/api/v1';

describe.each(DIALECTS)('settings: withdraw (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const withdraw = (token: string | undefined, password: string) =>
    t.inject({ method: 'POST', url: `${API}/members/me/withdraw`, payload: { password }, ...(token ? { token } : {}) });
  const status = async (id: number) =>
    (await t.ctx.db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('refuses anonymous callers and a wrong password, changing nothing', async () => {
    const u = await t.createUser();
    expect((await withdraw(undefined, u.password)).statusCode).toBe(401);
    const wrong = await withdraw(await t.login(u), 'Wrong#Pass1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.password).toEqual(['validation.current_password_incorrect']);
    expect(await status(u.id)).toBe('active');
  });

  it('the only active administrator of a group is told which groups need another administrator', async () => {
    const u = await t.createUser();
    const formerAdmin = await t.createUser({ companyId: u.companyId, status: 'left' });
    const member = await t.createUser({ companyId: u.companyId });
    const g = await t.createGroup(u.companyId, `営業${u.id}`);
    await t.addMember(g, u.id, { role_admin: 1 });
    await t.addMember(g, formerAdmin.id, { role_admin: 1 });
    await t.addMember(g, member.id);
    const res = await withdraw(await t.login(u), u.password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status_code: 'MUST_APPOINT_ADMIN', data: { groups: [{ id: g, name: `営業${u.id}` }] } });
    expect(await status(u.id)).toBe('active');
  });

  it('leaves the portal: status left, no rights, no sessions; the membership row (and content) stays', async () => {
    const u = await t.createUser();
    const other = await t.createUser({ companyId: u.companyId });
    const g = await t.createGroup(u.companyId);
    await t.addMember(g, u.id, { role_admin: 1 });
    await t.addMember(g, other.id, { role_admin: 1 });
    const token = await t.login(u);
    const second = await t.login(u);
    const res = await withdraw(token, u.password);
    expect(res.statusCode).toBe(200);
    expect(await status(u.id)).toBe('left');
    const row = await t.ctx.db.selectFrom('group_members').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect([row.role_admin, row.role_invite, row.role_edit_shared_folder, row.role_edit_topic]).toEqual([0, 0, 0, 0]);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me`, token: second })).statusCode).toBe(401);
    const login = await t.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { employee_number: u.employee_number, password: u.password },
    });
    expect(login.statusCode).not.toBe(200);
    // The colleague keeps their rights.
    const kept = await t.ctx.db.selectFrom('group_members').select('role_admin').where('user_id', '=', other.id).executeTakeFirstOrThrow();
    expect(kept.role_admin).toBe(1);
  });

  it('two administrators of one group withdrawing at once: exactly one leaves', async () => {
    const a = await t.createUser();
    const b = await t.createUser({ companyId: a.companyId });
    const g = await t.createGroup(a.companyId);
    await t.addMember(g, a.id, { role_admin: 1 });
    await t.addMember(g, b.id, { role_admin: 1 });
    const [ta, tb] = await Promise.all([t.login(a), t.login(b)]);
    const results = await Promise.all([withdraw(ta, a.password), withdraw(tb, b.password)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect([await status(a.id), await status(b.id)].sort()).toEqual(['active', 'left']);
  });
});
