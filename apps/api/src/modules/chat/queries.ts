import { MessageSpecial, type ChatFile, type ChatMessage, type GroupChat } from '@portal/api-client';
import { sql } from 'kysely';
import type { AppContext } from '../../kernel';
import type { ChatRecord, MessageRecord } from './policy';
import { activeStatus, displayName } from '../../kernel';

/** Messages that count as unread: others' live text and file messages (not join/leave notices). */
export function unreadMessages(ctx: AppContext, userId: number) {
  return ctx.db
    .selectFrom('chat_messages as msg')
    .innerJoin('chat_members as me', (j) => j.onRef('me.chat_id', '=', 'msg.chat_id').on('me.user_id', '=', userId))
    .where('me.left_at', 'is', null)
    .whereRef('msg.no', '>', 'me.read_no')
    .where('msg.deleted_at', 'is', null)
    .where('msg.message_special', '<=', MessageSpecial.FILES)
    .where((eb) => eb.or([eb('msg.sender_id', 'is', null), eb('msg.sender_id', '<>', userId)]));
}

async function unreadByChat(ctx: AppContext, userId: number, chatIds: number[]): Promise<Map<number, number>> {
  if (chatIds.length === 0) return new Map();
  const rows = await unreadMessages(ctx, userId)
    .where('msg.chat_id', 'in', chatIds)
    .select(['msg.chat_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('msg.chat_id')
    .execute();
  return new Map(rows.map((r) => [r.chat_id, Number(r.n)]));
}

type Person = { id: number; name: string; avatar: string | null; user_active_status: number };

async function people(ctx: AppContext, ids: (number | null)[]): Promise<Map<number, Person>> {
  const unique = [...new Set(ids.filter((i): i is number => i !== null))];
  if (unique.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('users')
    .select(['id', 'last_name', 'first_name', 'avatar_small_path', 'status'])
    .where('id', 'in', unique)
    .execute();
  return new Map(
    rows.map((u) => [
      u.id,
      { id: u.id, name: displayName(u), avatar: u.avatar_small_path, user_active_status: activeStatus(u.status, undefined) },
    ]),
  );
}

/** Section 3's group chat, as one user sees it, for a set of chats at once (one list page). */
export async function chatViews(ctx: AppContext, userId: number, chats: ChatRecord[]): Promise<GroupChat[]> {
  if (chats.length === 0) return [];
  const ids = chats.map((c) => c.id);
  const members = await ctx.db
    .selectFrom('chat_members')
    .select(['chat_id', 'user_id', 'favorite'])
    .where('chat_id', 'in', ids)
    .where('left_at', 'is', null)
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
  const lastIds = chats.map((c) => c.last_message_id).filter((i): i is number => i !== null);
  const lasts = lastIds.length ? await ctx.db.selectFrom('chat_messages').selectAll().where('id', 'in', lastIds).execute() : [];
  const who = await people(ctx, [...members.map((m) => m.user_id), ...lasts.map((l) => l.sender_id)]);
  const unread = await unreadByChat(ctx, userId, ids);
  return chats.map((c) => {
    const mine = members.filter((m) => m.chat_id === c.id);
    const last = lasts.find((l) => l.id === c.last_message_id);
    const sender = last?.sender_id != null ? who.get(last.sender_id) : undefined;
    return {
      id: c.id,
      name: c.name,
      group_id: c.group_id,
      only_user: c.only_user,
      count_message_not_seen: unread.get(c.id) ?? 0,
      last_message: last ? (last.deleted_at !== null ? '' : last.content) : null,
      last_message_special: last ? last.message_special : null,
      last_message_deleted: last ? last.deleted_at !== null : false,
      sender: sender ? { id: sender.id, name: sender.name } : null,
      size: mine.length,
      created_by_user_id: c.created_by_user_id,
      created_at: Number(c.created_at),
      updated_at: Number(c.last_activity_at),
      deleted_at: null,
      user_group_chat: mine.map((m) => ({
        ...(who.get(m.user_id) ?? { id: m.user_id, name: 'User', avatar: null, user_active_status: 0 }),
        pivot: { favorite: m.favorite },
      })),
      favorite: mine.find((m) => m.user_id === userId)?.favorite ?? 0,
    };
  });
}

/**
 * One page of the caller's chats: favourites first, then the newest activity (or the oldest,
 * sortedBy asc), id as the tie-break so pages never overlap.
 */
export async function listChats(
  ctx: AppContext,
  userId: number,
  companyId: number,
  q: { page: number; limit: number; sortedBy: 'asc' | 'desc'; unreadOnly: boolean; onlyUser?: boolean; favoritesFirst?: boolean },
) {
  let base = ctx.db
    .selectFrom('chats as c')
    .innerJoin('chat_members as m', (j) => j.onRef('m.chat_id', '=', 'c.id').on('m.user_id', '=', userId))
    .where('m.left_at', 'is', null)
    .where('c.company_id', '=', companyId);
  if (q.onlyUser) base = base.where('c.only_user', '=', 1);
  if (q.unreadOnly)
    base = base.where((eb) => eb.exists(unreadMessages(ctx, userId).select('msg.id').where('msg.chat_id', '=', sql.ref<number>('c.id'))));
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .selectAll('c')
    .$if(q.favoritesFirst !== false, (qb) => qb.orderBy('m.favorite', 'desc'))
    .orderBy('c.last_activity_at', q.sortedBy)
    .orderBy('c.id', q.sortedBy)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  const totalUnread = await unreadCount(ctx, userId);
  return {
    data: await chatViews(ctx, userId, rows),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / q.limit)),
    total,
    total_unread: totalUnread.count,
  };
}

/**
 * A user's unread chat messages: the total and how many chats have any. The navbar badge, and
 * the notifications engine's "chat content" unread source, read this one function.
 */
export async function unreadCount(ctx: AppContext, userId: number): Promise<{ count: number; chats: number }> {
  const row = await unreadMessages(ctx, userId)
    .select([(eb) => eb.fn.countAll<number>().as('n'), sql<number>`count(distinct msg.chat_id)`.as('chats')])
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), chats: Number(row.chats) };
}

export function fileView(
  f: {
    id: number;
    message_id: number;
    original_name: string;
    size: number;
    kind: string;
    mime: string;
    thumb_key: string | null;
    thumb_width: number | null;
    thumb_height: number | null;
    uploader_id: number | null;
    created_at: number;
  },
  who: Map<number, Person>,
): ChatFile {
  const up = f.uploader_id !== null ? who.get(f.uploader_id) : undefined;
  const sized = f.thumb_key !== null && f.thumb_width !== null && f.thumb_height !== null;
  return {
    id: f.id,
    message_id: f.message_id,
    name: f.original_name,
    size: Number(f.size),
    kind: f.kind,
    mime: f.mime,
    has_thumbnail: f.thumb_key !== null,
    thumb_size: sized ? { width: Number(f.thumb_width), height: Number(f.thumb_height) } : null,
    uploader: up ? { id: up.id, name: up.name } : null,
    created_at: Number(f.created_at),
  };
}

const receipts = (read_by: { id: number; name: string }[]) => ({ read_count: read_by.length, read_by });

/** Section 3's Message for each row, as `userId` sees it: likes, reply quote, files and read counts. */
export async function messageViews(ctx: AppContext, userId: number, chatId: number, rows: MessageRecord[]): Promise<ChatMessage[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const replyIds = [...new Set(rows.map((r) => r.reply_to_id).filter((i): i is number => i !== null))];
  const [likes, replies, files, readers] = await Promise.all([
    ctx.db
      .selectFrom('chat_message_likes')
      .select(['message_id', 'user_id'])
      .where('message_id', 'in', ids)
      .orderBy('created_at')
      .execute(),
    replyIds.length
      ? ctx.db.selectFrom('chat_messages').selectAll().where('id', 'in', replyIds).where('chat_id', '=', chatId).execute()
      : Promise.resolve([]),
    ctx.db.selectFrom('chat_files').selectAll().where('message_id', 'in', ids).orderBy('id').execute(),
    ctx.db.selectFrom('chat_members').select(['user_id', 'read_no']).where('chat_id', '=', chatId).where('left_at', 'is', null).execute(),
  ]);
  const who = await people(ctx, [
    ...rows.map((r) => r.sender_id),
    ...likes.map((l) => l.user_id),
    ...replies.map((r) => r.sender_id),
    ...files.map((f) => f.uploader_id),
    ...readers.map((m) => m.user_id),
  ]);
  const name = (id: number | null) => (id === null ? 'User' : (who.get(id)?.name ?? 'User'));
  return rows.map((r) => {
    const deleted = r.deleted_at !== null;
    const liked = likes.filter((l) => l.message_id === r.id);
    const reply = r.reply_to_id !== null ? replies.find((x) => x.id === r.reply_to_id) : undefined;
    const sender = r.sender_id !== null ? who.get(r.sender_id) : undefined;
    return {
      id: r.id,
      group_chat_id: r.chat_id,
      index: r.no,
      content: deleted ? '' : r.content,
      sender_id: r.sender_id,
      userName: name(r.sender_id),
      userAvatar: sender?.avatar ?? null,
      user_active_status: sender?.user_active_status ?? 0,
      created_at: Number(r.created_at),
      messageSpecial: r.message_special,
      isOwnMsg: r.sender_id === userId,
      isCanDelete: r.sender_id === userId && !deleted && r.message_special <= MessageSpecial.FILES,
      is_deleted: deleted,
      liker: liked.map((l) => ({ id: l.user_id, name: name(l.user_id) })),
      isLike: liked.some((l) => l.user_id === userId),
      replyMessage: reply
        ? {
            id: reply.id,
            content: reply.deleted_at !== null ? '' : reply.content,
            sender: reply.sender_id !== null ? { id: reply.sender_id, name: name(reply.sender_id) } : null,
            group_chat_id: reply.chat_id,
            created_at: Number(reply.created_at),
            no_in_group_chat: reply.no,
            message_special: reply.message_special,
            is_own_msg: reply.sender_id === userId,
            is_deleted_by_author: reply.deleted_at !== null,
          }
        : null,
      file: deleted ? [] : files.filter((f) => f.message_id === r.id).map((f) => fileView(f, who)),
      is_html_content: 0,
      client_message_id: r.sender_id === userId ? r.client_message_id : null,
      ...receipts(
        readers.filter((m) => m.user_id !== r.sender_id && m.read_no >= r.no).map((m) => ({ id: m.user_id, name: name(m.user_id) })),
      ),
    };
  });
}

/** The latest page, an older page (before_no) or the missed messages (after_no), oldest first. */
export async function listMessages(
  ctx: AppContext,
  userId: number,
  chat: ChatRecord,
  readNo: number,
  q: { limit: number; before_no?: number | undefined; after_no?: number | undefined },
) {
  let query = ctx.db.selectFrom('chat_messages').selectAll().where('chat_id', '=', chat.id);
  let rows: MessageRecord[];
  let hasMore: boolean;
  if (q.after_no !== undefined) {
    rows = await query
      .where('no', '>', q.after_no)
      .orderBy('no', 'asc')
      .limit(q.limit + 1)
      .execute();
    hasMore = rows.length > q.limit;
    rows = rows.slice(0, q.limit);
  } else {
    if (q.before_no !== undefined) query = query.where('no', '<', q.before_no);
    rows = await query
      .orderBy('no', 'desc')
      .limit(q.limit + 1)
      .execute();
    hasMore = rows.length > q.limit;
    rows = rows.slice(0, q.limit).reverse();
  }
  return { data: await messageViews(ctx, userId, chat.id, rows), has_more: hasMore, last_no: chat.last_no, read_no: readNo };
}

export { people };
