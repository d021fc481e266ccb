import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db';

/**
 * Durable jobs in the `jobs` table, shared by every API process. A job is run by whoever claims
 * it with a conditional UPDATE (… WHERE claimed_by IS NULL or the claim is stale): on both
 * engines exactly one UPDATE can match a given row, so two processes never run the same job.
 * Pending work survives restarts because it is a row, not a timer. A worker that dies
 * mid-job leaves a claim that goes stale and is taken over after STALE_CLAIM_MS.
 */

export type Job = Selectable<DB['jobs']>;
/** A handler may ask to run again later (periodic or not-yet-due work) by returning a time. */
export type JobHandler = (ctx: AppContext, job: Job) => Promise<void | { rerunAt: number }>;

export const STALE_CLAIM_MS = 5 * 60_000;
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
    .values({ kind, ref_id: null, dedupe_key: kind, run_at: firstRunAt, claimed_by: null, claimed_at: null, done_at: null, last_error: null, created_at: now })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

async function claim(ctx: AppContext, id: number, workerId: string, now: number): Promise<boolean> {
  const r = await ctx.db
    .updateTable('jobs')
    .set((eb) => ({ claimed_by: workerId, claimed_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('done_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_at', '<', now - STALE_CLAIM_MS)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Runs the jobs due now that this worker manages to claim; returns how many it ran. */
export async function runDueJobs(ctx: AppContext, workerId: string, limit = 20): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .selectFrom('jobs')
    .select('id')
    .where('done_at', 'is', null)
    .where('run_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_at', '<', now - STALE_CLAIM_MS)]))
    .orderBy('run_at')
    .limit(limit)
    .execute();
  let ran = 0;
  for (const { id } of due) {
    if (!(await claim(ctx, id, workerId, now))) continue;
    const job = await ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const mine = (q: any) => q.where('id', '=', id).where('claimed_by', '=', workerId);
    try {
      const handler = handlers.get(job.kind);
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const result = await handler(ctx, job);
      if (result) {
        await mine(ctx.db.updateTable('jobs').set({ run_at: result.rerunAt, claimed_by: null, claimed_at: null, attempts: 0, last_error: null })).execute();
      } else {
        await mine(ctx.db.updateTable('jobs').set({ done_at: ctx.now(), dedupe_key: null })).execute();
      }
      ran++;
    } catch (err) {
      const giveUp = job.attempts >= MAX_ATTEMPTS;
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
          while (!closing && (await runDueJobs(app.ctx, workerId)) > 0) {
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
    await running;
  });
}
