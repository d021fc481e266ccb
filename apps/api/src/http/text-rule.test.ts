import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp, type TestUser } from '../test/harness';
import { multipart, PDF } from '../modules/files/testing';
import { checkText } from './text-rule';

const API = '/service/api/v1';

describe('checkText', () => {
  const fails = (v: unknown) => {
    try {
      checkText(v);
      return null;
    } catch (err) {
      return (err as { errors?: Record<string, string[]> }).errors;
    }
  };

  it('accepts text a person types, tab and line breaks included', () => {
    expect(fails({ a: '山田 太郎', b: 'line\r\nnext\tcol', c: ['𠮷野家 😀'], n: 1, z: null })).toBeNull();
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
