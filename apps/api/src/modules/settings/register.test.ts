import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';

const API = '/service/api/v1';
let n = 0;
const employee = (over: object = {}) => {
  n++;
  return {
    employee_number: `R${process.pid}x${n}`,
    email: `reg${process.pid}x${n}@example.com`,
    last_name: '新人',
    first_name: `${n}号`,
    last_name_kana: 'しんじん',
    first_name_kana: 'いちごう',
    ...over,
  };
};

describe.each(DIALECTS)('settings: registration by a group administrator (%s)', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(dialect, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const register = (groupId: number, payload: object, token?: string) =>
    t.inject({ method: 'POST', url: `${API}/members/groups/${groupId}/admin-registers`, payload, ...(token ? { token } : {}) });
  const userCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('registers into the group; the mailed link sets the password and the employee logs in', async () => {
    const admin = await t.createUser();
    const g = await t.createGroup(admin.companyId);
    await t.addMember(g, admin.id, { role_admin: 1 });
    const e = employee();
    const before = smtp.messages.length;
    const res = await register(g, { employees: [e] }, await t.login(admin));
    expect(res.statusCode, res.body).toBe(200);
    const [created] = res.json().items.registered;
    expect(created).toMatchObject({ employee_number: e.employee_number, email: e.email });

    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.subject).toBe('【グループポータル】アカウント登録のご案内');
    const token = decodeURIComponent(/\/verify\?token=([A-Za-z0-9_%-]+)/.exec(mail.text ?? '')![1]!);
    const login = () =>
      t.inject({ method: 'POST', url: `${API}/auth/login`, payload: { employee_number: e.employee_number, password: 'First#Pass1' } });
    expect((await login()).statusCode).not.toBe(200);

    const check = await t.inject({ method: 'POST', url: `${API}/verify/check`, payload: { token } });
    expect(check.json().items).toEqual({ purpose: 'register', email: e.email });
    const noPassword = await t.inject({ method: 'POST', url: `${API}/verify`, payload: { token } });
    expect(noPassword.json().errors.password).toEqual(['validation.required']);
    const apply = await t.inject({
      method: 'POST',
      url: `${API}/verify`,
      payload: { token, password: 'First#Pass1', password_confirmation: 'First#Pass1' },
    });
    expect(apply.statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    const member = await t.ctx.db
      .selectFrom('group_members')
      .select(['role_admin'])
      .where('group_id', '=', g)
      .where('user_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(member.role_admin).toBe(0);
    const row = await t.ctx.db.selectFrom('users').select('company_id').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.company_id).toBe(admin.companyId);
  });

  it('only the group’s administrator registers, and only into that group', async () => {
    const admin = await t.createUser();
    const member = await t.createUser({ companyId: admin.companyId });
    const g = await t.createGroup(admin.companyId);
    const otherGroup = await t.createGroup(admin.companyId);
    const foreignAdmin = await t.createUser();
    const foreign = await t.createGroup(foreignAdmin.companyId);
    await t.addMember(g, admin.id, { role_admin: 1 });
    await t.addMember(g, member.id, { role_invite: 1 });
    await t.addMember(foreign, foreignAdmin.id, { role_admin: 1 });
    const count = await userCount();
    expect((await register(g, { employees: [employee()] })).statusCode).toBe(401);
    expect((await register(g, { employees: [employee()] }, await t.login(member))).statusCode).toBe(403);
    expect((await register(otherGroup, { employees: [employee()] }, await t.login(admin))).statusCode).toBe(404);
    expect((await register(foreign, { employees: [employee()] }, await t.login(admin))).statusCode).toBe(404);
    expect((await register(g, { employees: [employee()] }, await t.login(foreignAdmin))).statusCode).toBe(404);
    expect(await userCount()).toBe(count);
  });

  it('a taken or repeated number or address, or bad kana, refuses the whole request', async () => {
    const admin = await t.createUser();
    const g = await t.createGroup(admin.companyId);
    await t.addMember(g, admin.id, { role_admin: 1 });
    const token = await t.login(admin);
    const count = await userCount();
    const taken = await register(g, { employees: [employee(), employee({ employee_number: admin.employee_number })] }, token);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      status_code: 'EMPLOYEE_NUMBER_USED',
      errors: { 'employees.1.employee_number': ['validation.employee_number_used'] },
    });
    const email = await register(g, { employees: [employee({ email: admin.email.toUpperCase() })] }, token);
    expect(email.json()).toMatchObject({ status_code: 'DUPLICATE_EMAIL', errors: { 'employees.0.email': ['validation.duplicate_email'] } });
    const twice = employee();
    const repeated = await register(g, { employees: [twice, { ...twice, email: 'other@example.com' }] }, token);
    expect(repeated.json().errors['employees.1.employee_number']).toEqual(['validation.employee_number_used']);
    const kana = await register(g, { employees: [employee({ first_name_kana: 'イチ' })] }, token);
    expect(kana.json().errors['employees.0.first_name_kana']).toEqual(['validation.kana']);
    expect((await register(g, { employees: [] }, token)).statusCode).toBe(400);
    expect(await userCount()).toBe(count);
  });
});
