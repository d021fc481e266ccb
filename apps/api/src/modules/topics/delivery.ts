import { sql } from 'kysely';
import type { AppContext } from '../../kernel';
import { mailEmergency } from './emergency';
import { publishTopicEvent } from './events';
import { purgeTopics } from './purge';
import { DELIVER_JOB } from './service';
import { type Job, PUSH_KINDS, queuePush, registerJobHandler } from '../../kernel';

export const BIN_CLEANUP_JOB = 'topics.bin-cleanup';
export const BIN_CLEANUP_EVERY_MS = 60 * 60_000;

/**
 * Delivery: at the topic's time, announce it to its readers and, for an emergency topic, mail
 * them (see emergency.ts). The job row makes this happen once, whichever API process claims it.
 */
async function deliver(ctx: AppContext, job: Job, lease: AbortSignal): Promise<void | { rerunAt: number }> {
  const topic = await ctx.db.selectFrom('topics').selectAll().where('id', '=', job.ref_id!).executeTakeFirst();
  if (!topic || topic.in_bin === 1) return;
  if (topic.delivery_at > ctx.now()) return { rerunAt: topic.delivery_at };
  // A topic posted for now was announced to its readers by `created` already: a second event
  // made every member's open pages reload their lists and the open topic twice per new topic.
  if (topic.delivery_at > topic.created_at) await publishTopicEvent(ctx, topic, 'delivered');
  if (topic.emergency_contact === 1) {
    // Queued before the mail, whose failure retries this job (the push job is deduplicated).
    await queuePush(ctx.db, PUSH_KINDS.emergency, topic.id, ctx.now());
    await mailEmergency(ctx, topic, lease);
  }
}

/** Deletes topics that have sat in a group's bin for longer than its auto_delete_day. */
export async function cleanBins(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const rows = await ctx.db
    .selectFrom('topics')
    .select('id')
    .where('in_bin', '=', 1)
    .where('group_id', 'is not', null)
    .where(
      'moved_to_bin_at',
      '<=',
      sql<number>`${now} - (select cast(g.auto_delete_day as bigint) * 86400000 from groups g where g.id = topics.group_id)`,
    )
    .execute();
  return purgeTopics(
    ctx,
    rows.map((r) => r.id),
    { actor: { system: true }, note: 'auto-delete from the bin' },
  );
}

registerJobHandler(DELIVER_JOB, deliver);
registerJobHandler(BIN_CLEANUP_JOB, async (ctx) => {
  await cleanBins(ctx);
  return { rerunAt: ctx.now() + BIN_CLEANUP_EVERY_MS };
});
