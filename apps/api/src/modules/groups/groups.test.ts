import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, API, groupWith } from './fixtures.test-util';
import { normalizeForSearch } from '../../text/search';
import { registerUnreadSource } from './unread';

describe('normalizeForSearch', () => {
  it('folds width, case and katakana to one form', () => {
    expect(normalizeForSearch('ｴｲｷﾞｮｳ')).toBe('えいぎょう');
    expect(normalizeForSearch('エイギョウ')).toBe('えいぎょう');
    expect(normalizeForSearch('ＡＢＣ　Team')).toBe('abc team');
  });
});

describe.each(DIALECTS)('groups (%s)', (dialect) => {
  let t: TestApp;
  let company: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
  });
  afterAll(() => t.close());

  it('a company administrator creates a group and becomes its administrator; a duplicate name is refused', async () => {
    const boss = await actor(t, { companyId: company, isCompanyAdmin: true });
    const res = await t.inject({
      method: 'POST',
      url: `${API}/groups`,
      token: boss.token,
      payload: { name: '経理部', notice: '月末締め' },
    });
    expect(res.statusCode).toBe(200);
    const g = res.json().items;
    expect(g).toMatchObject({ name: '経理部', notice: '月末締め', member_count: 1, auto_delete_day: 30, max_img_size_per_attachment: 25 });
    expect(g.membership.role).toMatchObject({ role_admin: true, role_invite: true });
    expect(g.storage).toEqual({ storage_capacity: 10, storage_used: 0, storage_used_bytes: 0, type: 'GB', percent: 0 });

    const dup = await t.inject({ method: 'POST', url: `${API}/groups`, token: boss.token, payload: { name: '経理部' } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().status_code).toBe('DUPLICATE_GROUP');
    // Another company may use the same name.
    const elsewhere = await actor(t, { isCompanyAdmin: true });
    expect((await t.inject({ method: 'POST', url: `${API}/groups`, token: elsewhere.token, payload: { name: '経理部' } })).statusCode).toBe(
      200,
    );

    const rename = await t.inject({
      method: 'POST',
      url: `${API}/members/me/groups/${g.id}`,
      token: boss.token,
      payload: { name: '経理部' },
    });
    expect(rename.statusCode).toBe(200);
    const other = await t.inject({ method: 'POST', url: `${API}/groups`, token: boss.token, payload: { name: '人事部' } });
    const clash = await t.inject({
      method: 'POST',
      url: `${API}/members/me/groups/${other.json().items.id}`,
      token: boss.token,
      payload: { name: '経理部' },
    });
    expect(clash.json().status_code).toBe('DUPLICATE_GROUP');
  });

  it('storage shows used space and percent to two decimals', async () => {
    const u = await actor(t, { companyId: company });
    const g = await groupWith(t, company, [[u.id, {}]]);
    await t.ctx.db
      .updateTable('groups')
      .set({ storage_used_bytes: Math.round(1.2345 * 1024 ** 3) })
      .where('id', '=', g)
      .execute();
    const res = await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}`, token: u.token });
    expect(res.json().items.storage).toMatchObject({ storage_capacity: 10, storage_used: 1.23, type: 'GB', percent: 12.35 });
  });

  it('shows the company’s capacity and use beside the group’s', async () => {
    const c = await t.createCompany();
    const u = await actor(t, { companyId: c });
    const g = await groupWith(t, c, [[u.id, {}]]);
    await t.ctx.db
      .updateTable('companies')
      .set({ storage_capacity_gb: 50, storage_used_bytes: Math.round(42.5 * 1024 ** 3) })
      .where('id', '=', c)
      .execute();
    const res = await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}`, token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.company_storage).toEqual({
      storage_capacity: 50,
      storage_used: 42.5,
      storage_used_bytes: Math.round(42.5 * 1024 ** 3),
      type: 'GB',
      percent: 85,
    });
    expect(res.json().items.storage).toMatchObject({ storage_used_bytes: 0 });
    // Anonymous and another company's member see nothing of it.
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}` })).statusCode).toBe(401);
    const stranger = await actor(t, {});
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}`, token: stranger.token })).statusCode).toBe(404);
  });

  it('lists my groups in order, 10 a page, searchable across width and kana, with unread counts from sources', async () => {
    const u = await actor(t, { companyId: company });
    const names = ['営業一課', 'エイギョウ二課', 'ＡＢＣ開発', ...Array.from({ length: 10 }, (_, i) => `チーム${i + 1}`)];
    const ids: number[] = [];
    for (const n of names) ids.push(await groupWith(t, company, [[u.id, {}]], n));
    const stranger = await groupWith(t, company, [], 'えいぎょう外部');

    const first = await t.inject({ method: 'GET', url: `${API}/members/me/groups`, token: u.token });
    expect(first.json().items).toMatchObject({ current_page: 1, last_page: 2, total: 13 });
    expect(first.json().items.data).toHaveLength(10);
    expect(first.json().items.data[0]).toEqual({
      id: ids[0],
      name: '営業一課',
      icon_image_small_path: null,
      unread_count: 0,
      can_notify: true,
      folder: null,
      display_order: 0,
    });

    const search = async (filter: string) =>
      (await t.inject({ method: 'GET', url: `${API}/members/me/groups?filter=${encodeURIComponent(filter)}`, token: u.token }))
        .json()
        .items.data.map((g: { name: string }) => g.name);
    expect(await search('ｴｲｷﾞｮｳ')).toEqual(['エイギョウ二課']);
    expect(await search('えいぎょう')).toEqual(['エイギョウ二課']);
    expect(await search('abc')).toEqual(['ＡＢＣ開発']);
    expect(await search('営業')).toEqual(['営業一課']);
    expect(await search('ﾁｰﾑ1')).toEqual(['チーム1', 'チーム10']);
    expect(await search('外部')).toEqual([]);
    expect(stranger).toBeGreaterThan(0);

    const off = registerUnreadSource(
      async (_ctx, userId, groupIds) => new Map(groupIds.filter((id) => id === ids[1] && userId === u.id).map((id) => [id, 120])),
    );
    try {
      const res = await t.inject({ method: 'GET', url: `${API}/members/me/groups?limit=3`, token: u.token });
      expect(res.json().items.data.map((g: { unread_count: number }) => g.unread_count)).toEqual([0, 120, 0]);
    } finally {
      off();
    }
  });

  it('group-tags: an author of common topics picks from every active group of the company, others from their own', async () => {
    const author = await actor(t, { companyId: company });
    const member = await actor(t, { companyId: company });
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', author.id).execute();
    const mine = await groupWith(t, company, [[member.id, {}]], 'タグ営業部');
    const other = await groupWith(t, company, [], 'タグ総務部');
    const stopped = await groupWith(t, company, [], 'タグ停止中');
    await t.ctx.db.updateTable('groups').set({ is_stopped: 1 }).where('id', '=', stopped).execute();
    const foreign = await groupWith(t, await t.createCompany(), [], 'タグ他社');
    const tags = async (token: string, query = '') => {
      const res = await t.inject({ method: 'GET', url: `${API}/members/me/group-tags${query}`, token });
      expect(res.statusCode).toBe(200);
      return (res.json().items as { id: number; name: string }[]).map((g) => g.id);
    };
    const all = await tags(author.token);
    expect(all).toEqual(expect.arrayContaining([mine, other]));
    expect(all).not.toContain(stopped);
    expect(all).not.toContain(foreign);
    expect(await tags(author.token, `?filter=${encodeURIComponent('ﾀｸﾞｿｳﾑ')}`)).toEqual([]);
    expect(await tags(author.token, `?filter=${encodeURIComponent('タグ総務')}`)).toEqual([other]);
    expect(await tags(member.token)).toEqual([mine]);

    expect((await t.inject({ method: 'GET', url: `${API}/members/me/group-tags` })).statusCode).toBe(401);
    const bad = await t.inject({ method: 'GET', url: `${API}/members/me/group-tags?filter=${'x'.repeat(300)}`, token: author.token });
    expect(bad.statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/group-tags?group_id=1`, token: author.token })).statusCode).toBe(400);
  });

  it('mute: update-group-notification flips can_notify for the caller only', async () => {
    const a = await actor(t, { companyId: company });
    const b = await actor(t, { companyId: company });
    const g = await groupWith(t, company, [
      [a.id, {}],
      [b.id, {}],
    ]);
    const res = await t.inject({
      method: 'POST',
      url: `${API}/members/me/update-group-notification`,
      token: a.token,
      payload: { group_id: g, can_notify: false },
    });
    expect(res.statusCode).toBe(200);
    const list = async (token: string) =>
      (await t.inject({ method: 'GET', url: `${API}/members/me/groups`, token })).json().items.data[0].can_notify;
    expect(await list(a.token)).toBe(false);
    expect(await list(b.token)).toBe(true);
    await t.inject({
      method: 'POST',
      url: `${API}/members/me/update-group-notification`,
      token: a.token,
      payload: { group_id: g, can_notify: true },
    });
    expect(await list(a.token)).toBe(true);
  });

  it('basic information: an administrator edits it; bad values are 400', async () => {
    const admin = await actor(t, { companyId: company });
    const g = await groupWith(t, company, [[admin.id, { role_admin: 1 }]]);
    const url = `${API}/members/me/groups/${g}`;
    const res = await t.inject({
      method: 'POST',
      url,
      token: admin.token,
      payload: {
        letter_color: 2,
        notice: '新しいお知らせ',
        group_tags: ['営業', '営業', '東京'],
        auto_delete_day: 14,
        max_img_size_per_attachment: 10,
        invite_permission: 2,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toMatchObject({
      letter_color: 2,
      notice: '新しいお知らせ',
      group_tags: ['営業', '東京'],
      auto_delete_day: 14,
      max_img_size_per_attachment: 10,
      invite_permission: 2,
    });
    const bad = await t.inject({ method: 'POST', url, token: admin.token, payload: { letter_color: 3, name: '', evil: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['evil', 'letter_color', 'name']);
  });

  it('roles: admin alone is listed for an administrator; rights follow the invitation setting', async () => {
    const admin = await actor(t, { companyId: company });
    const plain = await actor(t, { companyId: company });
    const g = await groupWith(t, company, [
      [admin.id, { role_admin: 1, role_invite: 1 }],
      [plain.id, { role_invite: 1, role_edit_topic: 1 }],
    ]);
    const roles = async (token: string) =>
      (await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}/roles`, token })).json().items;
    expect((await roles(admin.token)).roles).toEqual(['role_admin']);
    expect(await roles(plain.token)).toMatchObject({ roles: ['role_invite', 'role_edit_topic'], can_invite: true });

    await t.inject({ method: 'POST', url: `${API}/members/me/groups/${g}`, token: admin.token, payload: { invite_permission: 2 } });
    expect((await roles(plain.token)).can_invite).toBe(false);
    const link = await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}/invite-link`, token: plain.token });
    expect(link.statusCode).toBe(403);

    const everyone = await actor(t, { companyId: company });
    await t.addMember(g, everyone.id);
    await t.inject({ method: 'POST', url: `${API}/members/me/groups/${g}`, token: admin.token, payload: { invite_permission: 1 } });
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}/invite-link`, token: everyone.token })).statusCode).toBe(
      200,
    );
  });

  it('equipment: create, rename, list and delete', async () => {
    const admin = await actor(t, { companyId: company });
    const g = await groupWith(t, company, [[admin.id, { role_admin: 1 }]]);
    const url = `${API}/members/me/groups/${g}/equipments`;
    const made = await t.inject({ method: 'POST', url, token: admin.token, payload: { name: '会議室A' } });
    const id = made.json().items.id;
    await t.inject({ method: 'PATCH', url: `${url}/${id}`, token: admin.token, payload: { name: '大会議室' } });
    expect((await t.inject({ method: 'GET', url, token: admin.token })).json().items.map((e: { name: string }) => e.name)).toEqual([
      '大会議室',
    ]);
    expect((await t.inject({ method: 'POST', url, token: admin.token, payload: { name: '' } })).statusCode).toBe(400);
    await t.inject({ method: 'DELETE', url: `${url}/${id}`, token: admin.token });
    expect((await t.inject({ method: 'GET', url, token: admin.token })).json().items).toEqual([]);
  });
});
