import { createHash } from 'node:crypto';
import type { LanguageCode, Settings } from '@portal/api-client';
import type { AppContext } from '../../kernel';
import type { MailMessage } from '../../mail';
import { templateMail } from '../../mail/compose';
import { mailPhrase } from '@portal/i18n/mail';
import { getSettings } from '../members';
import { topicReaders } from './events';
import type { TopicRecord } from './policy';
import { enqueueJob, LEASE_MS, registerJobHandler } from '../../kernel';

/**
 * Emergency mail for a delivered emergency topic. Two rules on top of "mail every reader":
 * - Each address is mailed once per topic. A row in topic_mail_sends is claimed before sending
 *   and stamped `sent_at` when the SMTP server has accepted the mail; a retried or resumed job
 *   skips stamped rows. A send the server refused gives its claim back, so the retry tries that
 *   address again. A claim left unstamped by a process that died mid-send is taken over once it
 *   is older than a job lease (the dead worker's job is only taken over after that too), and a
 *   worker that has lost its job lease sends nothing more. The one window left, a death between
 *   the server's acceptance and the stamp, resends with the same Message-ID, which mail clients
 *   show once.
 * - A recipient inside their emergency stop window (setting_notify_news
 *   emergency_stop_notify_start/end, Tokyo time) is not mailed then but when the window ends:
 *   the follow-up job EMERGENCY_MAIL_JOB runs at the earliest window end and mails whoever is
 *   out of their window by then. The topic itself is in everyone's feed from delivery on.
 */
export const EMERGENCY_MAIL_JOB = 'topic.emergency-mail';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
// Stop windows are wall-clock times in Japan, which has no daylight saving time.
const TOKYO_OFFSET_MS = 9 * 3_600_000;

export function emergencyMail(lang: LanguageCode, to: string, input: { title: string; where: string; link: string }): MailMessage {
  return templateMail(lang, to, 'emergency', { ...input });
}

/** The same for every attempt at one (topic, recipient, address), so a resend shows once. */
export function emergencyMessageId(topicId: number, userId: number, email: string): string {
  const tag = createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16);
  return `<emergency-${topicId}-${userId}-${tag}@portal.example>`;
}

/**
 * Addresses for emergency mail from the user's notify settings: each of the three emergency
 * slots that is switched on, the first falling back to the account address when left blank.
 */
export function emergencyAddresses(account: string, s: Settings['setting_notify_news']): string[] {
  const slots: [string | null, boolean][] = [
    [s.first_email_emergency ?? account, s.first_email_emergency_option],
    [s.second_email_emergency, s.second_email_emergency_option],
    [s.third_email_emergency, s.third_email_emergency_option],
  ];
  return [...new Set(slots.filter(([addr, on]) => on && addr).map(([addr]) => addr!))];
}

/** "HH:MM" (or "HH:MM:SS") as minutes after midnight; anything else is no time. */
export function parseClock(value: string | null): number | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value?.trim() ?? '');
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : null;
}

/**
 * When `now` lies inside the daily stop window [start, end) — crossing midnight when end is
 * earlier than start — the time the window ends; otherwise null. A window with a missing or
 * unreadable bound, or start equal to end, stops nothing.
 */
export function stopWindowEnd(now: number, start: string | null, end: string | null): number | null {
  const s = parseClock(start);
  const e = parseClock(end);
  if (s === null || e === null || s === e) return null;
  const local = now + TOKYO_OFFSET_MS;
  const midnight = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  const minute = (local - midnight) / MINUTE_MS;
  const inside = s < e ? minute >= s && minute < e : minute >= s || minute < e;
  if (!inside) return null;
  let endsAt = midnight + e * MINUTE_MS;
  if (endsAt <= local) endsAt += DAY_MS;
  return endsAt - TOKYO_OFFSET_MS;
}

type MailTopic = Pick<TopicRecord, 'id' | 'group_id' | 'author_id' | 'title'>;

/**
 * Takes the right to mail one address: a new claim, or an unsent claim older than a job lease
 * (its worker died mid-send). False when the address was mailed or another worker holds it.
 */
async function claimSend(ctx: AppContext, topicId: number, userId: number, email: string): Promise<boolean> {
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('topic_mail_sends')
    .values({ topic_id: topicId, user_id: userId, email, created_at: now, sent_at: null })
    .onConflict((oc) => oc.columns(['topic_id', 'user_id', 'email']).doNothing())
    .returning('topic_id')
    .executeTakeFirst();
  if (row) return true;
  const taken = await ctx.db
    .updateTable('topic_mail_sends')
    .set({ created_at: now })
    .where('topic_id', '=', topicId)
    .where('user_id', '=', userId)
    .where('email', '=', email)
    .where('sent_at', 'is', null)
    .where('created_at', '<', now - LEASE_MS)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

const sendRow = (ctx: AppContext, topicId: number, userId: number, email: string) =>
  ctx.db.updateTable('topic_mail_sends').where('topic_id', '=', topicId).where('user_id', '=', userId).where('email', '=', email);

/**
 * Mails every reader (not the author) who is outside their stop window and not yet mailed.
 * Returns when the next deferred recipient's window ends (null if none), and the first send
 * failure, after trying everyone else.
 */
async function sendDue(ctx: AppContext, topic: MailTopic, lease?: AbortSignal): Promise<{ next: number | null; failure: unknown }> {
  const now = ctx.now();
  const people = (await topicReaders(ctx, topic)).filter((p) => p.id !== topic.author_id);
  const group =
    topic.group_id === null
      ? undefined
      : await ctx.db.selectFrom('groups').select('name').where('id', '=', topic.group_id).executeTakeFirst();
  const link =
    topic.group_id === null
      ? `${ctx.config.publicUrl}/common-topic/topic/${topic.id}`
      : `${ctx.config.publicUrl}/group/${topic.group_id}/topic/${topic.id}`;
  let next: number | null = null;
  let failure: unknown = null;
  for (const person of people) {
    const settings = await getSettings(ctx, person.id);
    const notify = settings.setting_notify_news;
    const resumeAt = stopWindowEnd(now, notify.emergency_stop_notify_start, notify.emergency_stop_notify_end);
    if (resumeAt !== null) {
      next = next === null ? resumeAt : Math.min(next, resumeAt);
      continue;
    }
    const lang = settings.setting_language.code as LanguageCode;
    const where = group?.name ?? mailPhrase(lang, 'common_topics');
    for (const to of emergencyAddresses(person.email, notify)) {
      // Another worker owns the job now: it will mail the rest.
      lease?.throwIfAborted();
      if (!(await claimSend(ctx, topic.id, person.id, to))) continue;
      try {
        await ctx.mailer.send({
          ...emergencyMail(lang, to, { title: topic.title, where, link }),
          messageId: emergencyMessageId(topic.id, person.id, to),
        });
      } catch (err) {
        await ctx.db
          .deleteFrom('topic_mail_sends')
          .where('topic_id', '=', topic.id)
          .where('user_id', '=', person.id)
          .where('email', '=', to)
          .execute();
        failure ??= err;
        continue;
      }
      await sendRow(ctx, topic.id, person.id, to).set({ sent_at: ctx.now() }).execute();
    }
  }
  return { next, failure };
}

/** Called by the delivery job: mails who can be mailed now and queues the rest for later. */
export async function mailEmergency(ctx: AppContext, topic: MailTopic, lease?: AbortSignal): Promise<void> {
  const { next, failure } = await sendDue(ctx, topic, lease);
  if (next !== null) {
    await enqueueJob(ctx.db, {
      kind: EMERGENCY_MAIL_JOB,
      refId: topic.id,
      runAt: next,
      dedupeKey: `${EMERGENCY_MAIL_JOB}:${topic.id}`,
      now: ctx.now(),
    });
  }
  if (failure) throw failure;
}

registerJobHandler(EMERGENCY_MAIL_JOB, async (ctx, job, lease) => {
  const topic = await ctx.db.selectFrom('topics').selectAll().where('id', '=', job.ref_id!).executeTakeFirst();
  // Binned, deleted or no longer urgent since: nobody is waiting for this mail any more.
  if (!topic || topic.in_bin === 1 || topic.emergency_contact !== 1) return;
  const { next, failure } = await sendDue(ctx, topic, lease);
  if (failure) throw failure;
  return next === null ? undefined : { rerunAt: next };
});
