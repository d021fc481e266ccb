import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp, type TestUser } from '../../test/harness';
import { inCanary } from './canary';

const API = '/service/api/v1';
const STABLE = '1.0.0-aaaaaaaa';
const CANARY = '1.1.0-bbbbbbbb';
const entry = (v: string) => `https://${v === CANARY ? 'canary-cdn' : 'cdn'}.example.com/p/chat/${v}/mf-manifest.json`;
const integrity = (c: string) => `sha384-${c.repeat(64)}`;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The chat remote with a stable build and (unless share is 0) a canary, as the CLI leaves them. */
async function seed(t: TestApp, share: number): Promise<void> {
  const db = t.ctx.db;
  const now = t.clock();
  await db.deleteFrom('remote_health').execute();
  await db.deleteFrom('remote_history').where('name', '=', 'chat').execute();
  await db.deleteFrom('remote_current').where('name', '=', 'chat').execute();
  await db.deleteFrom('remote_versions').where('name', '=', 'chat').execute();
  for (const [v, c] of [
    [STABLE, 'A'],
    [CANARY, 'B'],
  ] as const) {
    await db
      .insertInto('remote_versions')
      .values({ name: 'chat', version: v, entry: entry(v), integrity: integrity(c), created_at: now })
      .execute();
  }
  await db.insertInto('remote_history').values({ name: 'chat', action: 'publish', version: STABLE, previous: null, at: now }).execute();
  await db
    .insertInto('remote_current')
    .values({
      name: 'chat',
      version: STABLE,
      pinned: 0,
      updated_at: now,
      canary_version: share ? CANARY : null,
      canary_share: share,
      canary_started_at: share ? now : null,
    })
    .execute();
  await wait(600); // past the registry cache period
}

describe.each(DIALECTS)('canary remotes over HTTP (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let adminToken: string;
  let users: { user: TestUser; token: string }[];
  let memberToken: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    process.env.CANARY_MIN_LOADS = '10';
    process.env.CANARY_ERROR_MARGIN = '0.1';
    process.env.CANARY_PROMOTE_AFTER = '500';
    // An HTML page whatever the state of apps/shell/dist, so the page CSP is observable.
    t = await createTestApp(dialect, {}, (app) => app.get('/__page', (_req, reply) => reply.type('text/html').send('<p>x</p>')));
    const company = await t.createCompany();
    admin = await t.createUser({ companyId: company, isCompanyAdmin: true });
    adminToken = await t.login(admin);
    users = [];
    for (let i = 0; i < 20; i++) {
      const user = await t.createUser({ companyId: company });
      users.push({ user, token: await t.login(user) });
    }
    memberToken = users[0]!.token;
  }, 120_000);
  afterAll(async () => {
    process.env = saved;
    await t.close();
  });

  const manifest = async (token?: string) => {
    const res = await t.inject({ method: 'GET', url: '/remotes.json', token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toContain('Authorization');
    return res.json().remotes.chat as { version: string; entry: string; integrity?: string };
  };
  const report = (token: string | undefined, payload: unknown) =>
    t.inject({ method: 'POST', url: `${API}/remotes/health`, token, payload: payload as object });

  describe('per-user remotes.json', () => {
    it('puts roughly half of 20 users on a 50 % canary, the same build twice, and anonymous readers on stable', async () => {
      await seed(t, 50);
      expect(await manifest()).toEqual({ version: STABLE, entry: entry(STABLE), enabled: true, integrity: integrity('A') });
      const first = await Promise.all(users.map((u) => manifest(u.token)));
      const onCanary = first.filter((m) => m.version === CANARY).length;
      expect(onCanary).toBeGreaterThanOrEqual(5);
      expect(onCanary).toBeLessThanOrEqual(15);
      for (const [i, u] of users.entries()) {
        expect(first[i]!.version === CANARY).toBe(inCanary(u.user.id, CANARY, 50));
        if (first[i]!.version === CANARY) expect(first[i]).toMatchObject({ entry: entry(CANARY), integrity: integrity('B') });
        expect((await manifest(u.token)).version).toBe(first[i]!.version);
      }
      // An unknown token is an anonymous reader, not an error.
      expect((await manifest('not-a-token')).version).toBe(STABLE);
    });

    it('the CSP admits the canary’s origin too', async () => {
      await seed(t, 50);
      const res = await t.inject({ method: 'GET', url: '/__page' });
      expect(String(res.headers['content-security-policy'] ?? '')).toContain('https://canary-cdn.example.com');
    });
  });

  describe('POST /remotes/health', () => {
    it('401 without a session', async () => {
      await seed(t, 50);
      expect((await report(undefined, { name: 'chat', version: STABLE, loads: 1, errors: 0 })).statusCode).toBe(401);
    });

    it('400 for numbers out of bounds, empty reports, unknown fields, remotes and versions', async () => {
      await seed(t, 50);
      for (const body of [
        { name: 'chat', version: STABLE, loads: -1, errors: 0 },
        { name: 'chat', version: STABLE, loads: 1001, errors: 0 },
        { name: 'chat', version: STABLE, loads: 1.5, errors: 0 },
        { name: 'chat', version: STABLE, loads: 0, errors: 0 },
        { name: 'chat', version: STABLE, loads: 1, errors: 0, extra: 1 },
        { name: 'mail', version: STABLE, loads: 1, errors: 0 },
        { name: 'chat', version: '9.9.9-deadbeef', loads: 1, errors: 0 },
        { name: 'chat', version: '', loads: 1, errors: 0 },
      ]) {
        const res = await report(memberToken, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().status_code).toBe('VALIDATION_ERROR');
      }
      expect(await t.ctx.db.selectFrom('remote_health').selectAll().execute()).toEqual([]);
    });

    it('counts the reports per build', async () => {
      await seed(t, 0);
      expect((await report(memberToken, { name: 'chat', version: STABLE, loads: 3, errors: 1 })).json()).toEqual({ items: { ok: true } });
      await report(users[1]!.token, { name: 'chat', version: STABLE, loads: 2, errors: 0 });
      const row = await t.ctx.db
        .selectFrom('remote_health')
        .select(['loads', 'errors'])
        .where('version', '=', STABLE)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ loads: 5, errors: 1 });
    });

    it('during a canary, counts a user’s report only for the build they are assigned', async () => {
      await seed(t, 50);
      const inside = users.find((u) => inCanary(u.user.id, CANARY, 50))!;
      const outside = users.find((u) => !inCanary(u.user.id, CANARY, 50))!;
      // Accepted (a page that started before a switch reports what it ran), not counted.
      expect((await report(outside.token, { name: 'chat', version: CANARY, loads: 50, errors: 50 })).statusCode).toBe(200);
      expect((await report(inside.token, { name: 'chat', version: STABLE, loads: 50, errors: 50 })).statusCode).toBe(200);
      expect(await t.ctx.db.selectFrom('remote_health').selectAll().execute()).toEqual([]);
      await report(inside.token, { name: 'chat', version: CANARY, loads: 1, errors: 0 });
      await report(outside.token, { name: 'chat', version: STABLE, loads: 2, errors: 0 });
      const rows = await t.ctx.db.selectFrom('remote_health').select(['version', 'loads']).orderBy('version').execute();
      expect(rows).toEqual([
        { version: STABLE, loads: 2 },
        { version: CANARY, loads: 1 },
      ]);
      expect(
        (await t.ctx.db.selectFrom('remote_current').select('canary_version').where('name', '=', 'chat').executeTakeFirstOrThrow())
          .canary_version,
      ).toBe(CANARY);
    });

    it('withdraws a failing canary for everyone once it has enough loads, audits it and tells the administrators', async () => {
      await seed(t, 50);
      const canaryUsers = users.filter((u) => inCanary(u.user.id, CANARY, 50));
      const stableUsers = users.filter((u) => !inCanary(u.user.id, CANARY, 50));
      for (const u of stableUsers) await report(u.token, { name: 'chat', version: STABLE, loads: 2, errors: 0 });
      // Below the minimum of 10 loads nothing happens, however bad.
      for (const u of canaryUsers.slice(0, 4)) await report(u.token, { name: 'chat', version: CANARY, loads: 2, errors: 2 });
      expect((await manifest(canaryUsers[0]!.token)).version).toBe(CANARY);
      for (const u of canaryUsers.slice(4)) await report(u.token, { name: 'chat', version: CANARY, loads: 2, errors: 2 });
      // This process forgot its copy at once; other processes within their cache period.
      for (const u of users) expect((await manifest(u.token)).version).toBe(STABLE);
      const state = await t.ctx.db
        .selectFrom('remote_current')
        .select(['version', 'canary_version', 'canary_share'])
        .where('name', '=', 'chat')
        .executeTakeFirstOrThrow();
      expect(state).toEqual({ version: STABLE, canary_version: null, canary_share: 0 });

      const audit = await t.inject({
        method: 'GET',
        url: `${API}/company/audit-events?action=remote.canary_auto_rolled_back`,
        token: adminToken,
      });
      expect(audit.statusCode).toBe(200);
      const [ev] = audit.json().items.data;
      expect(ev).toMatchObject({ target_type: 'remote', target_label: 'chat', actor_name: 'System' });
      expect(ev.detail).toBe(`${CANARY} → ${STABLE} (canary 100.0 %, stable 0.0 %)`);

      const news = await t.ctx.db
        .selectFrom('informations')
        .select(['user_id', 'title', 'content'])
        .where('title', '=', 'remote_canary_rolled_back')
        .execute();
      expect(news.map((n) => n.user_id)).toContain(admin.id);
      expect(news.map((n) => n.user_id)).not.toContain(users[0]!.user.id);
      expect(JSON.parse(news[0]!.content)).toEqual({
        remote: 'chat',
        canary_version: CANARY,
        stable_version: STABLE,
        canary_rate: '100.0 %',
        stable_rate: '0.0 %',
      });

      // Late reports of the withdrawn build are accepted and change nothing.
      expect((await report(canaryUsers[0]!.token, { name: 'chat', version: CANARY, loads: 1, errors: 1 })).statusCode).toBe(200);
      expect(
        await t.ctx.db.selectFrom('audit_events').select('id').where('action', '=', 'remote.canary_auto_rolled_back').execute(),
      ).toHaveLength(1);
    });

    it('leaves a canary that fails no more than the stable build', async () => {
      await seed(t, 50);
      const inside = users.find((u) => inCanary(u.user.id, CANARY, 50))!;
      const outside = users.find((u) => !inCanary(u.user.id, CANARY, 50))!;
      await report(outside.token, { name: 'chat', version: STABLE, loads: 100, errors: 10 });
      await report(inside.token, { name: 'chat', version: CANARY, loads: 100, errors: 15 });
      expect(await t.ctx.db.selectFrom('remote_health').select('loads').execute()).toHaveLength(2);
      expect(
        (await t.ctx.db.selectFrom('remote_current').select('canary_version').where('name', '=', 'chat').executeTakeFirstOrThrow())
          .canary_version,
      ).toBe(CANARY);
    });
  });

  describe('automatic promotion (CANARY_PROMOTE_AFTER)', () => {
    it('makes a canary stable once it has that many loads within the margin, audited', async () => {
      await seed(t, 50);
      const inside = users.find((u) => inCanary(u.user.id, CANARY, 50))!;
      await report(inside.token, { name: 'chat', version: CANARY, loads: 499, errors: 0 });
      expect((await manifest()).version).toBe(STABLE);
      await report(inside.token, { name: 'chat', version: CANARY, loads: 1, errors: 0 });
      expect((await manifest()).version).toBe(CANARY);
      const ev = await t.ctx.db
        .selectFrom('audit_events')
        .select(['actor_name', 'detail'])
        .where('action', '=', 'remote.canary_auto_promoted')
        .execute();
      expect(ev[0]).toEqual({ actor_name: 'System', detail: `${STABLE} → ${CANARY} (canary 0.0 %, stable 0.0 %)` });
    });
  });

  describe('company administration of remotes', () => {
    const list = (token?: string) => t.inject({ method: 'GET', url: `${API}/company/remotes`, token });
    const act = (what: 'promote' | 'rollback', token: string | undefined, payload: unknown, name = 'chat') =>
      t.inject({ method: 'POST', url: `${API}/company/remotes/${name}/${what}`, token, payload: payload as object });

    it('401 anonymous and 403 for a member, on every call', async () => {
      await seed(t, 50);
      expect((await list()).statusCode).toBe(401);
      expect((await list(memberToken)).statusCode).toBe(403);
      for (const what of ['promote', 'rollback'] as const) {
        expect((await act(what, undefined, { version: CANARY })).statusCode).toBe(401);
        expect((await act(what, memberToken, { version: CANARY })).statusCode).toBe(403);
      }
      expect(
        (await t.ctx.db.selectFrom('remote_current').select('canary_version').where('name', '=', 'chat').executeTakeFirstOrThrow())
          .canary_version,
      ).toBe(CANARY);
    });

    it('lists each remote’s builds, share and counts', async () => {
      await seed(t, 30);
      const inside = users.find((u) => inCanary(u.user.id, CANARY, 30))!;
      await report(inside.token, { name: 'chat', version: CANARY, loads: 4, errors: 1 });
      const res = await list(adminToken);
      expect(res.statusCode).toBe(200);
      const chat = res.json().items.find((r: { name: string }) => r.name === 'chat');
      expect(chat).toEqual({
        name: 'chat',
        stable: { version: STABLE, loads: 0, errors: 0 },
        canary: { version: CANARY, share: 30, started_at: expect.any(Number), loads: 4, errors: 1 },
        previous: null,
      });
    });

    it('400 for an unknown remote, a missing or stale version', async () => {
      await seed(t, 50);
      expect((await act('promote', adminToken, { version: CANARY }, 'mail')).statusCode).toBe(400);
      expect((await act('promote', adminToken, {})).statusCode).toBe(400);
      expect((await act('promote', adminToken, { version: STABLE })).statusCode).toBe(400);
      expect((await act('rollback', adminToken, { version: STABLE })).statusCode).toBe(400);
    });

    it('promotes the canary, audited', async () => {
      await seed(t, 50);
      const res = await act('promote', adminToken, { version: CANARY });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: { name: 'chat', version: CANARY } });
      expect((await manifest()).version).toBe(CANARY);
      const ev = await t.ctx.db
        .selectFrom('audit_events')
        .select(['actor_id', 'detail'])
        .where('action', '=', 'remote.promoted')
        .executeTakeFirstOrThrow();
      expect(ev).toEqual({ actor_id: admin.id, detail: `${STABLE} → ${CANARY}` });
      // Nothing left to promote.
      expect((await act('promote', adminToken, { version: CANARY })).statusCode).toBe(400);
    });

    it('withdraws the canary, audited, then rolls the stable build back', async () => {
      await seed(t, 50);
      const res = await act('rollback', adminToken, { version: CANARY });
      expect(res.json()).toEqual({ items: { name: 'chat', version: STABLE } });
      for (const u of users.slice(0, 5)) expect((await manifest(u.token)).version).toBe(STABLE);
      expect(
        await t.ctx.db.selectFrom('audit_events').select('detail').where('action', '=', 'remote.canary_rolled_back').execute(),
      ).toEqual([{ detail: `${CANARY} → ${STABLE}` }]);
      // Without a canary and without an older build there is nothing to go back to.
      expect((await act('rollback', adminToken, { version: STABLE })).statusCode).toBe(400);
    });
  });
});
