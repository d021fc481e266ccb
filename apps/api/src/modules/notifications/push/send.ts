import type { LanguageCode } from '@portal/api-client';
import type { AppContext } from '../../../kernel';
import { getSettings } from '../../members';
import { stopWindowEnd } from '../../topics';
import { planFor } from './plans';
import { parseSubscription, PUSH_KINDS, type PushKind, type PushMessage, registerJobHandler, SubscriptionGone } from '../../../kernel';
import { isFcmToken, sendFcm } from '../../firebase';
import { sendWebPush } from './transport';
import { vapidKeys } from './vapid';
import { counts } from '../../../ops/metrics';

/**
 * Pushes go out from jobs (one row per event), so they run once across API processes, survive a
 * restart and are retried with the job runner's back-off. Each (event, device) pair is claimed
 * in notification_sends before sending and given back on failure, so a retry or a take-over
 * never pushes twice to a device; a crash between claim and send loses that one push rather
 * than risk a duplicate. A recipient inside their stop window is pushed when it ends (the job
 * re-arms itself for the earliest end); readability is checked again at that time.
 * A device is either a Web Push subscription or, with FIREBASE_* configured, an FCM token; both
 * go through the same claim, stop window and retry.
 */
async function claim(ctx: AppContext, key: string, target: string): Promise<boolean> {
  const row = await ctx.db
    .insertInto('notification_sends')
    .values({ channel: 'push', dedupe_key: key, target, created_at: ctx.now() })
    .onConflict((oc) => oc.columns(['channel', 'dedupe_key', 'target']).doNothing())
    .returning('target')
    .executeTakeFirst();
  return row !== undefined;
}

export async function runPush(
  ctx: AppContext,
  kind: PushKind,
  refId: number,
  key: string,
): Promise<{ next: number | null; failure: unknown; sent: number }> {
  const plan = await planFor(ctx, kind, refId, key);
  if (!plan || plan.recipients.length === 0) return { next: null, failure: null, sent: 0 };
  const now = ctx.now();
  const vapid = vapidKeys(ctx.config.dataDir, process.env, ctx.config.publicUrl);
  let next: number | null = null;
  let failure: unknown = null;
  let sent = 0;
  const fcm = ctx.config.firebase?.fcm ? ctx.config.firebase : undefined;
  const rows = await ctx.db
    .selectFrom('device_tokens')
    .select(['id', 'user_id', 'token'])
    .where('user_id', 'in', plan.recipients)
    .orderBy('id')
    .execute();
  const devices = rows
    .map((d) => ({ ...d, sub: parseSubscription(d.token), fcm: fcm !== undefined && isFcmToken(d.token) }))
    .filter((d) => d.sub || d.fcm);
  const opts = { ttlSeconds: 86_400, urgent: plan.emergency };
  const deliver = (d: (typeof devices)[number], msg: PushMessage) =>
    d.sub ? sendWebPush(d.sub, msg, vapid, opts) : sendFcm(fcm!, d.token, msg, { ...opts, publicUrl: ctx.config.publicUrl });
  for (const userId of plan.recipients) {
    const mine = devices.filter((d) => d.user_id === userId);
    if (mine.length === 0) continue;
    const settings = await getSettings(ctx, userId);
    const n = settings.setting_notify_news;
    const resumeAt = plan.emergency
      ? stopWindowEnd(now, n.emergency_stop_notify_start, n.emergency_stop_notify_end)
      : stopWindowEnd(now, n.regular_stop_notify_start, n.regular_stop_notify_end);
    if (resumeAt !== null) {
      next = next === null ? resumeAt : Math.min(next, resumeAt);
      continue;
    }
    const text = plan.message(settings.setting_language.code as LanguageCode);
    for (const d of mine) {
      if (!(await claim(ctx, key, `d${d.id}`))) continue;
      const counted = await ctx.db
        .updateTable('device_tokens')
        .set((eb) => ({ unread_counter: eb('unread_counter', '+', 1) }))
        .where('id', '=', d.id)
        .returning('unread_counter')
        .executeTakeFirst();
      try {
        await deliver(d, { ...text, isRead: false, badge: Number(counted?.unread_counter ?? 1) });
        sent++;
        counts.push.sent++;
      } catch (err) {
        if (err instanceof SubscriptionGone) {
          counts.push.gone++;
          // The browser unsubscribed, the app was removed or the service expired the token:
          // forget the device, keep the claim.
          await ctx.db.deleteFrom('device_tokens').where('id', '=', d.id).execute();
          continue;
        }
        await ctx.db
          .deleteFrom('notification_sends')
          .where('channel', '=', 'push')
          .where('dedupe_key', '=', key)
          .where('target', '=', `d${d.id}`)
          .execute();
        counts.push.failed++;
        failure ??= err;
      }
    }
  }
  return { next, failure, sent };
}

for (const kind of Object.values(PUSH_KINDS)) {
  registerJobHandler(kind, async (ctx, job) => {
    const { next, failure } = await runPush(ctx, kind, job.ref_id!, job.dedupe_key ?? `${kind}:${job.ref_id}`);
    if (failure) throw failure;
    return next === null ? undefined : { rerunAt: next };
  });
}
