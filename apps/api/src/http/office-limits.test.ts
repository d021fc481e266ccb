import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, DIALECTS, TEST_PASSWORD, type TestApp, type TestUser } from '../test/harness';

const API = '/service/api/v1';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The limits an operator gets without setting anything. */
const defaults = loadConfig({});
const CASES = DIALECTS.flatMap((dialect) => [
  { dialect, redis: false },
  { dialect, redis: true },
]);

/**
 * A company reaching the portal through one proxy or NAT address, under the default limits:
 * signed-in calls count per user, anonymous ones per address, failed logins per account.
 */
describe.each(CASES)('limits for an office behind one address ($dialect, Redis: $redis)', ({ dialect, redis }) => {
  let t: TestApp;
  // An address of this run only: with Redis the counts outlive the app for a minute.
  const office = `10.${randomBytes(1)[0]! % 250}.${randomBytes(1)[0]! % 250}.${(randomBytes(1)[0]! % 250) + 1}`;
  const users: TestUser[] = [];
  const tokens: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      rateLimitMax: defaults.rateLimitMax,
      rateLimitAnon: defaults.rateLimitAnon,
      rateLimitLogin: defaults.rateLimitLogin,
      ...(redis ? { redisUrl: REDIS, rateLimitPrefix: `portal-rl-test-${randomBytes(4).toString('hex')}-` } : {}),
    });
    const companyId = await t.createCompany();
    for (let i = 0; i < 34; i++) users.push(await t.createUser({ companyId }));
  }, 120_000);
  afterAll(() => t.close());

  const login = (u: TestUser, password = TEST_PASSWORD, remoteAddress = office) =>
    t.inject({ method: 'POST', url: `${API}/auth/login`, remoteAddress, payload: { employee_number: u.employee_number, password } });
  const me = (token: string) =>
    t.inject({ method: 'GET', url: `${API}/members/me`, remoteAddress: office, headers: { authorization: `Bearer ${token}` } });

  it('33 people log in within a minute (a few after a typo) and 12 of them make 60 calls each without a 429', async () => {
    const started = Date.now();
    // Everyone at once, as at 9:00.
    const logins = await Promise.all(
      users.slice(0, 33).map(async (u, i) => {
        if (i % 7 === 0) expect((await login(u, 'Typo#pass1')).statusCode).toBe(401);
        return login(u);
      }),
    );
    for (const [i, res] of logins.entries()) {
      expect(res.statusCode, `login ${i}`).toBe(200);
      tokens.push(res.json().items.access_token);
    }
    const codes = new Map<number, number>();
    await Promise.all(
      tokens.slice(0, 12).map(async (token) => {
        for (let i = 0; i < 60; i++) {
          const status = (await me(token)).statusCode;
          codes.set(status, (codes.get(status) ?? 0) + 1);
        }
      }),
    );
    expect(Object.fromEntries(codes)).toEqual({ 200: 720 });
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);

  it('one account making 1,300 calls in a row is throttled, with the spec error and Retry-After; the others are not', async () => {
    const busy = tokens[12]!;
    let first429 = -1;
    let refused;
    for (let i = 0; i < 1300; i++) {
      const res = await me(busy);
      if (res.statusCode === 429 && first429 < 0) {
        first429 = i;
        refused = res;
      }
    }
    expect(first429).toBeGreaterThanOrEqual(defaults.rateLimitMax - 1);
    expect(first429).toBeLessThanOrEqual(defaults.rateLimitMax + 5);
    expect(refused!.json()).toEqual({ status_code: 'API_RATE_EXCEEDED', message: expect.any(String) });
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    // Same address, other people: unaffected.
    expect((await me(tokens[13]!)).statusCode).toBe(200);
    expect((await login(users[33]!)).statusCode).toBe(200);
  }, 90_000);

  it("guessing one account's password from the office is throttled, and the others still log in", async () => {
    const victim = users[30]!;
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await login(victim, `Guess#${i}xyz`)).statusCode);
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    const throttled = await login(victim, 'Guess#9xyz');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().status_code).toBe('API_RATE_EXCEEDED');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits; a colleague at the same address does not.
    expect((await login(victim)).statusCode).toBe(429);
    expect((await login(users[31]!)).statusCode).toBe(200);
  });
});

describe('anonymous calls count per address', () => {
  it('an address past its anonymous limit is refused, while signed-in people behind it are not', async () => {
    const t = await createTestApp('sqlite', { rateLimitMax: 50, rateLimitAnon: 5 });
    try {
      const u = await t.createUser();
      const token = await t.login(u);
      const codes = [];
      for (let i = 0; i < 7; i++)
        codes.push((await t.inject({ method: 'GET', url: `${API}/privacy-policy`, remoteAddress: '10.9.9.9' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const signedIn = await t.inject({
        method: 'GET',
        url: `${API}/members/me`,
        remoteAddress: '10.9.9.9',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(signedIn.statusCode).toBe(200);
      // A token that does not verify is anonymous.
      const bad = await t.inject({
        method: 'GET',
        url: `${API}/privacy-policy`,
        remoteAddress: '10.9.9.9',
        headers: { authorization: 'Bearer nope' },
      });
      expect(bad.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
