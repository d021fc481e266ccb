import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, API, groupWith } from './fixtures.test-util';

describe.each(DIALECTS)('group members (%s)', (dialect) => {
  let t: TestApp;
  let company: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
  });
  afterAll(() => t.close());

  const leave = (g: number, token: string) => t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}/leave`, token });

  it('a one-member group cannot be left', async () => {
    const solo = await actor(t, { companyId: company });
    const g = await groupWith(t, company, [[solo.id, { role_admin: 1 }]]);
    const res = await leave(g, solo.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().status_code).toBe('ONLY_ONE_MEMBER');
  });

  it('the only administrator cannot leave until another is appointed, then can', async () => {
    const admin = await actor(t, { companyId: company });
    const other = await actor(t, { companyId: company });
    const g = await groupWith(t, company, [
      [admin.id, { role_admin: 1 }],
      [other.id, {}],
    ]);
    expect(
      (await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}/has-other-admin`, token: admin.token })).json().items,
    ).toEqual({ has_other_admin: false });
    const refused = await leave(g, admin.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().status_code).toBe('MUST_APPOINT_ADMIN');

    // Withdrawing one's own admin right while alone is refused the same way.
    const selfDemote = await t.inject({
      method: 'POST',
      url: `${API}/groups/${g}/update-roles`,
      token: admin.token,
      payload: {
        members: [{ user_id: admin.id, role_admin: false, role_invite: true, role_edit_shared_folder: false, role_edit_topic: false }],
      },
    });
    expect(selfDemote.json().status_code).toBe('MUST_APPOINT_ADMIN');

    const appoint = await t.inject({
      method: 'POST',
      url: `${API}/groups/${g}/update-roles`,
      token: admin.token,
      payload: {
        members: [{ user_id: other.id, role_admin: true, role_invite: true, role_edit_shared_folder: false, role_edit_topic: false }],
      },
    });
    expect(appoint.statusCode).toBe(200);
    const stored = await t.ctx.db
      .selectFrom('group_members')
      .selectAll()
      .where('group_id', '=', g)
      .where('user_id', '=', other.id)
      .executeTakeFirstOrThrow();
    // ADMIN is stored alone: the other flags are implied, not kept.
    expect(stored).toMatchObject({ role_admin: 1, role_invite: 0 });
    expect((await leave(g, admin.token)).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}`, token: admin.token })).statusCode).toBe(404);
  });

  it('two administrators leaving at once: exactly one succeeds, an administrator remains', async () => {
    const a = await actor(t, { companyId: company });
    const b = await actor(t, { companyId: company });
    const c = await actor(t, { companyId: company });
    const g = await groupWith(t, company, [
      [a.id, { role_admin: 1 }],
      [b.id, { role_admin: 1 }],
      [c.id, {}],
    ]);
    // PostgreSQL: a barrier, so the race happens every time rather than by luck. Another session
    // locks both membership rows, so each leave stops at its DELETE, after its "another
    // administrator remains" check. Only once both are waiting is the barrier lifted. With the
    // group row lock (lockGroup) the second leave waits before its check and then sees the
    // first one gone; without it both checks passed before either deleted, and both succeed.
    const barrier = dialect === 'postgres' ? new pg.Client({ connectionString: t.config.databaseUrl }) : null;
    if (barrier) {
      await barrier.connect();
      await barrier.query('begin');
      await barrier.query('select 1 from group_members where group_id = $1 and user_id = any($2) for update', [g, [a.id, b.id]]);
    }
    const racing = Promise.all([leave(g, a.token), leave(g, b.token)]);
    if (barrier) {
      // Asked outside the barrier's transaction: inside one, pg_stat_activity is a frozen snapshot.
      const waiting = async () =>
        Number(
          (
            await sql<{
              n: number;
            }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.ctx.db)
          ).rows[0]!.n,
        );
      const until = Date.now() + 10_000;
      while ((await waiting()) < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(await waiting()).toBe(2);
      await barrier.query('rollback');
      await barrier.end();
    }
    const results = await racing;
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const admins = await t.ctx.db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', g)
      .where('role_admin', '=', 1)
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('member list: roles as labels, search by kana and name, paging', async () => {
    const admin = await actor(t, { companyId: company, lastName: '佐藤', firstName: '一郎' });
    const plus = await actor(t, { companyId: company, lastName: '鈴木', firstName: '花子' });
    const plain = await actor(t, { companyId: company, lastName: '高橋', firstName: '健' });
    const g = await groupWith(t, company, [
      [admin.id, { role_admin: 1 }],
      [plus.id, { role_edit_topic: 1 }],
      [plain.id, {}],
    ]);
    const url = `${API}/members/me/groups/${g}/members`;
    const all = (await t.inject({ method: 'GET', url, token: plain.token })).json().items;
    expect(all.total).toBe(3);
    expect(all.data[0]).toMatchObject({ id: admin.id, name: '佐藤 一郎', role: 'admin' });
    expect(all.data.find((m: { id: number }) => m.id === plus.id).role).toBe('member_plus');
    expect(all.data.find((m: { id: number }) => m.id === plain.id).role).toBe('member');
    const found = (await t.inject({ method: 'GET', url: `${url}?filter=${encodeURIComponent('鈴木')}`, token: plain.token })).json().items
      .data;
    expect(found.map((m: { id: number }) => m.id)).toEqual([plus.id]);
    const paged = (await t.inject({ method: 'GET', url: `${url}?limit=2&page=2`, token: plain.token })).json().items;
    expect(paged).toMatchObject({ current_page: 2, last_page: 2 });
    expect(paged.data).toHaveLength(1);
  });

  it('an administrator removes a member; the removed user loses access', async () => {
    const admin = await actor(t, { companyId: company });
    const gone = await actor(t, { companyId: company });
    const g = await groupWith(t, company, [
      [admin.id, { role_admin: 1 }],
      [gone.id, { role_invite: 1 }],
    ]);
    const res = await t.inject({ method: 'POST', url: `${API}/members/me/groups/${g}/delete-user/${gone.id}`, token: admin.token });
    expect(res.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}`, token: gone.token })).json().status_code).toBe(
      'GROUP_NOT_FOUND',
    );
    const roles = await t.inject({
      method: 'POST',
      url: `${API}/members/me/groups/${g}/list-role-member-group`,
      token: admin.token,
      payload: { member_ids: [admin.id] },
    });
    expect(roles.json().items).toEqual([
      { user_id: admin.id, group_id: g, role_admin: true, role_invite: true, role_edit_shared_folder: true, role_edit_topic: true },
    ]);
  });
});
