import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp, type TestUser } from '../../test/harness';
import { THROTTLE } from './throttle';

const LOGIN = '/service/api/v1/auth/login';

describe.each(DIALECTS)('auth login (%s)', (dialect) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await t.createUser();
  });
  afterAll(() => t.close());

  let ipSeq = 0;
  /** Each test its own client address, so the per-IP throttle of one test never slows another. */
  const freshIp = () => `10.9.${dialect === 'sqlite' ? 1 : 2}.${++ipSeq}`;
  const login = (payload: Record<string, unknown>, ip = '127.0.0.1') =>
    t.inject({ method: 'POST', url: LOGIN, payload, remoteAddress: ip });
  /** The per-account wait grows after each counted failure; the owner simply waits it out. */
  const waitOut = () => t.clock.advance(THROTTLE.account.maxMs);

  it('logs in by employee number and by e-mail, returning tokens and the refresh cookie', async () => {
    for (const payload of [
      { employee_number: user.employee_number, password: user.password },
      { email: user.email.toUpperCase(), password: user.password },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(200);
      const items = res.json().items;
      expect(items.token_type).toBe('Bearer');
      expect(items.expires_in).toBe(900);
      expect(items.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      // The refresh token is the HttpOnly cookie only: no script can read it from the body.
      expect(items).not.toHaveProperty('refresh_token');
      expect(res.body).not.toContain(res.cookies.find((c) => c.name === 'portal_refresh')!.value);
      const cookie = res.cookies.find((c) => c.name === 'portal_refresh');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/service/api/v1/auth' });
      expect(cookie!.value).not.toBe(items.access_token);
      const me = await t.inject({ method: 'GET', url: '/service/api/v1/members/me', token: items.access_token });
      expect(me.statusCode).toBe(200);
      expect(me.json().items.info.id).toBe(user.id);
    }
  });

  it('stores tokens only as hashes', async () => {
    const token = await t.login(user);
    const rows = await t.ctx.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('answers the mode-specific mismatch code for a wrong password or an unknown user', async () => {
    const other = await t.createUser();
    const cases = [
      [{ employee_number: other.employee_number, password: 'Wrong#123' }, 'EMPLOYEE_PASSWORD_MISMATCH'],
      [{ employee_number: 'NOPE-999', password: 'Wrong#123' }, 'EMPLOYEE_PASSWORD_MISMATCH'],
      [{ email: other.email, password: 'Wrong#123' }, 'EMAIL_PASSWORD_MISMATCH'],
      [{ email: 'nobody@test.example', password: 'Wrong#123' }, 'EMAIL_PASSWORD_MISMATCH'],
    ] as const;
    for (const [payload, code] of cases) {
      const res = await login(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status_code: code });
    }
  });

  it('refuses a user who has left with the same mismatch code', async () => {
    const left = await t.createUser({ status: 'left' });
    const res = await login({ employee_number: left.employee_number, password: left.password });
    expect(res.statusCode).toBe(401);
    expect(res.json().status_code).toBe('EMPLOYEE_PASSWORD_MISMATCH');
  });

  it('rejects a body with both or neither identity, or extra fields, as 400', async () => {
    for (const payload of [{ password: 'x' }, { employee_number: 'E1', password: 'x', admin: true }, {}]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().status_code).toBe('VALIDATION_ERROR');
      expect(
        Object.values(res.json().errors)
          .flat()
          .every((k) => String(k).startsWith('validation.')),
      ).toBe(true);
    }
  });

  it('locks the account at exactly the 10th failure and refuses even the right password', async () => {
    const victim = await t.createUser();
    const ip = freshIp();
    for (let i = 1; i <= 9; i++) {
      const res = await login({ employee_number: victim.employee_number, password: `Wrong#${i}xx` }, ip);
      expect(res.statusCode, `attempt ${i}`).toBe(401);
      waitOut();
    }
    const tenth = await login({ employee_number: victim.employee_number, password: 'Wrong#10xx' }, ip);
    expect(tenth.statusCode).toBe(423);
    expect(tenth.json()).toMatchObject({ status_code: 'ACCOUNT_LOCKED', data: { reset_link: '/forgot-password' } });
    waitOut();

    const right = await login({ employee_number: victim.employee_number, password: victim.password }, ip);
    expect(right.statusCode).toBe(423);
    expect(right.json().status_code).toBe('ACCOUNT_LOCKED');
  });

  it('a burst of parallel failures gets only the free attempts; the rest are throttled and never counted', async () => {
    const victim = await t.createUser();
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => login({ email: victim.email, password: `Parallel#${i}x` }, ip)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(THROTTLE.account.free).fill(401), ...Array(10 - THROTTLE.account.free).fill(429)]);
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['failed_login_count', 'locked_at'])
      .where('id', '=', victim.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_login_count: THROTTLE.account.free, locked_at: null });
  });

  it('resets the failure count after a successful login', async () => {
    const u = await t.createUser();
    const ip = freshIp();
    for (let i = 0; i < 9; i++) {
      await login({ employee_number: u.employee_number, password: 'Wrong#pass1' }, ip);
      waitOut();
    }
    expect((await login({ employee_number: u.employee_number, password: u.password }, ip)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect((await login({ employee_number: u.employee_number, password: 'Wrong#pass1' }, ip)).statusCode).toBe(401);
      waitOut();
    }
  });

  it('answers 403 MUST_RESET_PASSWORD with a usable reset token instead of a session', async () => {
    const u = await t.createUser({ mustReset: true });
    const res = await login({ employee_number: u.employee_number, password: u.password });
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body.status_code).toBe('MUST_RESET_PASSWORD');
    expect(body.data.reset_token).toEqual(expect.any(String));
    expect(res.cookies.find((c) => c.name === 'portal_refresh')).toBeUndefined();

    const reset = await t.inject({
      method: 'POST',
      url: '/service/api/v1/auth/reset-password',
      payload: { token: body.data.reset_token, password: 'Brand#New2026', password_confirmation: 'Brand#New2026' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await login({ employee_number: u.employee_number, password: 'Brand#New2026' });
    expect(again.statusCode).toBe(200);
  });
});
