import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp, type TestUser } from '../test/harness';
import { multipart, PDF } from '../modules/files/testing';
import { multilineText, requiredMultilineText, requiredText, text } from '@portal/api-client';
import { z } from 'zod';
import { checkText, multilinePaths } from './text-rule';

const API = '/service/api/v1';

describe('checkText', () => {
  const fails = (v: unknown) => failsIn(v, new Set());
  const failsIn = (v: unknown, lines: ReadonlySet<string>) => {
    try {
      checkText(v, [], lines);
      return null;
    } catch (err) {
      return (err as { errors?: Record<string, string[]> }).errors;
    }
  };

  it('accepts text a person types, tab and line breaks only in multi-line fields', () => {
    const lines = multilinePaths(
      z.object({ b: multilineText(100).optional(), items: z.array(z.object({ memo: requiredMultilineText(9) })), t: text(5) }),
    );
    expect([...lines].sort()).toEqual(['b', 'items.*.memo']);
    const typed = { a: '山田 太郎', b: 'line\r\nnext\tcol', c: ['𠮷野家 😀'], items: [{ memo: 'x\ny' }], n: 1, z: null };
    expect(failsIn(typed, lines)).toBeNull();
    expect(fails(typed)).toEqual({ b: ['validation.invalid_characters'], 'items.0.memo': ['validation.invalid_characters'] });
    expect(failsIn({ a: 'one\ttwo', b: 'ok', t: 'x\n' }, lines)).toEqual({
      a: ['validation.invalid_characters'],
      t: ['validation.invalid_characters'],
    });
  });

  it('text() refuses tab and line breaks, even where the trim would drop them; multilineText() keeps them', () => {
    for (const v of ['a\tb', 'a\nb', 'a\r', '\nname']) expect(text(50).safeParse(v).success).toBe(false);
    expect(requiredText(50).safeParse('a\nb').error?.issues[0]?.message).toBe('validation.invalid_characters');
    expect(multilineText(50).parse(' a\r\n\tb ')).toBe('a\r\n\tb');
    expect(requiredMultilineText(50).safeParse('\n').success).toBe(false);
  });

  it.each([
    ['NUL', 'E\u00001'],
    ['another C0 control', 'a\u0007b'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', 'x\udc00'],
    ['surrogates the wrong way round', '\udc00\ud800'],
  ])('refuses %s and names the field', (_name, bad) => {
    expect(fails({ ok: 'fine', deep: { list: ['fine', bad] } })).toEqual({ 'deep.list.1': ['validation.invalid_characters'] });
  });

  it('refuses a bad key and nesting deeper than any contract shape', () => {
    expect(fails({ ['k\u0000']: 1 })).toEqual({ _: ['validation.invalid_characters'] });
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(Object.values(fails({ a: deep }) ?? {})).toEqual([['validation.too_deep']]);
  });
});

/** The inputs an attacker found answered with 500 on PostgreSQL (and the search shape on both). */
describe.each(DIALECTS)('the edge refuses ill-formed text with a 400 (%s)', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await t.createUser();
    token = await t.login(user);
  });
  afterAll(() => t.close());

  const refused = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { status_code: string; errors: Record<string, string[]> };
    expect(body.status_code).toBe('VALIDATION_ERROR');
    expect(body.errors[field]).toBeDefined();
  };

  it('a NUL in the login body, before any login', async () => {
    const res = await t.inject({ method: 'POST', url: `${API}/auth/login`, payload: { employee_number: 'E\u00001', password: 'x' } });
    refused(res, 'employee_number');
  });

  it('a NUL in a path parameter, without a token', async () => {
    refused(await t.inject({ method: 'GET', url: `${API}/invite-members/a%00b` }), 'uniqueUrl');
  });

  it('a NUL in a query parameter', async () => {
    refused(
      await t.inject({ method: 'GET', url: `${API}/members/me/search?target_search=1&keyword_search=a%00b`, token }),
      'keyword_search',
    );
  });

  it("a path whose escapes are not UTF-8 (a lone surrogate) in the API's own format", async () => {
    refused(await t.inject({ method: 'GET', url: `${API}/invite-members/a%ED%A0%80b` }), '_');
  });

  it('a lone surrogate in a JSON body, escaped as JSON allows', async () => {
    const res = await t.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"employee_number":"\\ud800","password":"x"}',
    });
    refused(res, 'employee_number');
  });

  it.each([
    ['a truncated UTF-8 escape', '%E0%A4%A'],
    ['an escape that is not hex', '%ZZ'],
    ['a lone percent sign', 'a%'],
  ])('%s in a query value or a path is a 400 naming where it is', async (_name, bad) => {
    const search = await t.inject({ method: 'GET', url: `${API}/members/me/search?target_search=1&keyword_search=${bad}`, token });
    refused(search, 'keyword_search');
    expect(search.json()).toMatchObject({ errors: { keyword_search: ['validation.format'] } });
    refused(await t.inject({ method: 'GET', url: `${API}/invite-members/a${bad}` }), '_');
    refused(await t.inject({ method: 'GET', url: `${API}/members/me/search?${bad}=1`, token }), '_');
  });

  it('well-formed escapes still reach the handler decoded', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `${API}/members/me/search?target_search=1&keyword_search=${encodeURIComponent('山田 100%')}`,
      token,
    });
    expect(res.statusCode).toBe(200);
  });

  it('a line break or tab in a single-line field is a 400 naming it; a multi-line field keeps them', async () => {
    const group = await t.createGroup(user.companyId);
    await t.addMember(group, user.id);
    const event = (fields: Record<string, unknown>) =>
      t.inject({
        method: 'POST',
        url: `${API}/calendar-events`,
        token,
        payload: {
          title_ja: '会議',
          plan_type: 1,
          event_start_date: '2026-11-10',
          event_end_date: '2026-11-10',
          event_start_time: '10:00',
          event_end_time: '11:00',
          share_type: 1,
          group_id: group,
          ...fields,
        },
      });
    refused(await event({ title_ja: '会議\n2' }), 'title_ja');
    refused(await event({ title_en: 'a\tb' }), 'title_en');
    const memo = await event({ memo: '一行目\r\n\t二行目' });
    expect(memo.statusCode, memo.body).toBe(201);
    expect(memo.json()).toMatchObject({ items: { memo: '一行目\r\n\t二行目' } });
    refused(
      await t.inject({ method: 'GET', url: `${API}/members/me/search?target_search=1&keyword_search=a%0Ab`, token }),
      'keyword_search',
    );
  });

  it('a search whose target_data failed its own rule is a 400 naming it, not a 500', async () => {
    const res = await t.inject({ method: 'GET', url: `${API}/members/me/search?target_search=1&target_data=12&keyword_search=a`, token });
    refused(res, 'target_data');
  });

  it('a NUL in a form field or a file name of an upload, and nothing is stored', async () => {
    const group = await t.createGroup(user.companyId);
    await t.addMember(group, user.id, { role_edit_shared_folder: 1 });
    const url = `${API}/members/me/groups/${group}/share-folder-upload-file`;
    const files = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('files')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await files();
    refused(await t.inject({ method: 'POST', url, token, ...multipart([{ name: 'a.pdf', data: PDF }], { title: 'a\u0000b' }) }), 'title');
    refused(await t.inject({ method: 'POST', url, token, ...multipart([{ name: 'a\u0001.pdf', data: PDF }]) }), 'file');
    expect(await files()).toBe(before);
    expect((await t.inject({ method: 'POST', url, token, ...multipart([{ name: 'a.pdf', data: PDF }], { title: 'ok' }) })).statusCode).toBe(
      200,
    );
  });
});
