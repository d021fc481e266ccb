import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { createGroupAccessCache, type FoundAccess } from './group-access-cache';
import { actor, API, groupWith, type Actor } from '../modules/groups/fixtures.test-util';

const found = (id: number): FoundAccess => ({
  group: { id } as FoundAccess['group'],
  member: { role_admin: 0, role_invite: 0, role_edit_shared_folder: 0, role_edit_topic: 0, can_notify: 1 },
});

/** A cache on a hand-driven listener and clock. */
function harness(ttlMs = 1000) {
  let time = 0;
  let listening = true;
  let onGroup: (g: number) => void = () => {};
  let onState: (l: boolean) => void = () => {};
  const cache = createGroupAccessCache({
    ttlMs,
    now: () => time,
    listen: (g, s) => {
      onGroup = g;
      onState = s;
      return { listening: () => listening, close: async () => {} };
    },
  });
  let loads = 0;
  const load = (id: number) => async () => (loads++, found(id));
  return {
    cache,
    load,
    loads: () => loads,
    tick: (ms: number) => (time += ms),
    announce: (g: number) => onGroup(g),
    setListening: (l: boolean) => ((listening = l), onState(l)),
  };
}

describe('group access cache', () => {
  it('answers again within the TTL, one load for calls that arrive together, then loads anew', async () => {
    const h = harness();
    const [a, b] = await Promise.all([h.cache.lookup(1, 1, 10, h.load(10)), h.cache.lookup(1, 1, 10, h.load(10))]);
    expect(a).toBe(b);
    expect(h.loads()).toBe(1);
    await h.cache.lookup(2, 1, 10, h.load(10));
    expect(h.loads()).toBe(2); // another user's access is their own entry
    h.tick(1000);
    await h.cache.lookup(1, 1, 10, h.load(10));
    expect(h.loads()).toBe(3);
  });

  it("drops a group's entries when the database announces it, and only that group's", async () => {
    const h = harness();
    await h.cache.lookup(1, 1, 10, h.load(10));
    await h.cache.lookup(1, 1, 11, h.load(11));
    h.announce(10);
    await h.cache.lookup(1, 1, 10, h.load(10));
    await h.cache.lookup(1, 1, 11, h.load(11));
    expect(h.loads()).toBe(3);
    expect(h.cache.stats()).toMatchObject({ hits: 1, loads: 3, drops: 1 });
  });

  it('does not keep a load its group was announced during (it may have read the old rows)', async () => {
    const h = harness();
    let release!: () => void;
    const slow = () => new Promise<FoundAccess>((r) => (release = () => r(found(10))));
    const pending = h.cache.lookup(1, 1, 10, slow);
    h.announce(10);
    release();
    await pending;
    await h.cache.lookup(1, 1, 10, h.load(10));
    expect(h.loads()).toBe(1);
  });

  it('serves and keeps nothing while not listening, and forgets everything on a change of state', async () => {
    const h = harness();
    await h.cache.lookup(1, 1, 10, h.load(10));
    h.setListening(false);
    await h.cache.lookup(1, 1, 10, h.load(10));
    await h.cache.lookup(1, 1, 10, h.load(10));
    expect(h.loads()).toBe(3);
    h.setListening(true);
    await h.cache.lookup(1, 1, 10, h.load(10));
    await h.cache.lookup(1, 1, 10, h.load(10));
    expect(h.loads()).toBe(4);
  });

  it('keeps no "not found" and no failed load; shared answers are frozen', async () => {
    const h = harness();
    await h.cache.lookup(1, 1, 10, async () => null);
    await expect(h.cache.lookup(1, 1, 10, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const v = await h.cache.lookup(1, 1, 10, h.load(10));
    expect(h.cache.stats().loads).toBe(3);
    expect(Object.isFrozen(v!.group) && Object.isFrozen(v!.member)).toBe(true);
  });
});

describe('group access cache on PostgreSQL (announced by migration 0023)', () => {
  let t: TestApp;
  let company: number;
  let member: Actor;
  let admin: Actor;
  const stats = () => t.ctx.caches.groupAccess!.stats();
  const get = (who: Actor, g: number, path = '') =>
    t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}${path}`, token: who.token });
  /** Until the announcement of a write has arrived (a long TTL: nothing else drops entries). */
  async function announced(before: number) {
    for (let i = 0; i < 200 && stats().drops === before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(stats().drops).toBeGreaterThan(before);
  }
  async function listening(want: boolean) {
    for (let i = 0; i < 500 && stats().listening !== want; i++) await new Promise((r) => setTimeout(r, 10));
    expect(stats().listening).toBe(want);
  }

  beforeAll(async () => {
    // The session cache on too: a call whose session is not cached reads the group with it in
    // one statement (access-prefetch.ts) and never asks this cache. The response cache off: a
    // repeated read it answers checks nothing.
    t = await createTestApp('postgres', { groupAccessCacheMs: 60_000, sessionCacheMs: 60_000, responseCacheMs: 0 });
    company = await t.createCompany();
    member = await actor(t, { companyId: company });
    admin = await actor(t, { companyId: company });
    await listening(true);
  });
  afterAll(() => t?.close());

  it("a page view's group calls read the access once", async () => {
    const g = await groupWith(t, company, [
      [admin.id, { role_admin: 1 }],
      [member.id, {}],
    ]);
    await get(member, g);
    await get(member, g);
    const before = stats();
    const paths = [
      '',
      '/roles',
      '/members',
      '/topics/get-not-delete-topics?orderBy=update&sortedBy=desc',
      '/topics/count-topic',
      '/folder/get-all-folder/1',
    ];
    const answers = await Promise.all(paths.map((p) => get(member, g, p)));
    expect(answers.map((r) => r.statusCode)).toEqual(paths.map(() => 200));
    expect(stats().hits - before.hits).toBe(paths.length);
    expect(stats().loads).toBe(before.loads);
  });

  it('a membership removed or a right withdrawn by any write is refused at once, not after the TTL', async () => {
    const g = await groupWith(t, company, [
      [admin.id, { role_admin: 1 }],
      [member.id, {}],
    ]);
    const notice = (who: Actor) =>
      t.inject({ method: 'POST', url: `${API}/members/me/groups/${g}`, payload: { notice: 'お知らせ' }, token: who.token });
    expect((await notice(admin)).statusCode).toBe(200);
    expect((await get(member, g)).statusCode).toBe(200);

    let drops = stats().drops;
    await t.ctx.db.updateTable('group_members').set({ role_admin: 0 }).where('group_id', '=', g).where('user_id', '=', admin.id).execute();
    await announced(drops);
    expect((await notice(admin)).statusCode).toBe(403);

    drops = stats().drops;
    await t.ctx.db.deleteFrom('group_members').where('group_id', '=', g).where('user_id', '=', member.id).execute();
    await announced(drops);
    expect((await get(member, g)).json().status_code).toBe('GROUP_NOT_FOUND');

    drops = stats().drops;
    await t.ctx.db.updateTable('groups').set({ is_stopped: 1 }).where('id', '=', g).execute();
    await announced(drops);
    expect((await get(admin, g)).json().status_code).toBe('GROUP_IS_STOPPED');
  });

  it('while the LISTEN connection is lost every call reads the database, and the cache resumes after it reconnects', async () => {
    const g = await groupWith(t, company, [[member.id, {}]]);
    await get(member, g);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`.execute(
      t.ctx.db,
    );
    await listening(false);
    const before = stats();
    expect((await get(member, g)).statusCode).toBe(200);
    expect((await get(member, g)).statusCode).toBe(200);
    expect(stats().hits).toBe(before.hits);
    await listening(true);
    await get(member, g);
    const again = stats().hits;
    await get(member, g);
    expect(stats().hits).toBe(again + 1);
  });
});
