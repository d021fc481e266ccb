import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, API, groupWith } from './fixtures.test-util';

describe.each(DIALECTS)('user group folders and order (%s)', (dialect) => {
  let t: TestApp;
  let company: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
  });
  afterAll(() => t.close());

  it('create, move groups in, order inside and at the top, rename, delete (groups stay)', async () => {
    const u = await actor(t, { companyId: company });
    const [a, b, c] = [
      await groupWith(t, company, [[u.id, {}]], 'A班'),
      await groupWith(t, company, [[u.id, {}]], 'B班'),
      await groupWith(t, company, [[u.id, {}]], 'C班'),
    ];
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
      t.inject({ method, url: `${API}/members/me${path}`, token: u.token, payload });

    const made = await call('POST', '/user-group-folders', { name: 'よく使う', memo: '毎日' });
    expect(made.json().items).toMatchObject({ name: 'よく使う', memo: '毎日', group_ids: [] });
    const folder = made.json().items.id;
    await call('POST', '/move-group-to-folder', { group_id: a, folder_id: folder });
    await call('POST', '/move-group-to-folder', { group_id: c, folder_id: folder });
    expect((await call('POST', `/order-group-in-folder/${folder}`, { group_ids: [c, a] })).statusCode).toBe(200);
    expect((await call('GET', '/user-group-folders')).json().items[0].group_ids).toEqual([c, a]);
    expect((await call('POST', `/order-group-in-folder/${folder}`, { group_ids: [b] })).statusCode).toBe(404);

    const list = (await call('GET', '/groups')).json().items.data;
    expect(list.find((g: { id: number }) => g.id === a).folder).toEqual({ id: folder, name: 'よく使う' });
    expect(list.find((g: { id: number }) => g.id === b).folder).toBeNull();

    await call('POST', '/update-order', { group_ids: [b, c, a] });
    expect((await call('GET', '/groups')).json().items.data.map((g: { id: number }) => g.id)).toEqual([b, c, a]);

    await call('PATCH', `/user-group-folders/${folder}`, { name: '重要' });
    expect((await call('GET', '/user-group-folders')).json().items[0].name).toBe('重要');
    expect((await call('DELETE', `/user-group-folders/${folder}`)).statusCode).toBe(200);
    const after = (await call('GET', '/groups')).json().items.data;
    expect(after).toHaveLength(3);
    expect(after.every((g: { folder: unknown }) => g.folder === null)).toBe(true);
  });

  it("another user's folder and a group the caller is not in are not found", async () => {
    const owner = await actor(t, { companyId: company });
    const other = await actor(t, { companyId: company });
    const g = await groupWith(t, company, [[owner.id, {}]]);
    const mine = await groupWith(t, company, [[other.id, {}]]);
    const folder = (
      await t.inject({ method: 'POST', url: `${API}/members/me/user-group-folders`, token: owner.token, payload: { name: '私用' } })
    ).json().items.id;
    const as = (method: 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
      t.inject({ method, url: `${API}/members/me${path}`, token: other.token, payload });
    expect((await as('PATCH', `/user-group-folders/${folder}`, { name: '乗っ取り' })).statusCode).toBe(404);
    expect((await as('DELETE', `/user-group-folders/${folder}`)).statusCode).toBe(404);
    expect((await as('POST', '/move-group-to-folder', { group_id: mine, folder_id: folder })).statusCode).toBe(404);
    expect((await as('POST', '/move-group-to-folder', { group_id: g, folder_id: null })).statusCode).toBe(404);
    expect((await as('POST', '/update-order', { group_ids: [g] })).statusCode).toBe(404);
    expect((await as('POST', `/order-group-in-folder/${folder}`, { group_ids: [mine] })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/user-group-folders` })).statusCode).toBe(401);
    const kept = await t.ctx.db.selectFrom('user_group_folders').select('name').where('id', '=', folder).executeTakeFirstOrThrow();
    expect(kept.name).toBe('私用');
  });
});
