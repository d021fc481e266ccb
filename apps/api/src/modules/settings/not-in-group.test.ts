import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { parseMemberSearch } from './not-in-group';

const API = '/service/api/v1';

describe('parseMemberSearch', () => {
  it('reads name and name_kana parts, or a plain term', () => {
    expect(parseMemberSearch('name:山田;name_kana:やま')).toEqual({ name: '山田', kana: 'やま', either: '' });
    expect(parseMemberSearch('name_kana:すず')).toEqual({ name: '', kana: 'すず', either: '' });
    expect(parseMemberSearch('佐藤')).toEqual({ name: '', kana: '', either: '佐藤' });
  });
});

describe.each(DIALECTS)('settings: not-in-group-members (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('lists active colleagues outside the group, by name or kana, to holders of the invite right only', async () => {
    const inviter = await t.createUser();
    const plain = await t.createUser({ companyId: inviter.companyId });
    const suzuki = await t.createUser({ companyId: inviter.companyId, lastName: '鈴木', firstName: '花子' });
    await t.ctx.db.updateTable('users').set({ last_name_kana: 'すずき', first_name_kana: 'はなこ' }).where('id', '=', suzuki.id).execute();
    const sato = await t.createUser({ companyId: inviter.companyId, lastName: '佐藤', firstName: '一郎' });
    await t.ctx.db.updateTable('users').set({ last_name_kana: 'さとう', first_name_kana: 'いちろう' }).where('id', '=', sato.id).execute();
    await t.createUser({ companyId: inviter.companyId, lastName: '鈴木', firstName: '退職', status: 'left' });
    const outsider = await t.createUser({ lastName: '鈴木', firstName: '他社' });
    const g = await t.createGroup(inviter.companyId);
    await t.addMember(g, inviter.id, { role_invite: 1 });
    await t.addMember(g, plain.id);
    const url = (search?: string) =>
      `${API}/members/me/groups/${g}/not-in-group-members${search ? `?search=${encodeURIComponent(search)}` : ''}`;
    const token = await t.login(inviter);

    const all = await t.inject({ method: 'GET', url: url(), token });
    expect(all.statusCode).toBe(200);
    expect(all.json().items.data.map((r: { id: number }) => r.id)).toEqual([sato.id, suzuki.id]);
    expect(all.json().items.total).toBe(2);
    const byName = await t.inject({ method: 'GET', url: url('name:鈴木'), token });
    expect(byName.json().items.data).toEqual([{ id: suzuki.id, name: '鈴木 花子', name_kana: 'すずき はなこ', avatar_small: null }]);
    const byKana = await t.inject({ method: 'GET', url: url('name_kana:サトウ'), token });
    expect(byKana.json().items.data.map((r: { id: number }) => r.id)).toEqual([sato.id]);
    expect((await t.inject({ method: 'GET', url: url('%'), token })).json().items.data).toEqual([]);

    expect((await t.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: url(), token: await t.login(plain) })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: url(), token: await t.login(outsider) })).statusCode).toBe(404);
  });
});
