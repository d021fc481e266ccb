import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext, AuthUser } from '../../kernel';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { verifyAccessToken } from './tokens';
import { verifyWithGroup } from './access-prefetch';
import { actor, API, groupWith, type Actor } from '../groups/testing';
import { authorizeGroup, rememberGroupAccess, type GroupAction } from '../../kernel';

const ACTIONS: GroupAction[] = ['member', 'member-or-company-admin', 'role_admin', 'invite'];

/** What authorizeGroup answers: the access it grants, or the error code it throws. */
async function outcome(run: () => Promise<unknown>) {
  try {
    return { ok: await run() };
  } catch (e) {
    return { error: (e as { code?: string }).code ?? String(e) };
  }
}

const userOf = (r: Awaited<ReturnType<typeof verifyAccessToken>>): AuthUser => {
  if (!r.ok) throw new Error(`token refused: ${r.code}`);
  return {
    id: r.userId,
    companyId: r.companyId,
    isCompanyAdmin: r.isCompanyAdmin,
    sessionId: r.sessionId,
    pendingApproval: r.pendingApproval,
  };
};

describe.each(DIALECTS)('session and group access in one statement (%s)', (dialect) => {
  let t: TestApp;
  let people: Record<'member' | 'admin' | 'outsider' | 'companyAdmin' | 'otherCompany', Actor>;
  let groups: Record<'running' | 'stopped' | 'foreign' | 'missing', number>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    const other = await t.createCompany();
    people = {
      member: await actor(t, { companyId: company }),
      admin: await actor(t, { companyId: company }),
      outsider: await actor(t, { companyId: company }),
      companyAdmin: await actor(t, { companyId: company, isCompanyAdmin: true }),
      otherCompany: await actor(t, { companyId: other }),
    };
    const running = await groupWith(t, company, [
      [people.member.id, {}],
      [people.admin.id, { role_admin: 1 }],
    ]);
    const stopped = await groupWith(t, company, [[people.member.id, {}]]);
    await t.ctx.db.updateTable('groups').set({ is_stopped: 1 }).where('id', '=', stopped).execute();
    const foreign = await groupWith(t, other, [[people.otherCompany.id, {}]]);
    groups = { running, stopped, foreign, missing: foreign + 1000 };
  });
  afterAll(() => t.close());

  it('finds what authorizeGroup finds on its own, for every caller, group and action', async () => {
    for (const person of Object.values(people)) {
      for (const groupId of Object.values(groups)) {
        const { result, found } = await verifyWithGroup(t.ctx, person.token, groupId);
        expect(result).toEqual(await verifyAccessToken(t.ctx, person.token));
        for (const action of ACTIONS) {
          const own = await outcome(() => authorizeGroup(t.ctx, userOf(result), groupId, action));
          const prefetchedUser = userOf(result);
          expect(found).not.toBeUndefined(); // the harness runs without the session cache
          rememberGroupAccess(prefetchedUser, groupId, found!);
          const fromPrefetch = await outcome(() => authorizeGroup(t.ctx, prefetchedUser, groupId, action));
          expect({ person: person.id, groupId, action, ...fromPrefetch }).toEqual({ person: person.id, groupId, action, ...own });
        }
      }
    }
  });

  it('refuses the same tokens with the same codes as the ordinary lookup', async () => {
    const leaver = await actor(t, { companyId: people.member.companyId });
    await t.ctx.db.updateTable('users').set({ status: 'left' }).where('id', '=', leaver.id).execute();
    for (const token of ['not-a-token', 'x'.repeat(200), leaver.token]) {
      const { result, found } = await verifyWithGroup(t.ctx, token, groups.running);
      expect(result).toEqual(await verifyAccessToken(t.ctx, token));
      expect(result.ok).toBe(false);
      if (token === leaver.token) expect(found).toBeNull();
    }
  });

  it('lets authorizeGroup answer the prefetched group without asking the database again, and only that group', async () => {
    const { result, found } = await verifyWithGroup(t.ctx, people.member.token, groups.running);
    const user = userOf(result);
    rememberGroupAccess(user, groups.running, found!);
    const noDatabase = new Proxy(
      {},
      {
        get: () => {
          throw new Error('database used');
        },
      },
    );
    const offline = { ...t.ctx, db: noDatabase } as unknown as AppContext;
    const access = await authorizeGroup(offline, user, groups.running, 'member');
    expect(access.group.id).toBe(groups.running);
    expect(access.member).not.toBeNull();
    await expect(authorizeGroup(offline, user, groups.stopped, 'member')).rejects.toThrow('database used');
  });

  it('serves group reads through the one statement with the same answers (member 200, outsider 404, stopped 404)', async () => {
    const url = (g: number) => `${API}/members/me/groups/${g}/topics/get-not-delete-topics`;
    expect((await t.inject({ method: 'GET', url: url(groups.running), token: people.member.token })).statusCode).toBe(200);
    const outsider = await t.inject({ method: 'GET', url: url(groups.running), token: people.outsider.token });
    expect([outsider.statusCode, outsider.json().status_code]).toEqual([404, 'GROUP_NOT_FOUND']);
    const stopped = await t.inject({ method: 'GET', url: url(groups.stopped), token: people.member.token });
    expect([stopped.statusCode, stopped.json().status_code]).toEqual([404, 'GROUP_IS_STOPPED']);
    const foreign = await t.inject({ method: 'GET', url: url(groups.foreign), token: people.member.token });
    expect(foreign.statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: url(groups.running) })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'GET', url: `${API}/members/me/groups/abc/topics/get-not-delete-topics`, token: people.member.token }))
        .statusCode,
    ).toBe(400);
  });
});
