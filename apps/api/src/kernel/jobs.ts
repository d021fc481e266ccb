import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from './context';
import type { DB } from '../db';
import { countJobFailure } from '../ops/metrics';

/**
 * Durable jobs in the `jobs` table, shared by every API process. A job is run by whoever claims
 * it with a conditional UPDATE (… WHERE claimed_by IS NULL or the lease has run out): on both
 * engines exactly one UPDATE can match a given row, so two processes never hold the same job.
 * Pending work survives restarts because it is a row, not a timer.
 *
 * Leases: `claimed_at` is the holder's last heartbeat. While a handler runs, its worker renews
 * the lease every HEARTBEAT_MS; a worker that dies stops renewing and its job is taken over once
 * LEASE_MS has passed (with the 5 s poll, well within a minute). A holder that finds its lease
 * gone (paused past LEASE_MS and taken over) is told through the handler's AbortSignal and can
 * no longer close the job. Side effects that must happen once (mail) are additionally recorded
 * per recipient before sending (emergency.ts), so a take-over never sends twice. On shutdown a
 * worker releases what it holds at once (releaseLeases).
 */

export type Job = Selectable<DB['jobs']>;
/**
 * A handler may ask to run again later (periodic or not-yet-due work) by returning a time.
 * `lease` aborts when this worker has lost the job to another (check it before a side effect).
 */
export type JobHandler = (ctx: AppContext, job: Job, lease: AbortSignal) => Promise<void | { rerunAt: number }>;

export const LEASE_MS = 30_000;
export const HEARTBEAT_MS = 10_000;
const SHUTDOWN_WAIT_MS = 7_000;
/** @deprecated the lease length; kept for callers of its older name. */
export const STALE_CLAIM_MS = LEASE_MS;
const MAX_ATTEMPTS = 5;
const handlers = new Map<string, JobHandler>();

export function registerJobHandler(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

/**
 * Queues a job. With a dedupe key, an already-pending job of that key is moved to the new time
 * instead of queued twice (unless a worker holds it right now).
 */
export async function enqueueJob(
  db: Kysely<DB>,
  job: { kind: string; refId?: number | null; runAt: number; dedupeKey?: string | null; now: number },
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      ref_id: job.refId ?? null,
      dedupe_key: job.dedupeKey ?? null,
      run_at: job.runAt,
      claimed_by: null,
      claimed_at: null,
      done_at: null,
      last_error: null,
      created_at: job.now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doUpdateSet({ run_at: job.runAt }).where('jobs.claimed_by', 'is', null))
    .execute();
}

/** Queues a periodic job once; its handler re-arms it by returning the next run time. */
export async function ensurePeriodicJob(db: Kysely<DB>, kind: string, firstRunAt: number, now: number): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      kind,
      ref_id: null,
      dedupe_key: kind,
      run_at: firstRunAt,
      claimed_by: null,
      claimed_at: null,
      done_at: null,
      last_error: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

async function claim(ctx: AppContext, id: number, workerId: string, now: number): Promise<boolean> {
  const r = await ctx.db
    .updateTable('jobs')
    .set((eb) => ({ claimed_by: workerId, claimed_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('done_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_at', '<', now - LEASE_MS)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Renews the lease; false when another worker has taken the job (or it is gone). */
async function heartbeat(ctx: AppContext, id: number, workerId: string): Promise<boolean> {
  const r = await ctx.db
    .updateTable('jobs')
    .set({ claimed_at: ctx.now() })
    .where('id', '=', id)
    .where('claimed_by', '=', workerId)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Runs `work` while renewing the job's lease; the signal aborts if the lease is lost. */
async function withLease<T>(
  ctx: AppContext,
  id: number,
  workerId: string,
  heartbeatMs: number,
  work: (lease: AbortSignal) => Promise<T>,
): Promise<T> {
  const lease = new AbortController();
  let beating: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    beating = beating.then(async () => {
      if (!lease.signal.aborted && !(await heartbeat(ctx, id, workerId).catch(() => true))) lease.abort(new Error('job lease lost'));
    });
  }, heartbeatMs);
  try {
    return await work(lease.signal);
  } finally {
    clearInterval(timer);
    await beating;
  }
}

/** Gives back every unfinished job this worker holds (shutdown): another process takes them at once. */
export async function releaseLeases(ctx: AppContext, workerId: string): Promise<number> {
  const r = await ctx.db
    .updateTable('jobs')
    .set({ claimed_by: null, claimed_at: null })
    .where('claimed_by', '=', workerId)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Runs the jobs due now that this worker manages to claim; returns how many it ran. */
export async function runDueJobs(
  ctx: AppContext,
  workerId: string,
  limit = 20,
  opts: { heartbeatMs?: number; stop?: () => boolean } = {},
): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .selectFrom('jobs')
    .select('id')
    .where('done_at', 'is', null)
    .where('run_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_at', '<', now - LEASE_MS)]))
    .orderBy('run_at')
    .limit(limit)
    .execute();
  let ran = 0;
  for (const { id } of due) {
    if (opts.stop?.()) break;
    if (!(await claim(ctx, id, workerId, now))) continue;
    const job = await ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const mine = (q: any) => q.where('id', '=', id).where('claimed_by', '=', workerId);
    try {
      const handler = handlers.get(job.kind);
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const result = await withLease(ctx, id, workerId, opts.heartbeatMs ?? HEARTBEAT_MS, (lease) => handler(ctx, job, lease));
      if (result) {
        await mine(
          ctx.db.updateTable('jobs').set({ run_at: result.rerunAt, claimed_by: null, claimed_at: null, attempts: 0, last_error: null }),
        ).execute();
      } else {
        await mine(ctx.db.updateTable('jobs').set({ done_at: ctx.now(), dedupe_key: null })).execute();
      }
      ran++;
    } catch (err) {
      const giveUp = job.attempts >= MAX_ATTEMPTS;
      countJobFailure(job.kind, giveUp);
      await mine(
        ctx.db.updateTable('jobs').set({
          claimed_by: null,
          claimed_at: null,
          last_error: String(err instanceof Error ? err.message : err).slice(0, 2000),
          // Back off 1, 2, 4… minutes; after the last attempt the job is closed with its error.
          run_at: now + 60_000 * 2 ** (job.attempts - 1),
          ...(giveUp ? { done_at: ctx.now(), dedupe_key: null } : {}),
        }),
      ).execute();
    }
  }
  return ran;
}

export function newWorkerId(): string {
  return `${process.pid}-${randomBytes(6).toString('hex')}`;
}

/**
 * Polls for due jobs while the server listens. Started on `onListen`, so `inject`-only test apps
 * run jobs only when a test calls runDueJobs itself.
 */
export function installJobRunner(app: FastifyInstance, intervalMs = 5_000): void {
  const workerId = newWorkerId();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let closing = false;
  app.addHook('onListen', async () => {
    timer = setInterval(() => {
      running = running
        .then(async () => {
          if (closing) return;
          while (!closing && (await runDueJobs(app.ctx, workerId, 20, { stop: () => closing })) > 0) {
            // Keep draining while there is work.
          }
        })
        .catch((err: unknown) => app.log.error({ err }, 'job runner failed'));
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    // Let the job in hand finish (bounded: shutdown as a whole has 10 s), then hand back whatever
    // this worker still holds so another process takes it at once, not after LEASE_MS.
    await Promise.race([running, new Promise((r) => setTimeout(r, SHUTDOWN_WAIT_MS).unref())]);
    await releaseLeases(app.ctx, workerId).catch((err: unknown) => app.log.warn({ err }, 'job leases not released'));
  });
}
