import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { offerFirstSetup, SETUP_LINK_TTL_MS } from './setup';

const API = '/service/api/v1';

describe('what the first start does', () => {
  it('seeds the demo only for a local, non-production start, unless SEED_DEMO says otherwise', () => {
    expect(loadConfig({})).toMatchObject({ firstRun: 'seed', demoSeedForced: false });
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8106' })).toMatchObject({ firstRun: 'seed' });
    expect(loadConfig({ PUBLIC_URL: 'http://portal.localhost' })).toMatchObject({ firstRun: 'seed' });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ firstRun: 'setup-link', demoSeedForced: false });
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.co.jp' })).toMatchObject({ firstRun: 'setup-link' });
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.10:8080' })).toMatchObject({ firstRun: 'setup-link' });
    expect(loadConfig({ PUBLIC_URL: 'http://localhost.example.com' })).toMatchObject({ firstRun: 'setup-link' });
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' })).toMatchObject({ firstRun: 'seed', demoSeedForced: true });
    expect(loadConfig({ SEED_DEMO: '1' })).toMatchObject({ firstRun: 'seed', demoSeedForced: false });
    expect(loadConfig({ SEED_DEMO: '0' })).toMatchObject({ firstRun: 'setup-link' });
  });

  it('trusts X-Forwarded-For only from the listed proxies', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
  });
});

describe.each(DIALECTS)('first company administrator through the one-time link (%s)', (dialect) => {
  let t: TestApp;
  let printed: string;
  const form = (token: string, over: Record<string, unknown> = {}) => ({
    token,
    company_name: '株式会社はじまり',
    employee_number: 'A0001',
    email: 'Admin@Hajimari.example',
    password: 'Strong#Pass2026',
    password_confirmation: 'Strong#Pass2026',
    last_name: '山本',
    first_name: '一郎',
    last_name_kana: 'やまもと',
    first_name_kana: 'いちろう',
    ...over,
  });
  const tokenOf = (text: string) => decodeURIComponent(/\/setup\?token=([^\s]+)/.exec(text)![1]!);

  beforeAll(async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      t = await createTestApp(dialect, { firstRun: 'setup-link' });
      printed = write.mock.calls.map((c) => String(c[0])).join('');
    } finally {
      write.mockRestore();
    }
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('the first start creates no user, and prints the link once', async () => {
    expect(printed).toMatch(/FIRST START/);
    expect(printed).toContain('http://portal.test/setup?token=');
    const users = await t.ctx.db.selectFrom('users').select('id').execute();
    expect(users).toEqual([]);
    expect(await t.ctx.db.selectFrom('companies').select('id').execute()).toEqual([]);
    // A restart while the link lives prints nothing new.
    expect(await offerFirstSetup(t.ctx)).toBeNull();
    const rows = await t.ctx.db.selectFrom('setup_links').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.expires_at) - Number(rows[0]!.created_at)).toBe(SETUP_LINK_TTL_MS);
    // Only the hash is stored.
    expect(rows[0]!.token_hash).not.toContain(tokenOf(printed));
  });

  it('refuses bad input and unknown links, then creates the company and its administrator once', async () => {
    const token = tokenOf(printed);
    const check = (tk: string) => t.inject({ method: 'POST', url: `${API}/auth/setup/check`, payload: { token: tk } });
    expect((await check(token)).json().items).toEqual({ valid: true, expired: false });
    expect((await check('x'.repeat(40))).json().items).toEqual({ valid: false, expired: false });
    expect((await check('short')).statusCode).toBe(400);

    const post = (body: Record<string, unknown>) => t.inject({ method: 'POST', url: `${API}/auth/setup`, payload: body });
    expect((await post(form(token, { password: 'weak', password_confirmation: 'weak' }))).statusCode).toBe(400);
    expect((await post(form(token, { password_confirmation: 'Other#Pass2026' }))).statusCode).toBe(400);
    expect((await post({ ...form(token), is_company_admin: 0 })).statusCode).toBe(400);
    const wrong = await post(form('y'.repeat(40)));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().status_code).toBe('INVALID_LINK');
    expect(await t.ctx.db.selectFrom('users').select('id').execute()).toEqual([]);

    const done = await post(form(token));
    expect(done.statusCode, done.body).toBe(200);
    const admin = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', done.json().items.user_id).executeTakeFirstOrThrow();
    expect(admin).toMatchObject({
      is_company_admin: 1,
      common_topic_role: 1,
      email: 'admin@hajimari.example',
      company_id: done.json().items.company_id,
    });
    const login = await t.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { employee_number: 'A0001', password: 'Strong#Pass2026' },
    });
    expect(login.statusCode).toBe(200);

    const again = await post(form(token, { employee_number: 'A0002', email: 'x@hajimari.example' }));
    expect(again.statusCode).toBe(400);
    expect(again.json().status_code).toBe('INVALID_LINK');
    expect((await check(token)).json().items.valid).toBe(false);
    // A company exists now: no start offers a link again.
    expect(await offerFirstSetup(t.ctx)).toBeNull();
  });

  it('a link dies after 24 hours', async () => {
    await t.ctx.db.deleteFrom('companies').execute();
    const link = (await offerFirstSetup(t.ctx))!;
    expect(link).toContain('/setup?token=');
    t.clock.advance(SETUP_LINK_TTL_MS);
    const token = tokenOf(link);
    expect((await t.inject({ method: 'POST', url: `${API}/auth/setup/check`, payload: { token } })).json().items).toEqual({
      valid: false,
      expired: true,
    });
    const res = await t.inject({
      method: 'POST',
      url: `${API}/auth/setup`,
      payload: form(token, { employee_number: 'B1', email: 'b@x.example' }),
    });
    expect(res.json().status_code).toBe('RESET_LINK_EXPIRED');
    // The next start on the still empty database prints a fresh one.
    expect(await offerFirstSetup(t.ctx)).toMatch(/\/setup\?token=/);
  });
});
