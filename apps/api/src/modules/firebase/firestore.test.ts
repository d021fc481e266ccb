import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { createChat, send } from '../chat/testing';
import { actor, groupWith, type Actor } from '../notifications/testing';
import { collectionFor, COLLECTION_SUFFIXES, runQuery } from './firestore';
import { FIRESTORE_SWEEP_JOB } from './jobs';
import { startGoogleStandIn } from './stand-in.test-util';
import { ensurePeriodicJob, newWorkerId, runDueJobs } from '../../kernel';

/**
 * FIREBASE_REALTIME=firestore: events published on the bus also land in Firestore (a REST
 * stand-in here), where a Firebase client listens with the spec's query: userIds
 * array-contains its uid, createdAt within the last minute.
 */
describe.each(DIALECTS)('Firestore realtime mirror (%s)', (dialect) => {
  let t: TestApp;
  let g: Awaited<ReturnType<typeof startGoogleStandIn>>;
  let a: Actor;
  let b: Actor;
  let c: Actor;
  let group: number;
  const prefix = 'portal_realtime';

  beforeAll(async () => {
    g = await startGoogleStandIn();
    t = await createTestApp(dialect, { firebase: g.config({ FIREBASE_REALTIME: 'firestore' }) });
    const company = await t.createCompany();
    a = await actor(t, { companyId: company });
    b = await actor(t, { companyId: company });
    c = await actor(t, { companyId: company });
    group = await groupWith(t, company, [
      [a.id, {}],
      [b.id, {}],
      [c.id, {}],
    ]);
  });
  afterAll(async () => {
    await t.close();
    await g.close();
  });

  /** The client's listener query, as the spec words it. */
  const liveIn = (suffix: string, userId: number) =>
    runQuery(t.config.firebase!, {
      from: [{ collectionId: `${prefix}_${suffix}` }],
      where: {
        compositeFilter: {
          op: 'AND',
          filters: [
            { fieldFilter: { field: { fieldPath: 'userIds' }, op: 'ARRAY_CONTAINS', value: { stringValue: String(userId) } } },
            {
              fieldFilter: {
                field: { fieldPath: 'createdAt' },
                op: 'GREATER_THAN',
                value: { timestampValue: new Date(t.clock() - 60_000).toISOString() },
              },
            },
          ],
        },
      },
    });
  /** Every collection's listener for one user, as a client attaches them. */
  const liveFor = async (userId: number) => (await Promise.all(COLLECTION_SUFFIXES.map((c) => liveIn(c, userId)))).flat();
  const kinds = (docs: Awaited<ReturnType<typeof liveFor>>) => docs.map((d) => (d.fields.kind as { stringValue: string }).stringValue);

  it('writes an event for A and B that a query for A finds and a query for C does not', async () => {
    await t.ctx.bus.publish([a.id, b.id], { kind: 'notification.changed', payload: { group_id: group, nested: [[1, 2]] } });
    await t.ctx.bus.publish([a.id], { kind: 'session.changed', payload: null }); // for the processes' caches only
    await t.ctx.bus.flush!();
    expect(kinds(await liveFor(a.id))).toEqual(['notification.changed']);
    const forA = await liveIn('unread_notifications', a.id);
    expect(kinds(forA)).toEqual(['notification.changed']);
    const doc = forA[0]!;
    expect(doc.name).toMatch(new RegExp(`^projects/portal-test/databases/\\(default\\)/documents/${prefix}_unread_notifications/[\\w-]+$`));
    expect(doc.fields.userIds).toEqual({ arrayValue: { values: [{ stringValue: String(a.id) }, { stringValue: String(b.id) }] } });
    expect(doc.fields.createdAt).toEqual({ timestampValue: new Date(t.clock()).toISOString() });
    expect(JSON.parse((doc.fields.payload as { stringValue: string }).stringValue)).toEqual({ group_id: group, nested: [[1, 2]] });
    expect(kinds(await liveFor(b.id))).toEqual(['notification.changed']);
    expect(await liveFor(c.id)).toEqual([]);
  });

  it('mirrors the events the portal itself publishes (a chat of A and B), not to C', async () => {
    const chat = await createChat(t, a.token, group, [b.id], '二人');
    await send(t, a.token, chat, 'こんにちは');
    await t.ctx.bus.flush!();
    const forB = kinds(await liveFor(b.id));
    expect(forB.length).toBeGreaterThan(1);
    expect(forB.some((k) => k.startsWith('chat'))).toBe(true);
    // The spec's collections: the message in messages, the chat's own changes in group_chats.
    expect(kinds(await liveIn('messages', b.id)).every((k) => k.startsWith('chat.message'))).toBe(true);
    expect(kinds(await liveIn('messages', b.id)).length).toBeGreaterThan(0);
    expect(kinds(await liveIn('group_chats', b.id)).every((k) => k.startsWith('chat.') && !k.startsWith('chat.message'))).toBe(true);
    expect(kinds(await liveFor(c.id)).some((k) => k.startsWith('chat'))).toBe(false);
    // Past the live window the listener's query no longer sees them.
    t.clock.advance(61_000);
    expect(await liveFor(b.id)).toEqual([]);
  });

  it('the periodic sweep deletes documents older than the live window and keeps fresh ones', async () => {
    t.clock.advance(5 * 60_000);
    await t.ctx.bus.publish([c.id], { kind: 'settings.updated', payload: { section: 'x' } });
    await t.ctx.bus.flush!();
    const before = g.docs.size;
    expect(before).toBeGreaterThan(2);
    await ensurePeriodicJob(t.ctx.db, FIRESTORE_SWEEP_JOB, t.clock(), t.clock());
    // (The chat's push jobs are due too and run alongside.)
    expect(await runDueJobs(t.ctx, newWorkerId())).toBeGreaterThanOrEqual(1);
    expect(g.docs.size).toBe(1);
    expect(kinds(await liveFor(c.id))).toEqual(['settings.updated']);
    // It re-armed itself for its next period.
    const job = await t.ctx.db
      .selectFrom('jobs')
      .select(['run_at', 'done_at'])
      .where('kind', '=', FIRESTORE_SWEEP_JOB)
      .executeTakeFirstOrThrow();
    expect(job.done_at).toBeNull();
    expect(Number(job.run_at)).toBeGreaterThan(t.clock());
  });

  it('a failed mirror write neither fails the request nor stops the WebSocket bus', async () => {
    g.revokeTokens();
    g.setFcmStatus(200);
    const seen: string[] = [];
    const off = t.ctx.bus.subscribe((_ids, e) => seen.push(e.kind));
    // The revoked token is refused once (401 drops it); the next write gets a fresh token.
    await t.ctx.bus.publish([a.id], { kind: 'x.lost', payload: null });
    await t.ctx.bus.flush!();
    await t.ctx.bus.publish([a.id], { kind: 'x.kept', payload: null });
    await t.ctx.bus.flush!();
    off();
    expect(seen).toEqual(['x.lost', 'x.kept']);
    expect(kinds(await liveFor(a.id))).toEqual(['x.kept']);
  });
});

describe('the spec collection of an event kind', () => {
  it.each([
    ['chat.message', 'p_messages'],
    ['chat.message.deleted', 'p_messages'],
    ['chat.members', 'p_group_chats'],
    ['chat.liked', 'p_like_notifications'],
    ['topic.comment.liked', 'p_like_notifications'],
    ['topic.liked', 'p_like_notifications'],
    ['common-topic.comment.added', 'p_comment_notifications'],
    ['notification.changed', 'p_unread_notifications'],
    ['settings.updated', 'p_events'],
  ])('%s goes to %s', (kind, collection) => {
    expect(collectionFor('p', kind)).toBe(collection);
  });
});
