import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { enqueueJob, LEASE_MS, registerJobHandler, releaseLeases, runDueJobs } from './jobs';

const runs: { worker: string; id: number }[] = [];
let during: ((jobId: number) => Promise<void>) | null = null;
const signals: AbortSignal[] = [];
registerJobHandler('test.lease', async (_ctx, job, lease) => {
  signals.push(lease);
  runs.push({ worker: String(job.claimed_by), id: job.id });
  if (during) await during(job.id);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('job leases (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const queue = async (key: string) => {
    await enqueueJob(t.ctx.db, { kind: 'test.lease', runAt: t.clock(), dedupeKey: key, now: t.clock() });
    return (await t.ctx.db.selectFrom('jobs').select('id').where('dedupe_key', '=', key).executeTakeFirstOrThrow()).id;
  };
  const row = (id: number) => t.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a job held by a dead process is taken over once its lease runs out (well within a minute), and run once', async () => {
    runs.length = 0;
    const id = await queue('dead-holder');
    // The dead process claimed it and then stopped renewing.
    await t.ctx.db.updateTable('jobs').set({ claimed_by: 'dead', claimed_at: t.clock(), attempts: 1 }).where('id', '=', id).execute();
    t.clock.advance(LEASE_MS - 1);
    await runDueJobs(t.ctx, 'b');
    expect(runs).toEqual([]);
    t.clock.advance(2);
    expect(LEASE_MS).toBeLessThanOrEqual(60_000 - 5_000);
    await runDueJobs(t.ctx, 'b');
    await runDueJobs(t.ctx, 'c');
    expect(runs).toEqual([{ worker: 'b', id }]);
    expect((await row(id)).done_at).not.toBeNull();
  });

  it('a live holder renews its lease, so a long job is never taken over while it runs', async () => {
    runs.length = 0;
    const id = await queue('long-job');
    let rivals = 0;
    during = async () => {
      // Three lease lengths pass while the job works; the heartbeat keeps renewing it.
      for (let i = 0; i < 6; i++) {
        t.clock.advance(LEASE_MS / 2);
        await sleep(60);
        rivals += await runDueJobs(t.ctx, 'rival', 20, { heartbeatMs: 10 });
      }
    };
    await runDueJobs(t.ctx, 'holder', 20, { heartbeatMs: 10 });
    during = null;
    expect(rivals).toBe(0);
    expect(runs).toEqual([{ worker: 'holder', id }]);
    expect(signals.at(-1)!.aborted).toBe(false);
    expect((await row(id)).done_at).not.toBeNull();
  });

  it('a holder that lost its lease is told so and cannot close the job the new holder runs', async () => {
    runs.length = 0;
    const id = await queue('lost-lease');
    during = async (jobId) => {
      during = null;
      // Paused past its lease and taken over meanwhile.
      await t.ctx.db.updateTable('jobs').set({ claimed_by: 'taker', claimed_at: t.clock() }).where('id', '=', jobId).execute();
      await sleep(80);
    };
    await runDueJobs(t.ctx, 'paused', 20, { heartbeatMs: 10 });
    expect(signals.at(-1)!.aborted).toBe(true);
    expect(await row(id)).toMatchObject({ claimed_by: 'taker', done_at: null });
  });

  it('shutdown releases held leases at once', async () => {
    const id = await queue('released');
    await t.ctx.db.updateTable('jobs').set({ claimed_by: 'stopping', claimed_at: t.clock() }).where('id', '=', id).execute();
    expect(await releaseLeases(t.ctx, 'stopping')).toBe(1);
    runs.length = 0;
    await runDueJobs(t.ctx, 'next');
    expect(runs).toEqual([{ worker: 'next', id }]);
  });
});
