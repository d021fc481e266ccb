import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LanguageCode, Settings } from '@portal/api-client';
import type { AppContext } from '../../kernel';
import type { MailMessage } from '../../mail';
import { composeMail } from '../../mail/compose';
import { mailPhrase } from '@portal/i18n/mail';
import { getSettings, patchSettings } from '../members';
import { stopWindowEnd } from '../topics';
import { unreadPage } from './unread';
import { registerJobHandler } from '../../kernel';

/**
 * Digest mails of unread items at each user's email_notify_time (Tokyo) every notify_interval
 * hours, to the regular addresses switched on in setting_notify_news.
 *
 * - The sweep job runs every minute (DIGEST_SWEEP_MS) on whichever API process claims it (jobs table leases).
 * - A period is sent at most once per address: a notification_sends row (channel 'digest',
 *   `<user>:<period start>`, address) is claimed before sending and given back if the send
 *   fails, so the next sweep retries that address only.
 * - Inside the regular stop window nothing is sent; the period is sent when the window ends (any
 *   time before the next period starts), and a restart changes nothing of that.
 * - The first sweep that sees a user marks their current period as the baseline without mailing,
 *   so a fresh server does not mail everyone at once.
 */
export const DIGEST_JOB = 'notifications.digest';
const HOUR_MS = 3_600_000;
const TOKYO_OFFSET_MS = 9 * HOUR_MS;
const DIGEST_ITEMS = 20;

/** Start of the period `now` lies in: periods of `interval` hours aligned on `hour` o'clock Tokyo time. */
export function periodStart(now: number, hour: number, intervalHours: number): number {
  const anchor = Date.UTC(2000, 0, 1, hour) - TOKYO_OFFSET_MS;
  const len = intervalHours * HOUR_MS;
  return anchor + Math.floor((now - anchor) / len) * len;
}

export function regularAddresses(account: string, s: Settings['setting_notify_news']): string[] {
  if (!s.schedule_email_option) return [];
  const slots: [string | null, boolean][] = [
    [s.first_email_regular ?? account, s.first_email_regular_option],
    [s.second_email_regular, s.second_email_regular_option],
    [s.third_email_regular, s.third_email_regular_option],
  ];
  return [...new Set(slots.filter(([addr, on]) => on && addr).map(([addr]) => addr!))];
}

/**
 * The one-click unsubscribe token: an HMAC of the user id keyed by their password hash, so it
 * needs no stored secret and dies with a password change.
 */
export function unsubscribeToken(userId: number, passwordHash: string): string {
  return createHmac('sha256', passwordHash).update(`digest-unsubscribe:${userId}`).digest('base64url');
}

export async function unsubscribe(ctx: AppContext, userId: number, token: string): Promise<boolean> {
  const u = await ctx.db.selectFrom('users').select(['id', 'password_hash']).where('id', '=', userId).executeTakeFirst();
  if (!u) return false;
  const want = Buffer.from(unsubscribeToken(u.id, u.password_hash));
  const got = Buffer.from(token);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return false;
  await patchSettings(ctx, userId, 'setting_notify_news', { schedule_email_option: false });
  return true;
}

export function digestMail(
  lang: LanguageCode,
  to: string,
  input: {
    total: number;
    items: { unread_type: number; title: string; group_name: string | null }[];
    link: string;
    settingsUrl: string;
    unsubscribeUrl: string;
  },
): MailMessage {
  const t = (key: string, values?: Record<string, string | number>) => mailPhrase(lang, `digest.${key}`, values);
  const lines = [
    t('intro', { count: input.total }),
    '',
    ...input.items.map((i) => {
      const kind = t(`kinds.${i.unread_type}`);
      return i.group_name ? t('item_in_group', { kind, title: i.title, group: i.group_name }) : t('item', { kind, title: i.title });
    }),
    ...(input.total > input.items.length ? [t('more', { count: input.total - input.items.length })] : []),
    '',
    t('open'),
    input.link,
    '',
    t('stop'),
    input.settingsUrl,
  ];
  const mail = composeMail(lang, to, { subject: t('subject', { count: input.total }), lines }, input.link);
  return { ...mail, headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

async function claim(ctx: AppContext, key: string, target: string): Promise<boolean> {
  const row = await ctx.db
    .insertInto('notification_sends')
    .values({ channel: 'digest', dedupe_key: key, target, created_at: ctx.now() })
    .onConflict((oc) => oc.columns(['channel', 'dedupe_key', 'target']).doNothing())
    .returning('target')
    .executeTakeFirst();
  return row !== undefined;
}

/** One user's digest for the current period, if due; returns the first send failure. */
export async function digestFor(
  ctx: AppContext,
  user: { id: number; company_id: number; email: string; password_hash: string },
): Promise<unknown> {
  const now = ctx.now();
  const settings = await getSettings(ctx, user.id);
  const notify = settings.setting_notify_news;
  const start = periodStart(now, notify.email_notify_time, notify.notify_interval);
  const key = `${user.id}:${start}`;
  const seen = await ctx.db
    .selectFrom('notification_sends')
    .select('target')
    .where('channel', '=', 'digest')
    .where('dedupe_key', 'like', `${user.id}:%`)
    .limit(1)
    .executeTakeFirst();
  if (!seen) {
    await claim(ctx, key, '*baseline*');
    return null;
  }
  if (stopWindowEnd(now, notify.regular_stop_notify_start, notify.regular_stop_notify_end) !== null) return null;
  const addresses = regularAddresses(user.email, notify);
  if (addresses.length === 0) return null;
  const done = await ctx.db
    .selectFrom('notification_sends')
    .select('target')
    .where('channel', '=', 'digest')
    .where('dedupe_key', '=', key)
    .execute();
  const pending = addresses.filter((a) => !done.some((d) => d.target === a || d.target === '*baseline*'));
  if (pending.length === 0) return null;
  const page = await unreadPage(ctx, { id: user.id, companyId: user.company_id }, { page: 1, limit: DIGEST_ITEMS });
  if (page.total === 0) return null;
  const lang = settings.setting_language.code as LanguageCode;
  const base = ctx.config.publicUrl;
  const unsubscribeUrl = `${base}/service/api/v1/notification/unsubscribe?u=${user.id}&t=${unsubscribeToken(user.id, user.password_hash)}`;
  let failure: unknown = null;
  for (const to of pending) {
    if (!(await claim(ctx, key, to))) continue;
    try {
      await ctx.mailer.send(
        digestMail(lang, to, {
          total: page.total,
          items: page.data,
          link: `${base}/notification/unread`,
          settingsUrl: `${base}/setting/setting-notify-news`,
          unsubscribeUrl,
        }),
      );
    } catch (err) {
      await ctx.db
        .deleteFrom('notification_sends')
        .where('channel', '=', 'digest')
        .where('dedupe_key', '=', key)
        .where('target', '=', to)
        .execute();
      failure ??= err;
    }
  }
  return failure;
}

/** The sweep: every active member of a running group; failures are retried by the next sweep. */
export async function sweepDigests(ctx: AppContext): Promise<void> {
  const users = await ctx.db
    .selectFrom('users as u')
    .select(['u.id', 'u.company_id', 'u.email', 'u.password_hash'])
    .where('u.status', '=', 'active')
    .where((eb) => eb.exists(eb.selectFrom('group_members as m').select('m.user_id').whereRef('m.user_id', '=', 'u.id')))
    .orderBy('u.id')
    .execute();
  for (const u of users) {
    const failure = await digestFor(ctx, u);
    if (failure) console.warn('[digest] send failed; retried next sweep', failure);
  }
}

registerJobHandler(DIGEST_JOB, async (ctx) => {
  await sweepDigests(ctx);
  return { rerunAt: ctx.now() + ctx.config.digestSweepMs };
});
