import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';

const API = '/service/api/v1';
const article = (over: object = {}) => ({
  kind: 'help',
  title_ja: 'ログインできないとき',
  title_en: 'When you cannot log in',
  body_ja: '<p>パスワードを再設定してください。</p>',
  body_en: '<p>Reset your password.</p>',
  sort_order: 10,
  ...over,
});

describe.each(DIALECTS)('help center (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    t.inject({ method, url: `${API}${url}`, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });

  it('a company administrator writes articles; employees read them in order and search titles in either language', async () => {
    const admin = await t.createUser({ isCompanyAdmin: true });
    const member = await t.createUser({ companyId: admin.companyId });
    const [ta, tm] = [await t.login(admin), await t.login(member)];
    const first = await req('POST', '/help-articles', ta, article({ sort_order: 20 }));
    expect(first.statusCode).toBe(200);
    const second = await req(
      'POST',
      '/help-articles',
      ta,
      article({ title_ja: 'グループを作るには', title_en: 'Creating a group', sort_order: 5 }),
    );
    await req('POST', '/help-articles', ta, article({ kind: 'terms', title_ja: '利用規約', title_en: 'Terms' }));

    const list = await req('GET', '/help-center', tm);
    expect(list.json().items.map((a: { title_ja: string }) => a.title_ja)).toEqual(['グループを作るには', 'ログインできないとき']);
    expect((await req('GET', '/help-center?search=ｸﾞﾙｰﾌﾟ', tm)).json().items.map((a: { id: number }) => a.id)).toEqual([
      second.json().items.id,
    ]);
    expect((await req('GET', '/help-center?search=log%20in', tm)).json().items.map((a: { id: number }) => a.id)).toEqual([
      first.json().items.id,
    ]);
    expect((await req('GET', '/help-center?search=100%25', tm)).json().items).toEqual([]);

    const detail = await req('GET', `/help-center/${first.json().items.id}`, tm);
    expect(detail.json().items).toMatchObject({ title_en: 'When you cannot log in', body_ja: '<p>パスワードを再設定してください。</p>' });
  });

  it('sanitises bodies on save', async () => {
    const admin = await t.createUser({ isCompanyAdmin: true });
    const res = await req(
      'POST',
      '/help-articles',
      await t.login(admin),
      article({ body_ja: '<p onclick="x()">本文</p><script>alert(1)</script><a href="javascript:alert(1)">a</a>' }),
    );
    const body = res.json().items.body_ja as string;
    expect(body).toContain('本文');
    expect(body).not.toMatch(/script|onclick|javascript:/);
  });

  it('only a company administrator writes, and only in their own company; other companies’ articles are not found', async () => {
    const admin = await t.createUser({ isCompanyAdmin: true });
    const member = await t.createUser({ companyId: admin.companyId });
    const outsiderAdmin = await t.createUser({ isCompanyAdmin: true });
    const [ta, tm, to] = [await t.login(admin), await t.login(member), await t.login(outsiderAdmin)];
    const id = (await req('POST', '/help-articles', ta, article())).json().items.id as number;

    expect((await req('GET', '/help-center')).statusCode).toBe(401);
    expect((await req('POST', '/help-articles', undefined, article())).statusCode).toBe(401);
    for (const [method, url, payload] of [
      ['POST', '/help-articles', article()],
      ['PUT', `/help-articles/${id}`, article()],
      ['DELETE', `/help-articles/${id}`],
      ['GET', '/help-articles'],
    ] as const) {
      expect((await req(method, url, tm, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await req('GET', `/help-center/${id}`, to)).statusCode).toBe(404);
    expect((await req('PUT', `/help-articles/${id}`, to, article({ title_ja: '乗っ取り' }))).statusCode).toBe(404);
    expect((await req('DELETE', `/help-articles/${id}`, to)).statusCode).toBe(404);
    expect((await req('GET', '/help-center', to)).json().items).toEqual([]);
    expect((await req('GET', `/help-center/${id}`, tm)).json().items.title_ja).toBe('ログインできないとき');

    const bad = await req('POST', '/help-articles', ta, article({ title_ja: '', kind: 'news' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['kind', 'title_ja']);

    const edited = await req('PUT', `/help-articles/${id}`, ta, article({ title_ja: '改訂版' }));
    expect(edited.json().items.title_ja).toBe('改訂版');
    expect((await req('DELETE', `/help-articles/${id}`, ta)).statusCode).toBe(200);
    expect((await req('GET', `/help-center/${id}`, tm)).statusCode).toBe(404);
  });

  it('terms and policy come from the store when written, as plain text, else the built-in text', async () => {
    const builtIn = (await req('GET', '/term-of-use?lang=en')).json().items.content as string;
    expect(builtIn.length).toBeGreaterThan(0);
    const admin = await t.createUser({ isCompanyAdmin: true });
    await req(
      'POST',
      '/help-articles',
      await t.login(admin),
      article({ kind: 'policy', title_ja: '個人情報の取扱い', title_en: 'Privacy', body_en: '<p>We keep <b>little</b>.</p>' }),
    );
    const policy = await req('GET', '/privacy-policy?lang=en');
    expect(policy.json().items).toMatchObject({ title: 'Privacy', content: 'We keep little.' });
  });
});
