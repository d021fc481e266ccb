import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, API, groupWith, insertJoinRequest, type Actor } from '../groups/testing';
import { newsJoinRequest } from './system';

const cms = (over: Record<string, unknown> = {}) => ({
  title: '年末のお知らせ',
  content: '<p>休業日<script>alert(1)</script>です</p>',
  placement: 1,
  ...over,
});

describe.each(DIALECTS)('news (%s)', (dialect) => {
  let t: TestApp;
  let admin: Actor;
  let member: Actor;
  let outsider: Actor;
  let otherAdmin: Actor;
  let g: number;
  let gOther: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    const other = await t.createCompany();
    admin = await actor(t, { companyId: company, isCompanyAdmin: true });
    member = await actor(t, { companyId: company, lastName: '鈴木', firstName: '花子' });
    outsider = await actor(t, { companyId: company });
    otherAdmin = await actor(t, { companyId: other, isCompanyAdmin: true });
    g = await groupWith(
      t,
      company,
      [
        [admin.id, { role_admin: 1 }],
        [member.id, {}],
      ],
      '開発チーム',
    );
    await groupWith(t, company, [[outsider.id, { role_admin: 1 }]]);
    gOther = await groupWith(t, other, [[otherAdmin.id, { role_admin: 1 }]]);
  });
  afterAll(() => t.close());

  const get = (token: string | undefined, url: string) => t.inject({ method: 'GET', url: `${API}${url}`, ...(token ? { token } : {}) });
  const send = (method: 'POST' | 'PATCH', token: string | undefined, url: string, payload?: object) =>
    t.inject({ method, url: `${API}${url}`, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });
  const home = async (token: string) =>
    (await get(token, '/informations')).json().items.data as {
      id: number;
      title: string;
      is_readed: boolean;
      content: string;
      type: number;
    }[];

  it('answers 401 without a token', async () => {
    for (const url of ['/informations', `/informations/groups/${g}`, '/admin/informations'])
      expect((await get(undefined, url)).statusCode, url).toBe(401);
    expect((await send('POST', undefined, '/members/me/informations/read', { information_ids: [1] })).statusCode).toBe(401);
    expect((await send('POST', undefined, '/admin/informations', cms())).statusCode).toBe(401);
  });

  it('only the company administrator writes CMS news, with valid input and their own groups', async () => {
    expect((await send('POST', member.token, '/admin/informations', cms())).statusCode).toBe(403);
    expect((await get(member.token, '/admin/informations')).statusCode).toBe(403);
    expect((await send('POST', admin.token, '/admin/informations', cms({ title: '' }))).statusCode).toBe(400);
    expect((await send('POST', admin.token, '/admin/informations', cms({ placement: 9 }))).statusCode).toBe(400);
    expect((await send('POST', admin.token, '/admin/informations', cms({ placement: 2 }))).statusCode).toBe(400);
    expect((await send('POST', admin.token, '/admin/informations', cms({ content: '<script>x</script>' }))).statusCode).toBe(400);
    const foreign = await send('POST', admin.token, '/admin/informations', cms({ placement: 2, group_id: gOther }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().status_code).toBe('GROUP_NOT_FOUND');
  });

  it('shows CMS news on home with NEW; ONE_TIME leaves after reading, CONTINUES stays read; edits show NEW again; withdrawal removes', async () => {
    const once = (await send('POST', admin.token, '/admin/informations', cms({ display_type: 1, title: '一度だけ' }))).json().items;
    expect(once.content).toBe('<p>休業日です</p>');
    t.clock.advance(1000);
    const stays = (await send('POST', admin.token, '/admin/informations', cms({ display_type: 2, title: 'ずっと' }))).json().items;
    let list = await home(member.token);
    expect(list.map((n) => n.title)).toEqual(['ずっと', '一度だけ']);
    expect(list.every((n) => !n.is_readed && n.type === 1)).toBe(true);
    expect(await home(otherAdmin.token)).toEqual([]);

    expect(
      (await send('POST', member.token, '/members/me/informations/read', { information_ids: [once.id, stays.id] })).json().items.count,
    ).toBe(2);
    list = await home(member.token);
    expect(list.map((n) => [n.title, n.is_readed])).toEqual([['ずっと', true]]);
    // Someone else's read marks are their own.
    expect((await home(outsider.token)).length).toBe(2);

    expect((await send('PATCH', otherAdmin.token, `/admin/informations/${stays.id}`, cms())).statusCode).toBe(404);
    expect(
      (await send('PATCH', admin.token, `/admin/informations/${stays.id}`, cms({ title: 'ずっと（改訂）', display_type: 2 }))).statusCode,
    ).toBe(200);
    expect((await home(member.token)).map((n) => [n.title, n.is_readed])).toEqual([['ずっと（改訂）', false]]);

    expect((await send('POST', otherAdmin.token, `/admin/informations/${stays.id}/withdraw`)).statusCode).toBe(404);
    expect((await send('POST', admin.token, `/admin/informations/${stays.id}/withdraw`)).statusCode).toBe(200);
    expect(await home(member.token)).toEqual([]);
    const adminList = (await get(admin.token, '/admin/informations')).json().items;
    expect(adminList.data.find((n: { id: number }) => n.id === stays.id).withdrawn_at).not.toBeNull();
  });

  it('places GROUP news on that group’s page only, for its members', async () => {
    const item = (
      await send('POST', admin.token, '/admin/informations', cms({ placement: 2, group_id: g, target_type: 2, title: 'グループ向け' }))
    ).json().items;
    expect(item).toMatchObject({ group_id: g, target_type: 2, target_id: g });
    expect((await get(member.token, `/informations/groups/${g}`)).json().items.data.map((n: { title: string }) => n.title)).toContain(
      'グループ向け',
    );
    expect((await home(member.token)).map((n) => n.title)).not.toContain('グループ向け');
    expect((await get(outsider.token, `/informations/groups/${g}`)).statusCode).toBe(404);
    expect((await send('POST', outsider.token, '/members/me/informations/read', { information_ids: [item.id] })).statusCode).toBe(404);
    expect((await send('POST', member.token, '/members/me/informations/read', { information_ids: [] })).statusCode).toBe(400);
  });

  it('edits GROUP news, and refuses another company’s group on edit without touching the item', async () => {
    const body = { placement: 2, group_id: g, target_type: 2, title: 'グループ向け' };
    const item = (await send('POST', admin.token, '/admin/informations', cms(body))).json().items;
    // The group is checked on edit too: on SQLite that check once waited for the connection the
    // edit's own transaction held, and the server answered nothing more.
    const edited = await send('PATCH', admin.token, `/admin/informations/${item.id}`, cms({ ...body, title: 'グループ向け（改訂）' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().items).toMatchObject({ group_id: g, title: 'グループ向け（改訂）' });
    const foreign = await send('PATCH', admin.token, `/admin/informations/${item.id}`, cms({ ...body, group_id: gOther, title: '他社' }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().status_code).toBe('GROUP_NOT_FOUND');
    const list = (await get(admin.token, '/admin/informations')).json().items.data as { id: number; title: string }[];
    expect(list.find((n) => n.id === item.id)?.title).toBe('グループ向け（改訂）');
  });

  it('pages home news newest first with the total on every page, past the last page too', async () => {
    const fresh = await actor(t, {
      companyId: await t.ctx.db
        .selectFrom('groups')
        .select('company_id')
        .where('id', '=', g)
        .executeTakeFirstOrThrow()
        .then((r) => r.company_id),
    });
    await t.addMember(g, fresh.id);
    const all = (await get(fresh.token, '/informations?page=1&limit=100')).json().items;
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      await send('POST', admin.token, '/admin/informations', cms({ title: `ページ送り${i}`, display_type: 2 }));
    }
    const total = all.total + 3;
    const p1 = (await get(fresh.token, '/informations?page=1&limit=2')).json().items;
    expect(p1).toMatchObject({ total, current_page: 1, last_page: Math.ceil(total / 2) });
    expect(p1.data.map((n: { title: string }) => n.title)).toEqual(['ページ送り2', 'ページ送り1']);
    const p2 = (await get(fresh.token, '/informations?page=2&limit=2')).json().items;
    expect(p2).toMatchObject({ total, current_page: 2 });
    expect(p2.data[0].title).toBe('ページ送り0');
    expect((await get(fresh.token, '/informations?page=50&limit=2')).json().items).toMatchObject({ data: [], total, current_page: 50 });
  });

  it('writes system news for a join request, its approval and a granted right', async () => {
    const joiner = await actor(t, {
      companyId: (await t.ctx.db.selectFrom('groups').select('company_id').where('id', '=', g).executeTakeFirstOrThrow()).company_id,
      lastName: '新人',
      firstName: '一郎',
    });
    await newsJoinRequest(t.ctx, g, joiner.id);
    await newsJoinRequest(t.ctx, g, joiner.id);
    const adminNews = (await home(admin.token)).filter((n) => n.title === 'join_request');
    expect(adminNews).toHaveLength(1);
    expect(JSON.parse(adminNews[0]!.content)).toEqual({ group_name: '開発チーム', user_name: '新人 一郎' });
    expect((await home(member.token)).some((n) => n.title === 'join_request')).toBe(false);

    const requestId = await insertJoinRequest(t, g, joiner.id);
    expect(
      (await t.inject({ method: 'PUT', url: `${API}/members/me/groups/${g}/join-requests/${requestId}`, token: admin.token })).statusCode,
    ).toBe(200);
    const approved = (await home(joiner.token)).find((n) => n.title === 'join_approved');
    expect(approved).toMatchObject({ type: 2, is_readed: false });

    const roles = { user_id: member.id, role_admin: false, role_invite: true, role_edit_shared_folder: false, role_edit_topic: true };
    expect(
      (await t.inject({ method: 'POST', url: `${API}/groups/${g}/update-roles`, token: admin.token, payload: { members: [roles] } }))
        .statusCode,
    ).toBe(200);
    const granted = (await get(member.token, `/informations/groups/${g}`))
      .json()
      .items.data.filter((n: { title: string }) => n.title === 'permission_granted');
    expect(granted.map((n: { content: string }) => JSON.parse(n.content).permission_name).sort()).toEqual(['edit_topic', 'invite']);
    expect(granted[0]).toMatchObject({ target_type: 2, target_id: g });
  });
});
