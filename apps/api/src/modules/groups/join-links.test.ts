import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, API, groupWith, insertJoinRequest, type Actor } from './fixtures.test-util';

/**
 * Spec section 7 addresses the join-request administrator calls by {group_link}; the group's id
 * stays accepted (authz.test.ts covers the rights matrix through ids).
 */
describe.each(DIALECTS)('join requests by group link (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let admin: Actor;
  let member: Actor;
  let g: number;
  let link: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    admin = await actor(t, { companyId: company });
    member = await actor(t, { companyId: company });
    g = await groupWith(
      t,
      company,
      [
        [admin.id, { role_admin: 1 }],
        [member.id, {}],
      ],
      `リンク${Math.random().toString(36).slice(2, 8)}`,
    );
    link = (await t.ctx.db.selectFrom('groups').select('group_link').where('id', '=', g).executeTakeFirstOrThrow()).group_link;
  });

  const at = (x: string | number, rest = '') => `${API}/members/me/groups/${x}/join-requests${rest}`;

  it('lists, approves and rejects through the link as through the id', async () => {
    const [a, b, c] = [
      await actor(t, { companyId: company }),
      await actor(t, { companyId: company }),
      await actor(t, { companyId: company }),
    ];
    const [ra, rb] = [await insertJoinRequest(t, g, a.id), await insertJoinRequest(t, g, b.id)];
    await insertJoinRequest(t, g, c.id);

    const byLink = await t.inject({ method: 'GET', url: `${at(link)}?page=1&limit=10`, token: admin.token });
    const byId = await t.inject({ method: 'GET', url: `${at(g)}?page=1&limit=10`, token: admin.token });
    expect(byLink.statusCode).toBe(200);
    expect(byLink.json()).toEqual(byId.json());
    expect(byLink.json().items.data).toHaveLength(3);

    expect((await t.inject({ method: 'PUT', url: at(link, `/${ra}`), token: admin.token })).json().items).toEqual({
      id: ra,
      status: 'approved',
    });
    expect((await t.inject({ method: 'DELETE', url: at(link, `/${rb}`), token: admin.token })).statusCode).toBe(200);
    const all = await t.inject({ method: 'PUT', url: `${API}/members/me/groups/${link}/join-requests-approval-all`, token: admin.token });
    expect(all.json().items).toEqual({ approved: 1 });
    const members = await t.ctx.db.selectFrom('group_members').select('user_id').where('group_id', '=', g).execute();
    expect(members.map((m) => m.user_id).sort()).toEqual([admin.id, member.id, a.id, c.id].sort());
  });

  it('refuses anonymous callers, missing rights, unknown and foreign links', async () => {
    const req = await insertJoinRequest(t, g, (await actor(t, { companyId: company })).id);
    expect((await t.inject({ method: 'GET', url: at(link) })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: at(link), token: member.token })).statusCode).toBe(403);
    expect((await t.inject({ method: 'PUT', url: at(link, `/${req}`), token: member.token })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: at('no-such-link'), token: admin.token })).json().status_code).toBe('GROUP_NOT_FOUND');

    // Another group's link: the admin here is not a member there.
    const other = await groupWith(t, company, [[member.id, { role_admin: 1 }]]);
    const otherLink = (await t.ctx.db.selectFrom('groups').select('group_link').where('id', '=', other).executeTakeFirstOrThrow())
      .group_link;
    expect((await t.inject({ method: 'GET', url: at(otherLink), token: admin.token })).statusCode).toBe(404);
    // A request of this group through another group's link is not found there.
    expect((await t.inject({ method: 'PUT', url: at(otherLink, `/${req}`), token: member.token })).statusCode).toBe(404);
    // Another company's link resolves to nothing for this company's user.
    const foreignCompany = await t.createCompany();
    const foreignAdmin = await actor(t, { companyId: foreignCompany });
    expect((await t.inject({ method: 'GET', url: at(link), token: foreignAdmin.token })).statusCode).toBe(404);
    // Bad input: a request id that is not a number.
    expect((await t.inject({ method: 'PUT', url: at(link, '/x'), token: admin.token })).statusCode).toBe(400);
  });

  it('lets a signed-in user ask to join at members/me/groups/{group_link}/join-requests', async () => {
    const joiner = await actor(t, { companyId: company });
    expect((await t.inject({ method: 'POST', url: at(link) })).statusCode).toBe(401);
    const res = await t.inject({ method: 'POST', url: at(link), token: joiner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.status).toBe('pending');
    expect((await t.inject({ method: 'POST', url: at(link), token: member.token })).json().status_code).toBe('ALREADY_IN_GROUP');
    expect((await t.inject({ method: 'POST', url: at('no-such-link'), token: joiner.token })).statusCode).toBe(400);
  });
});
