import { MessageSpecial } from '@portal/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext, AuthUser } from '../../kernel';
import type { DB } from '../../db';
import { HttpError } from '../../http/errors';
import { writeTransaction } from '../files';
import { displayName, DocKind, forbidden, PUSH_KINDS, queuePush, removeDocuments } from '../../kernel';
import { publishChatEvent, publishChatEventTo } from './events';
import { indexMessage } from './search';
import {
  chatNotFound,
  requireGroupPeople,
  requireMessage,
  requireOwnGroup,
  type ChatAccess,
  type ChatRecord,
  type MessageRecord,
} from './policy';

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
const noOthers = () => new HttpError(400, 'VALIDATION_ERROR', undefined, { user_ids: ['validation.required'] });

export interface NewMessage {
  senderId: number;
  content: string;
  special: number;
  clientMessageId?: string | null;
  replyToId?: number | null;
}

/**
 * Appends one message inside `trx`, which must be a writeTransaction: the chat row is locked
 * (PostgreSQL FOR UPDATE; SQLite holds the write lock), so numbers are gap-free and a second
 * send with the same client id, even a concurrent one, finds the first instead of adding one.
 * Returns the message and whether it is new.
 */
export async function appendMessage(
  ctx: AppContext,
  trx: Kysely<DB>,
  chatId: number,
  m: NewMessage,
): Promise<{ message: MessageRecord; created: boolean }> {
  let cq = trx.selectFrom('chats').select(['id', 'last_no', 'company_id']).where('id', '=', chatId);
  if (ctx.dialect === 'postgres') cq = cq.forUpdate();
  const chat = await cq.executeTakeFirstOrThrow();
  if (m.clientMessageId) {
    const existing = await trx
      .selectFrom('chat_messages')
      .selectAll()
      .where('chat_id', '=', chatId)
      .where('sender_id', '=', m.senderId)
      .where('client_message_id', '=', m.clientMessageId)
      .executeTakeFirst();
    if (existing) return { message: existing, created: false };
  }
  const now = ctx.now();
  const no = chat.last_no + 1;
  const message = await trx
    .insertInto('chat_messages')
    .values({
      chat_id: chatId,
      no,
      sender_id: m.senderId,
      content: m.content,
      message_special: m.special,
      client_message_id: m.clientMessageId ?? null,
      reply_to_id: m.replyToId ?? null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await indexMessage(trx, message, chat.company_id);
  // Members are pushed by a job queued with the message, so a push is never lost to a crash.
  if (m.special === MessageSpecial.TEXT || m.special === MessageSpecial.FILES) await queuePush(trx, PUSH_KINDS.chat, message.id, now);
  await trx
    .updateTable('chats')
    .set({ last_no: no, last_message_id: message.id, last_activity_at: now, updated_at: now })
    .where('id', '=', chatId)
    .execute();
  // Whoever writes has seen the chat up to here.
  await trx.updateTable('chat_members').set({ read_no: no }).where('chat_id', '=', chatId).where('user_id', '=', m.senderId).execute();
  return { message, created: true };
}

/** A reply must quote a live message of the same chat. */
async function replyTarget(ctx: AppContext, chatId: number, replyId: number | undefined): Promise<number | null> {
  if (replyId === undefined) return null;
  const target = await requireMessage(ctx, chatId, replyId);
  if (target.deleted_at !== null) throw new HttpError(404, 'MESSAGE_NOT_FOUND', 'The message does not exist.');
  return target.id;
}

export async function sendMessage(
  ctx: AppContext,
  user: AuthUser,
  access: ChatAccess,
  body: { content: string; client_message_id: string; reply_message_id?: number | undefined },
) {
  const replyToId = await replyTarget(ctx, access.chat.id, body.reply_message_id);
  const { message, created } = await writeTransaction(ctx, (trx) =>
    appendMessage(ctx, trx, access.chat.id, {
      senderId: user.id,
      content: body.content,
      special: MessageSpecial.TEXT,
      clientMessageId: body.client_message_id,
      replyToId,
    }),
  );
  if (created) await publishChatEvent(ctx, access.chat.id, 'chat.message', { message_id: message.id, no: message.no, user_id: user.id });
  return message;
}

export { replyTarget };

async function restoreMembers(trx: Kysely<DB>, chatId: number, userIds: number[], now: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('chat_members')
    .select(['user_id', 'left_at'])
    .where('chat_id', '=', chatId)
    .where('user_id', 'in', userIds)
    .execute();
  const present = new Set(rows.filter((r) => r.left_at === null).map((r) => r.user_id));
  const back = rows.filter((r) => r.left_at !== null).map((r) => r.user_id);
  const fresh = userIds.filter((id) => !rows.some((r) => r.user_id === id));
  if (back.length)
    await trx
      .updateTable('chat_members')
      .set({ left_at: null, joined_at: now })
      .where('chat_id', '=', chatId)
      .where('user_id', 'in', back)
      .execute();
  if (fresh.length)
    await trx
      .insertInto('chat_members')
      .values(fresh.map((user_id) => ({ chat_id: chatId, user_id, joined_at: now, left_at: null })))
      .execute();
  return userIds.filter((id) => !present.has(id));
}

/** The caller's one-to-one chat with `otherId`, whether or not either of them has left it. */
export async function findPairChat(ctx: AppContext, user: AuthUser, otherId: number) {
  return ctx.db
    .selectFrom('chats')
    .select(['id'])
    .where('pair_key', '=', pairKey(user.id, otherId))
    .where('company_id', '=', user.companyId)
    .executeTakeFirst();
}

/**
 * Spec section 4: one chosen person reopens the existing one-to-one chat with both original
 * members restored (or makes it); two or more make a group chat. Everyone must be in the group
 * the picker searched, the caller included.
 */
export async function createChat(
  ctx: AppContext,
  user: AuthUser,
  body: { user_ids: number[]; group_id: number; name?: string | undefined },
) {
  await requireOwnGroup(ctx, user, body.group_id);
  const others = [...new Set(body.user_ids)].filter((id) => id !== user.id);
  if (others.length === 0) throw noOthers();
  await requireGroupPeople(ctx, user, body.group_id, others);
  const now = ctx.now();
  if (others.length === 1) {
    const existing = await findPairChat(ctx, user, others[0]!);
    if (existing) {
      await revertOriginMembers(ctx, existing.id);
      return { id: existing.id, is_existed: true };
    }
  }
  const only = others.length === 1;
  const members = [user.id, ...others];
  const insert = () =>
    ctx.db.transaction().execute(async (trx) => {
      const chat = await trx
        .insertInto('chats')
        .values({
          company_id: user.companyId,
          group_id: body.group_id,
          name: only ? '' : (body.name ?? ''),
          pair_key: only ? pairKey(user.id, others[0]!) : null,
          created_by_user_id: user.id,
          last_message_id: null,
          only_user: only ? 1 : 0,
          last_activity_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('chat_members')
        .values(members.map((user_id) => ({ chat_id: chat.id, user_id, joined_at: now, left_at: null })))
        .execute();
      return chat.id;
    });
  let id: number;
  try {
    id = await insert();
  } catch (err) {
    // Two people opening the same one-to-one chat at once: the pair key lets one win; the other reopens it.
    const raced = only ? await findPairChat(ctx, user, others[0]!) : undefined;
    if (!raced) throw err;
    await revertOriginMembers(ctx, raced.id);
    return { id: raced.id, is_existed: true };
  }
  await publishChatEvent(ctx, id, 'chat.members');
  return { id, is_existed: false };
}

/** Both people of a one-to-one chat become members again (spec: "restore original members"). */
export async function revertOriginMembers(ctx: AppContext, chatId: number): Promise<void> {
  const chat = await ctx.db.selectFrom('chats').select(['pair_key']).where('id', '=', chatId).executeTakeFirstOrThrow();
  if (!chat.pair_key) return;
  const ids = chat.pair_key.split(':').map(Number);
  const back = await ctx.db.transaction().execute((trx) => restoreMembers(trx, chatId, ids, ctx.now()));
  if (back.length) await publishChatEvent(ctx, chatId, 'chat.members');
}

/** For revert-origin-member: the caller must be one of the pair, even after leaving. */
export async function requireOriginalMember(ctx: AppContext, user: AuthUser, chatId: number): Promise<ChatRecord> {
  const chat = await ctx.db
    .selectFrom('chats')
    .selectAll()
    .where('id', '=', chatId)
    .where('company_id', '=', user.companyId)
    .executeTakeFirst();
  if (!chat?.pair_key || !chat.pair_key.split(':').map(Number).includes(user.id)) throw chatNotFound();
  return chat;
}

async function userName(ctx: AppContext, id: number) {
  const u = await ctx.db.selectFrom('users').select(['last_name', 'first_name']).where('id', '=', id).executeTakeFirst();
  return u ? displayName(u) : 'User';
}

export async function inviteMembers(ctx: AppContext, user: AuthUser, access: ChatAccess, userIds: number[]) {
  if (access.chat.only_user === 1) throw forbidden();
  if (access.chat.group_id === null) throw new HttpError(400, 'CHAT_DIFFERENT_GROUPS', 'Members of different groups cannot share a chat.');
  const ids = await requireGroupPeople(ctx, user, access.chat.group_id, userIds, 'CHAT_DIFFERENT_GROUPS');
  // Read before the transaction: on SQLite it holds the only connection.
  const names = new Map(await Promise.all(ids.map(async (id) => [id, await userName(ctx, id)] as const)));
  const added = await writeTransaction(ctx, async (trx) => {
    const back = await restoreMembers(trx, access.chat.id, ids, ctx.now());
    if (back.length) {
      const content = back.map((id) => names.get(id)).join('、');
      await appendMessage(ctx, trx, access.chat.id, { senderId: user.id, content, special: MessageSpecial.MEMBERS_ADDED });
    }
    return back;
  });
  if (added.length) await publishChatEvent(ctx, access.chat.id, 'chat.members');
}

export async function leaveChat(ctx: AppContext, user: AuthUser, access: ChatAccess) {
  await writeTransaction(ctx, async (trx) => {
    await appendMessage(ctx, trx, access.chat.id, { senderId: user.id, content: '', special: MessageSpecial.MEMBER_LEFT });
    await trx
      .updateTable('chat_members')
      .set({ left_at: ctx.now() })
      .where('chat_id', '=', access.chat.id)
      .where('user_id', '=', user.id)
      .execute();
  });
  await publishChatEvent(ctx, access.chat.id, 'chat.members', { user_id: user.id }, [user.id]);
}

export async function renameChat(ctx: AppContext, user: AuthUser, access: ChatAccess, name: string) {
  if (access.chat.only_user === 1) throw forbidden();
  await writeTransaction(ctx, async (trx) => {
    await trx.updateTable('chats').set({ name }).where('id', '=', access.chat.id).execute();
    await appendMessage(ctx, trx, access.chat.id, { senderId: user.id, content: name, special: MessageSpecial.RENAMED });
  });
  await publishChatEvent(ctx, access.chat.id, 'chat.updated');
}

export async function likeMessage(ctx: AppContext, user: AuthUser, access: ChatAccess, messageId: number, isLike: boolean) {
  const m = await requireMessage(ctx, access.chat.id, messageId);
  if (m.deleted_at !== null || m.message_special > MessageSpecial.FILES)
    throw new HttpError(404, 'MESSAGE_NOT_FOUND', 'The message does not exist.');
  if (isLike) {
    await ctx.db
      .insertInto('chat_message_likes')
      .values({ message_id: m.id, user_id: user.id, created_at: ctx.now() })
      .onConflict((oc) => oc.doNothing())
      .execute();
  } else {
    await ctx.db.deleteFrom('chat_message_likes').where('message_id', '=', m.id).where('user_id', '=', user.id).execute();
  }
  const n = await ctx.db
    .selectFrom('chat_message_likes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('message_id', '=', m.id)
    .executeTakeFirstOrThrow();
  await publishChatEvent(ctx, access.chat.id, 'chat.liked', { message_id: m.id, no: m.no, user_id: user.id });
  return { is_like: isLike, like_count: Number(n.n) };
}

/**
 * Deletes the caller's message: it stays in the history as "deleted" (its number must not be
 * reused), its text and files go, and the chat area gets the bytes back.
 */
export async function deleteMessage(ctx: AppContext, access: ChatAccess, message: MessageRecord, log?: FastifyBaseLogger) {
  const keys = await writeTransaction(ctx, async (trx) => {
    const files = await trx
      .selectFrom('chat_files')
      .select(['storage_key', 'thumb_key', 'size'])
      .where('message_id', '=', message.id)
      .execute();
    const bytes = files.reduce((n, f) => n + Number(f.size), 0);
    await trx.deleteFrom('chat_files').where('message_id', '=', message.id).execute();
    await trx.deleteFrom('chat_message_likes').where('message_id', '=', message.id).execute();
    await trx
      .updateTable('chat_messages')
      .set({ deleted_at: ctx.now(), content: '', updated_at: ctx.now() })
      .where('id', '=', message.id)
      .execute();
    await removeDocuments(trx, DocKind.CHAT_MESSAGE, [message.id]);
    if (bytes > 0) {
      const row = await trx
        .selectFrom('chat_storage')
        .select('used_bytes')
        .where('company_id', '=', access.chat.company_id)
        .executeTakeFirst();
      if (row)
        await trx
          .updateTable('chat_storage')
          .set({ used_bytes: Math.max(0, Number(row.used_bytes) - bytes) })
          .where('company_id', '=', access.chat.company_id)
          .execute();
      await trx
        .updateTable('chats')
        .set({ storage_used_bytes: Math.max(0, Number(access.chat.storage_used_bytes) - bytes) })
        .where('id', '=', access.chat.id)
        .execute();
    }
    return files.flatMap((f) => [f.storage_key, f.thumb_key].filter((k): k is string => k !== null));
  });
  // Bytes after rows: the rows are gone, so a failed delete only leaves an orphan for the sweep.
  for (const key of keys) await ctx.storage.delete(key).catch((err: unknown) => log?.warn({ err, key }, 'chat file not deleted'));
  await publishChatEvent(ctx, access.chat.id, 'chat.message.deleted', { message_id: message.id, no: message.no });
}

export async function markRead(ctx: AppContext, user: AuthUser, chatId: number) {
  const chat = await ctx.db.selectFrom('chats').select('last_no').where('id', '=', chatId).executeTakeFirstOrThrow();
  const res = await ctx.db
    .updateTable('chat_members')
    .set({ read_no: chat.last_no })
    .where('chat_id', '=', chatId)
    .where('user_id', '=', user.id)
    .where('read_no', '<', chat.last_no)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0) await publishChatEvent(ctx, chatId, 'chat.read', { user_id: user.id, no: chat.last_no });
}

export async function readAll(ctx: AppContext, user: AuthUser) {
  const behind = await ctx.db
    .selectFrom('chat_members as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .select('c.id')
    .where('m.user_id', '=', user.id)
    .where('m.left_at', 'is', null)
    .whereRef('m.read_no', '<', 'c.last_no')
    .execute();
  for (const c of behind) await markRead(ctx, user, c.id);
}

export async function setFavorite(ctx: AppContext, user: AuthUser, chatId: number, favorite: boolean) {
  await ctx.db
    .updateTable('chat_members')
    .set({ favorite: favorite ? 1 : 0 })
    .where('chat_id', '=', chatId)
    .where('user_id', '=', user.id)
    .execute();
  await publishChatEventTo(ctx, [user.id], chatId, 'chat.updated');
}
