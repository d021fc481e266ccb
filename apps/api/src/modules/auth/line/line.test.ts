import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp, type TestUser } from '../../../test/harness';
import { startLineProvider, type LineUser } from './provider.test-util';
import { LINE_BINDING_COOKIE } from './routes';

const API = '/service/api/v1';
const CHANNEL = { channelId: '1650000000', channelSecret: 'line-channel-secret-for-tests-0123456789' };

describe.each(DIALECTS)('LINE login against a stand-in provider (%s)', (dialect) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startLineProvider>>;
  let company: number;

  beforeAll(async () => {
    let clock = () => Date.now();
    provider = await startLineProvider({ ...CHANNEL, now: () => clock() });
    t = await createTestApp(dialect, { line: provider.config('http://portal.test/line-login') });
    clock = t.clock;
    company = await t.createCompany();
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  type Browser = { binding?: string; token?: string };
  /** Starts a flow as a browser would, lets the provider log `lineUser` in, returns LINE's redirect. */
  async function authorize(mode: 'login' | 'link', browser: Browser, lineUser: LineUser) {
    const res = await t.inject({
      method: 'POST',
      url: `${API}/${mode === 'login' ? 'auth/line-login/start' : 'members/me/line-link/start'}`,
      token: browser.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === LINE_BINDING_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    browser.binding = cookie.value;
    const url = new URL(res.json().items.authorize_url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CHANNEL.channelId,
      redirect_uri: 'http://portal.test/line-login',
      code_challenge_method: 'S256',
      response_type: 'code',
    });
    // The verifier never leaves the server; only its hash goes to LINE.
    expect(url.searchParams.get('code_verifier')).toBeNull();
    provider.state.user = lineUser;
    const back = await fetch(url, { redirect: 'manual' });
    expect(back.status).toBe(302);
    const loc = new URL(back.headers.get('location')!);
    expect(loc.origin + loc.pathname).toBe('http://portal.test/line-login');
    return { code: loc.searchParams.get('code')!, state: loc.searchParams.get('state')! };
  }
  const finish = (mode: 'login' | 'link', browser: Browser, body: unknown) =>
    t.inject({
      method: 'POST',
      url: `${API}/${mode === 'login' ? 'auth/line-login' : 'members/me/line-link'}`,
      token: browser.token,
      payload: body as never,
      cookies: browser.binding ? { [LINE_BINDING_COOKIE]: browser.binding } : {},
    });
  async function employee(): Promise<{ user: TestUser; browser: Browser }> {
    const user = await t.createUser({ companyId: company });
    return { user, browser: { token: await t.login(user) } };
  }
  async function linked(sub: string) {
    const e = await employee();
    const res = await finish('link', e.browser, await authorize('link', e.browser, { sub, email: `${sub}@line.example` }));
    expect(res.statusCode, res.body).toBe(200);
    return e;
  }
  const me = async (token: string) => (await t.inject({ method: 'GET', url: `${API}/members/me`, token })).json().items.info.id;

  it('the login page learns LINE is configured; link from settings, then log in with LINE as that employee', async () => {
    expect((await t.inject({ method: 'GET', url: `${API}/auth/line-login/config` })).json().items).toEqual({ enabled: true });
    const { user, browser } = await employee();
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/line-link`, token: browser.token })).json().items).toMatchObject({
      enabled: true,
      linked: false,
    });
    const res = await finish('link', browser, await authorize('link', browser, { sub: 'Ulinkhappy', email: 'a@line.example' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toMatchObject({ linked: true, linked_at: t.clock() });

    const anon: Browser = {};
    const login = await finish('login', anon, await authorize('login', anon, { sub: 'Ulinkhappy' }));
    expect(login.statusCode, login.body).toBe(200);
    expect(login.cookies.find((c) => c.name === 'portal_refresh')).toBeDefined();
    expect(await me(login.json().items.access_token)).toBe(user.id);
    // Linking twice, from either side, is refused.
    expect((await t.inject({ method: 'POST', url: `${API}/members/me/line-link/start`, token: browser.token })).statusCode).toBe(409);
  });

  it('a replayed state, another browser’s state, a forged or mis-addressed ID token and a wrong nonce are all refused', async () => {
    await linked('Uattack');
    const refused = async (res: Awaited<ReturnType<typeof finish>>) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().status_code).toBe('LINE_LOGIN_FAILED');
      expect(res.cookies.find((c) => c.name === 'portal_refresh')).toBeUndefined();
    };
    const b: Browser = {};
    const first = await authorize('login', b, { sub: 'Uattack' });
    expect((await finish('login', b, first)).statusCode).toBe(200);
    await refused(await finish('login', b, first));

    // A state begun in the victim's browser, finished with the attacker's cookie (login CSRF).
    const victim: Browser = {};
    const attacker: Browser = {};
    const stolen = await authorize('login', victim, { sub: 'Uattack' });
    await authorize('login', attacker, { sub: 'Uattack' });
    await refused(await finish('login', attacker, stolen));
    await refused(await finish('login', {}, await authorize('login', {}, { sub: 'Uattack' })));

    for (const tamper of [
      { signWith: 'not-the-channel-secret-but-long-enough-000' },
      { audience: '999' },
      { issuer: 'https://evil.example' },
      { nonce: 'other' },
      { alg: 'HS512' as const },
    ]) {
      provider.state.tamper = tamper;
      const b2: Browser = {};
      await refused(await finish('login', b2, await authorize('login', b2, { sub: 'Uattack' })));
    }
    provider.state.tamper = {};
    // An expired request (ten minutes) is gone too.
    const slow: Browser = {};
    const late = await authorize('login', slow, { sub: 'Uattack' });
    t.clock.advance(11 * 60_000);
    await refused(await finish('login', slow, late));
  });

  it('an unlinked LINE account: the spec’s no-e-mail message without one, LINE_NOT_LINKED with one; a left employee cannot log in', async () => {
    const b1: Browser = {};
    const noMail = await finish('login', b1, await authorize('login', b1, { sub: 'Ustranger' }));
    expect(noMail.statusCode).toBe(400);
    expect(noMail.json().status_code).toBe('LINE_NO_EMAIL');
    const b2: Browser = {};
    const withMail = await finish('login', b2, await authorize('login', b2, { sub: 'Ustranger', email: 's@line.example' }));
    expect(withMail.statusCode).toBe(403);
    expect(withMail.json().status_code).toBe('LINE_NOT_LINKED');

    const { user } = await linked('Uleaver');
    await t.ctx.db.updateTable('users').set({ status: 'left' }).where('id', '=', user.id).execute();
    const b3: Browser = {};
    expect((await finish('login', b3, await authorize('login', b3, { sub: 'Uleaver' }))).statusCode).toBe(400);
  });

  it('link and unlink: 401 without a session, one LINE account per employee, another user’s link state is refused, unlink stops LINE login', async () => {
    for (const [method, url] of [
      ['GET', '/members/me/line-link'],
      ['POST', '/members/me/line-link/start'],
      ['POST', '/members/me/line-link'],
      ['DELETE', '/members/me/line-link'],
    ] as const) {
      expect((await t.inject({ method, url: `${API}${url}`, payload: {} })).statusCode, url).toBe(401);
    }
    const a = await linked('Uowner');
    // Someone else tries to link the same LINE account.
    const b = await employee();
    const dup = await finish('link', b.browser, await authorize('link', b.browser, { sub: 'Uowner', email: 'o@line.example' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().status_code).toBe('LINE_ALREADY_LINKED');
    // c's link request finished in c's browser but with d's session: refused, nothing linked.
    const c = await employee();
    const d = await employee();
    const cs = await authorize('link', c.browser, { sub: 'Uother', email: 'x@line.example' });
    expect((await finish('link', { token: d.browser.token, binding: c.browser.binding }, cs)).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/line-link`, token: d.browser.token })).json().items.linked).toBe(false);
    // A login state cannot finish a link, nor the reverse.
    const mixed: Browser = { token: c.browser.token };
    expect((await finish('link', mixed, await authorize('login', mixed, { sub: 'Uother' }))).statusCode).toBe(400);

    expect((await t.inject({ method: 'DELETE', url: `${API}/members/me/line-link`, token: a.browser.token })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/line-link`, token: a.browser.token })).json().items.linked).toBe(false);
    const again: Browser = {};
    expect((await finish('login', again, await authorize('login', again, { sub: 'Uowner', email: 'o@line.example' }))).statusCode).toBe(
      403,
    );
  });

  it('bad input is 400 before anything is looked up', async () => {
    const b: Browser = {};
    await authorize('login', b, { sub: 'Ubad' });
    for (const body of [
      {},
      { code: 'x' },
      { code: 'x', state: 'short' },
      { code: 'x', state: 'a'.repeat(20) + '!' },
      { code: '', state: 'a'.repeat(32) },
      { code: 'x', state: 'a'.repeat(32), extra: 1 },
    ]) {
      const res = await finish('login', b, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status_code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('LINE login not configured', () => {
  it('hides the button and refuses to start', async () => {
    const t = await createTestApp('sqlite');
    try {
      expect((await t.inject({ method: 'GET', url: `${API}/auth/line-login/config` })).json().items).toEqual({ enabled: false });
      const res = await t.inject({ method: 'POST', url: `${API}/auth/line-login/start` });
      expect(res.statusCode).toBe(404);
      expect(res.json().status_code).toBe('LINE_NOT_CONFIGURED');
      expect(
        (await t.inject({ method: 'POST', url: `${API}/auth/line-login`, payload: { code: 'x', state: 'a'.repeat(32) } })).statusCode,
      ).toBe(404);
    } finally {
      await t.close();
    }
  });
});
