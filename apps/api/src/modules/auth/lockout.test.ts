import { LIMITS } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp, type TestUser } from '../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { delayAfter, THROTTLE } from './throttle';

const API = '/service/api/v1';

describe.each(DIALECTS)('lockout that cannot be used against everyone (%s)', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let ipSeq = 0;
  const freshIp = () => `10.8.${dialect === 'sqlite' ? 1 : 2}.${++ipSeq}`;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(dialect, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const login = (employee_number: string, password: string, ip: string) =>
    t.inject({ method: 'POST', url: `${API}/auth/login`, payload: { employee_number, password }, remoteAddress: ip });
  const failures = async (u: TestUser) =>
    (await t.ctx.db.selectFrom('users').select('failed_login_count').where('id', '=', u.id).executeTakeFirstOrThrow()).failed_login_count;

  it('failures wait longer and longer per account; a refused attempt is not even counted', async () => {
    const u = await t.createUser();
    const ip = freshIp();
    for (let i = 1; i <= THROTTLE.account.free; i++) expect((await login(u.employee_number, 'Wrong#pass1', ip)).statusCode).toBe(401);
    for (let n = THROTTLE.account.free; n < THROTTLE.account.free + 3; n++) {
      const wait = delayAfter(THROTTLE.account, n);
      const early = await login(u.employee_number, 'Wrong#pass1', ip);
      expect(early.statusCode).toBe(429);
      expect(early.json()).toMatchObject({ status_code: 'API_RATE_EXCEEDED', data: { retry_after: Math.ceil(wait / 1000) } });
      // Not even the right password gets through a wait, and nothing was counted.
      expect((await login(u.employee_number, u.password, ip)).statusCode).toBe(429);
      expect(await failures(u)).toBe(n);
      t.clock.advance(wait);
      expect((await login(u.employee_number, 'Wrong#pass1', ip)).statusCode).toBe(401);
    }
    expect(delayAfter(THROTTLE.account, THROTTLE.account.free + 1)).toBe(2 * delayAfter(THROTTLE.account, THROTTLE.account.free));
  });

  it('answers an unknown and an existing employee number the same, attempt for attempt, up to the lock', async () => {
    const u = await t.createUser();
    const [ipA, ipB] = [freshIp(), freshIp()];
    const seen: [string, string][] = [];
    for (let i = 1; i <= LIMITS.lockoutFailures + 1; i++) {
      const known = await login(u.employee_number, 'Wrong#pass1', ipA);
      const unknown = await login(`NOBODY-${dialect}`, 'Wrong#pass1', ipB);
      seen.push([`${known.statusCode} ${known.json().status_code}`, `${unknown.statusCode} ${unknown.json().status_code}`]);
      // An immediate retry: throttled alike once the free attempts are spent.
      const k2 = await login(u.employee_number, 'Wrong#pass1', ipA);
      const u2 = await login(`NOBODY-${dialect}`, 'Wrong#pass1', ipB);
      seen.push([
        `${k2.statusCode} ${JSON.stringify(k2.json().data ?? null)}`,
        `${u2.statusCode} ${JSON.stringify(u2.json().data ?? null)}`,
      ]);
      t.clock.advance(THROTTLE.account.maxMs);
    }
    for (const [known, unknown] of seen) expect(unknown).toBe(known);
    expect(seen.some(([k]) => k.startsWith('423'))).toBe(true);
  });

  it('one address cannot spray failures over many accounts', async () => {
    const ip = freshIp();
    const users: TestUser[] = [];
    for (let i = 0; i < THROTTLE.ip.free + 1; i++) users.push(await t.createUser());
    // A successful login from the same office address costs it nothing.
    for (let i = 0; i < 5; i++) expect((await login(users[0]!.employee_number, users[0]!.password, ip)).statusCode).toBe(200);
    for (const u of users.slice(0, THROTTLE.ip.free)) expect((await login(u.employee_number, 'Wrong#pass1', ip)).statusCode).toBe(401);
    const sprayed = await login(users[THROTTLE.ip.free]!.employee_number, 'Wrong#pass1', ip);
    expect(sprayed.statusCode).toBe(429);
    expect(await failures(users[THROTTLE.ip.free]!)).toBe(0);
    // Another address is not slowed by it.
    expect((await login(users[THROTTLE.ip.free]!.employee_number, users[THROTTLE.ip.free]!.password, freshIp())).statusCode).toBe(200);
    // An office-sized ceiling: a hundred failed logins, each with its password hash work.
  }, 240_000);

  it('the lock mails the owner a working reset link', async () => {
    const u = await t.createUser();
    const ip = freshIp();
    const before = smtp.messages.length;
    for (let i = 1; i < LIMITS.lockoutFailures; i++) {
      expect((await login(u.employee_number, 'Wrong#pass1', ip)).statusCode).toBe(401);
      t.clock.advance(THROTTLE.account.maxMs);
    }
    expect((await login(u.employee_number, 'Wrong#pass1', ip)).statusCode).toBe(423);
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain(u.email);
    expect(mail.subject).toContain('ロック');
    const token = decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text ?? '')![1]!);
    t.clock.advance(delayAfter(THROTTLE.account, LIMITS.lockoutFailures)); // within the link's hour
    expect((await login(u.employee_number, 'Wrong#pass1', ip)).statusCode).toBe(423);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length).toBe(before + 1); // once, not on every later attempt
    const reset = await t.inject({
      method: 'POST',
      url: `${API}/auth/reset-password`,
      payload: { token, password: 'After#Lock2026', password_confirmation: 'After#Lock2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(u.employee_number, 'After#Lock2026', ip)).statusCode).toBe(200);
  });

  it('a company administrator unlocks an employee of the company, and nobody else can', async () => {
    const company = await t.createCompany();
    const admin = await t.createUser({ companyId: company, isCompanyAdmin: true });
    const member = await t.createUser({ companyId: company });
    const victim = await t.createUser({ companyId: company });
    const stranger = await t.createUser({ isCompanyAdmin: true });
    const [adminToken, memberToken, strangerToken] = [await t.login(admin), await t.login(member), await t.login(stranger)];
    await t.ctx.db.updateTable('users').set({ locked_at: t.clock(), failed_login_count: 10 }).where('id', '=', victim.id).execute();
    const unlock = (id: number | string, token?: string) => t.inject({ method: 'POST', url: `${API}/company/users/${id}/unlock`, token });
    expect((await unlock(victim.id)).statusCode).toBe(401);
    expect((await unlock(victim.id, memberToken)).statusCode).toBe(403);
    expect((await unlock(victim.id, strangerToken)).statusCode).toBe(404);
    expect((await unlock('abc', adminToken)).statusCode).toBe(400);
    expect((await login(victim.employee_number, victim.password, freshIp())).statusCode).toBe(423);
    const ok = await unlock(victim.id, adminToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().items).toEqual({ user_id: victim.id, was_locked: true });
    expect((await login(victim.employee_number, victim.password, freshIp())).statusCode).toBe(200);
  });
});

describe('X-Forwarded-For is believed only from the configured proxies', () => {
  it('keys the throttle by the forwarded client behind a listed proxy, by the socket otherwise', async () => {
    const t = await createTestApp('sqlite', { trustProxy: ['10.7.0.1'] });
    try {
      const attempt = (remoteAddress: string) =>
        t.inject({
          method: 'POST',
          url: `${API}/auth/login`,
          remoteAddress,
          headers: { 'x-forwarded-for': '203.0.113.7' },
          payload: { employee_number: 'X1', password: 'Wrong#pass1' },
        });
      await attempt('10.7.0.1');
      await attempt('198.51.100.9'); // not a proxy of ours: its own address counts
      const keys = (await t.ctx.db.selectFrom('login_throttles').select('key').where('key', 'like', 'ip:%').orderBy('key').execute()).map(
        (r) => r.key,
      );
      expect(keys).toEqual(['ip:198.51.100.9', 'ip:203.0.113.7']);
    } finally {
      await t.close();
    }
  });
});
