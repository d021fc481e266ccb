import { MessageSpecial, type LanguageCode } from '@portal/api-client';
import type { AppContext } from '../../../kernel';
import { memberIds } from '../../chat';
import { topicAudience, topicReaders } from '../../topics';
import { displayName, PUSH_KINDS, type PushKind } from '../../../kernel';

/** One kind of push: whom an event reaches right now and what each of them is told. */
export interface PushPlan {
  /** Emergency pushes obey the emergency stop window and are sent with high urgency. */
  emergency: boolean;
  recipients: number[];
  message(lang: LanguageCode): { title: string; body: string; redirect_to: string };
}

const BODY_CHARS = 120;
const clip = (s: string) => {
  const chars = [...s.replace(/\s+/g, ' ').trim()];
  return chars.length > BODY_CHARS ? `${chars.slice(0, BODY_CHARS - 1).join('')}…` : chars.join('');
};

async function userName(ctx: AppContext, id: number | null): Promise<string> {
  if (id === null) return '';
  const u = await ctx.db.selectFrom('users').select(['last_name', 'first_name']).where('id', '=', id).executeTakeFirst();
  return u ? displayName(u) : '';
}

const topicPath = (t: { id: number; group_id: number | null }) =>
  t.group_id === null ? `/common-topic/topic/${t.id}` : `/group/${t.group_id}/topic/${t.id}`;

/** A delivered emergency topic, to its readers (not its author), like the emergency mail. */
async function emergencyPlan(ctx: AppContext, topicId: number): Promise<PushPlan | null> {
  const t = await ctx.db.selectFrom('topics').selectAll().where('id', '=', topicId).executeTakeFirst();
  if (!t || t.in_bin === 1 || t.emergency_contact !== 1 || t.delivery_at > ctx.now()) return null;
  const group =
    t.group_id === null ? undefined : await ctx.db.selectFrom('groups').select('name').where('id', '=', t.group_id).executeTakeFirst();
  const readers = (await topicReaders(ctx, t)).map((r) => r.id).filter((id) => id !== t.author_id);
  return {
    emergency: true,
    recipients: readers,
    message: (lang) => ({
      title: lang === 'ja' ? `【緊急連絡】${t.title}` : `[Emergency] ${t.title}`,
      body: group?.name ?? (lang === 'ja' ? '全体トピック' : 'Common topics'),
      redirect_to: topicPath(t),
    }),
  };
}

/** A chat message, to the chat's current members but its sender. */
async function chatPlan(ctx: AppContext, messageId: number): Promise<PushPlan | null> {
  const m = await ctx.db
    .selectFrom('chat_messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .select(['m.id', 'm.chat_id', 'm.sender_id', 'm.content', 'm.message_special', 'm.deleted_at', 'c.name'])
    .where('m.id', '=', messageId)
    .executeTakeFirst();
  if (!m || m.deleted_at !== null || m.sender_id === null) return null;
  if (m.message_special !== MessageSpecial.TEXT && m.message_special !== MessageSpecial.FILES) return null;
  const sender = await userName(ctx, m.sender_id);
  const recipients = (await memberIds(ctx, m.chat_id)).filter((id) => id !== m.sender_id);
  return {
    emergency: false,
    recipients,
    message: (lang) => ({
      title: m.name ? `${sender}（${m.name}）` : sender,
      body: m.message_special === MessageSpecial.FILES ? (lang === 'ja' ? 'ファイルが送信されました' : 'Sent a file') : clip(m.content),
      redirect_to: `/chat/detail/${m.chat_id}`,
    }),
  };
}

/** A reply, to the author of the comment it answers, if they can still read the topic. */
async function replyPlan(ctx: AppContext, commentId: number, answeredId: number): Promise<PushPlan | null> {
  const c = await ctx.db.selectFrom('topic_comments').selectAll().where('id', '=', commentId).executeTakeFirst();
  const answered = await ctx.db
    .selectFrom('topic_comments')
    .select(['author_id', 'topic_id'])
    .where('id', '=', answeredId)
    .executeTakeFirst();
  if (
    !c ||
    c.is_deleted === 1 ||
    !answered ||
    answered.topic_id !== c.topic_id ||
    answered.author_id === null ||
    answered.author_id === c.author_id
  )
    return null;
  const t = await ctx.db
    .selectFrom('topics')
    .select(['id', 'group_id', 'author_id', 'delivery_at', 'in_bin', 'title'])
    .where('id', '=', c.topic_id)
    .executeTakeFirst();
  if (!t || t.in_bin === 1) return null;
  const audience = await topicAudience(ctx, t);
  if (!audience.includes(answered.author_id)) return null;
  const who = c.is_anonymous === 1 ? null : await userName(ctx, c.author_id);
  return {
    emergency: false,
    recipients: [answered.author_id],
    message: (lang) => ({
      title: lang === 'ja' ? `${who ?? '匿名'}さんがあなたのコメントに返信しました` : `${who ?? 'Anonymous'} replied to your comment`,
      body: clip(`${t.title}: ${c.content_text}`),
      redirect_to: `${topicPath(t)}?commentSearchId=${c.id}`,
    }),
  };
}

/** The plan of a push job; `key` is the job's dedupe key (`push.reply:<comment>:<answered>`). */
export function planFor(ctx: AppContext, kind: PushKind, refId: number, key: string): Promise<PushPlan | null> {
  if (kind === PUSH_KINDS.emergency) return emergencyPlan(ctx, refId);
  if (kind === PUSH_KINDS.chat) return chatPlan(ctx, refId);
  const answered = Number(key.split(':')[2]);
  return Number.isInteger(answered) && answered > 0 ? replyPlan(ctx, refId, answered) : Promise.resolve(null);
}
