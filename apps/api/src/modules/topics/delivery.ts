import type { LanguageCode, Settings } from '@portal/api-client';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { MailMessage } from '../../mail';
import { composeMail } from '../../mail/compose';
import { getSettings } from '../members/service';
import { registerJobHandler, type Job } from './jobs';
import { DELIVER_JOB } from './service';

export const BIN_CLEANUP_JOB = 'topics.bin-cleanup';
export const BIN_CLEANUP_EVERY_MS = 60 * 60_000;

const MAIL_TEXT: Record<LanguageCode, (i: { title: string; where: string; link: string }) => { subject: string; lines: string[] }> = {
  ja: (i) => ({
    subject: `【緊急連絡】${i.title}`,
    lines: [`「${i.where}」に緊急連絡が投稿されました。`, '', `件名: ${i.title}`, '', '以下のリンクから内容を確認してください。', i.link, '', 'グループポータル'],
  }),
  en: (i) => ({
    subject: `[Emergency] ${i.title}`,
    lines: [`An emergency topic was posted in "${i.where}".`, '', `Title: ${i.title}`, '', 'Open the link below to read it.', i.link, '', 'Group Portal'],
  }),
};

export function emergencyMail(lang: LanguageCode, to: string, input: { title: string; where: string; link: string }): MailMessage {
  return composeMail(lang, to, MAIL_TEXT[lang](input), input.link);
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

/** Everyone who reads the topic: the group's members, or the members of its destinations. */
async function readers(ctx: AppContext, topic: { id: number; group_id: number | null }) {
  const q = ctx.db.selectFrom('users as u').select(['u.id', 'u.email']).where('u.status', '=', 'active');
  if (topic.group_id !== null) {
    return q.where('u.id', 'in', ctx.db.selectFrom('group_members').select('user_id').where('group_id', '=', topic.group_id)).execute();
  }
  return q
    .where('u.id', 'in', (eb) =>
      eb
        .selectFrom('topic_destinations as d')
        .innerJoin('group_members as m', 'm.group_id', 'd.group_id')
        .innerJoin('groups as g', 'g.id', 'd.group_id')
        .select('m.user_id')
        .where('d.topic_id', '=', topic.id)
        .where('g.is_stopped', '=', 0),
    )
    .execute();
}

/**
 * Delivery: at the topic's time, announce it to its readers and, for an emergency topic, mail
 * each of them. The job row makes this happen once, whichever API process claims it.
 */
async function deliver(ctx: AppContext, job: Job): Promise<void | { rerunAt: number }> {
  const topic = await ctx.db.selectFrom('topics').selectAll().where('id', '=', job.ref_id!).executeTakeFirst();
  if (!topic || topic.in_bin === 1) return;
  if (topic.delivery_at > ctx.now()) return { rerunAt: topic.delivery_at };
  const people = (await readers(ctx, topic)).filter((p) => p.id !== topic.author_id);
  const where =
    topic.group_id === null
      ? null
      : await ctx.db.selectFrom('groups').select('name').where('id', '=', topic.group_id).executeTakeFirst();
  await ctx.bus.publish(
    people.map((p) => p.id),
    { kind: topic.group_id === null ? 'common-topic.delivered' : 'topic.delivered', payload: { topic_id: topic.id, group_id: topic.group_id } },
  );
  if (topic.emergency_contact !== 1) return;
  const link =
    topic.group_id === null ? `${ctx.config.publicUrl}/common-topic/topic/${topic.id}` : `${ctx.config.publicUrl}/group/${topic.group_id}/topic/${topic.id}`;
  for (const person of people) {
    const settings = await getSettings(ctx, person.id);
    const lang = settings.setting_language.code as LanguageCode;
    const whereName = where?.name ?? (lang === 'ja' ? '全体トピック' : 'Common topics');
    for (const to of emergencyAddresses(person.email, settings.setting_notify_news)) {
      await ctx.mailer.send(emergencyMail(lang, to, { title: topic.title, where: whereName, link }));
    }
  }
}

/** Deletes topics that have sat in a group's bin for longer than its auto_delete_day. */
export async function cleanBins(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const r = await ctx.db
    .deleteFrom('topics')
    .where('in_bin', '=', 1)
    .where('group_id', 'is not', null)
    .where(
      'moved_to_bin_at',
      '<=',
      sql<number>`${now} - (select cast(g.auto_delete_day as bigint) * 86400000 from groups g where g.id = topics.group_id)`,
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

registerJobHandler(DELIVER_JOB, deliver);
registerJobHandler(BIN_CLEANUP_JOB, async (ctx) => {
  await cleanBins(ctx);
  return { rerunAt: ctx.now() + BIN_CLEANUP_EVERY_MS };
});
