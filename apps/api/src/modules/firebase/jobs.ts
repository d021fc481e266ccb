import type { FastifyInstance } from 'fastify';
import { sweepFirestore } from './firestore';
import { ensurePeriodicJob, registerJobHandler } from '../../kernel';

/**
 * Mirror documents only matter inside the live window (clients listen to the last minute), so a
 * periodic job, run once across processes like every job, deletes the older ones.
 */
export const FIRESTORE_SWEEP_JOB = 'realtime.firestore-sweep';
export const FIRESTORE_SWEEP_EVERY_MS = 10 * 60_000;

registerJobHandler(FIRESTORE_SWEEP_JOB, async (ctx, job) => {
  const fb = ctx.config.firebase;
  // Mirror switched off since the job was queued: nothing to sweep, and no re-arming.
  if (!fb?.firestoreCollection) return;
  try {
    await sweepFirestore(fb, ctx.now());
  } catch (err) {
    // Retried with the runner's back-off (the error kept on the job row), but never given up
    // for good: after a few failures it simply waits for its next period.
    if (job.attempts < 4) throw err;
  }
  return { rerunAt: ctx.now() + FIRESTORE_SWEEP_EVERY_MS };
});

export function installFirestoreSweep(app: FastifyInstance): void {
  if (!app.ctx.config.firebase?.firestoreCollection) return;
  app.addHook('onListen', async () =>
    ensurePeriodicJob(app.ctx.db, FIRESTORE_SWEEP_JOB, app.ctx.now() + FIRESTORE_SWEEP_EVERY_MS, app.ctx.now()),
  );
}
