import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppContext, AuthUser } from '../../kernel';
import { writeTransaction } from '../files';
import { DocKind, forbidden, removeDocuments } from '../../kernel';
import { memberIds, type ChatAccess } from './policy';
import { publishChatEventTo } from './events';
import { people } from './queries';
import { renameChat, setFavorite } from './service';

/**
 * group-chat/update{suffix}: the spec's generic update of a chat. The name follows the rename
 * rule (group chats only, the others see a "renamed" line); the favourite is the caller's own.
 * Both are checked before either is written, so a refused name changes nothing.
 */
export async function updateChat(
  ctx: AppContext,
  user: AuthUser,
  access: ChatAccess,
  body: { name?: string | undefined; favorite?: boolean | undefined },
) {
  if (body.name !== undefined && access.chat.only_user === 1) throw forbidden();
  if (body.name !== undefined && body.name !== access.chat.name) await renameChat(ctx, user, access, body.name);
  if (body.favorite !== undefined) await setFavorite(ctx, user, access.chat.id, body.favorite);
}

const CHUNK = 500;

/**
 * group-chat/destroy{suffix}: a group chat is deleted for everyone by the person who made it; a
 * one-to-one chat is never destroyed (either side only leaves it, and it can be reopened). Rows
 * go in one transaction with the chat area's bytes given back; stored bytes after the commit
 * (a failed delete leaves an orphan for the sweep, never a row pointing at nothing).
 */
export async function destroyChat(ctx: AppContext, user: AuthUser, access: ChatAccess, log: FastifyBaseLogger) {
  const chat = access.chat;
  if (chat.only_user === 1 || chat.created_by_user_id !== user.id) throw forbidden();
  const audience = await memberIds(ctx, chat.id);
  const keys = await writeTransaction(ctx, async (trx) => {
    const files = await trx.selectFrom('chat_files').select(['storage_key', 'thumb_key', 'size']).where('chat_id', '=', chat.id).execute();
    const bytes = files.reduce((n, f) => n + Number(f.size), 0);
    const messageIds = (await trx.selectFrom('chat_messages').select('id').where('chat_id', '=', chat.id).execute()).map((m) => m.id);
    for (let i = 0; i < messageIds.length; i += CHUNK) {
      const ids = messageIds.slice(i, i + CHUNK);
      await removeDocuments(trx, DocKind.CHAT_MESSAGE, ids);
      await trx.deleteFrom('chat_message_likes').where('message_id', 'in', ids).execute();
    }
    await trx.deleteFrom('chat_files').where('chat_id', '=', chat.id).execute();
    // Replies point at messages of the same chat: cut those links before the rows go.
    await trx.updateTable('chat_messages').set({ reply_to_id: null }).where('chat_id', '=', chat.id).execute();
    await trx.deleteFrom('chat_messages').where('chat_id', '=', chat.id).execute();
    await trx.deleteFrom('chat_members').where('chat_id', '=', chat.id).execute();
    await trx.deleteFrom('chats').where('id', '=', chat.id).execute();
    if (bytes > 0) {
      await trx
        .updateTable('chat_storage')
        .set({ used_bytes: sql<number>`CASE WHEN used_bytes > ${bytes} THEN used_bytes - ${bytes} ELSE 0 END` })
        .where('company_id', '=', chat.company_id)
        .execute();
    }
    return files.flatMap((f) => [f.storage_key, f.thumb_key].filter((k): k is string => k !== null));
  });
  for (const key of keys) await ctx.storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'chat file not deleted'));
  // The chat is gone, so its members are told directly: their lists drop it, an open detail gets 404.
  if (audience.length) await publishChatEventTo(ctx, audience, chat.id, 'chat.members');
}

/**
 * chat/user-chated: everyone who is in a chat with the caller now (both still members), each
 * once, most recent activity of a shared chat first. Only the caller's company's chats count.
 */
export async function usersChatted(ctx: AppContext, user: AuthUser, q: { page: number; limited: number }) {
  const base = ctx.db
    .selectFrom('chat_members as me')
    .innerJoin('chats as c', 'c.id', 'me.chat_id')
    .innerJoin('chat_members as other', 'other.chat_id', 'c.id')
    .where('me.user_id', '=', user.id)
    .where('me.left_at', 'is', null)
    .where('other.left_at', 'is', null)
    .where('other.user_id', '<>', user.id)
    .where('c.company_id', '=', user.companyId);
  const total = Number((await base.select((eb) => eb.fn.count<number>('other.user_id').distinct().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .select(['other.user_id', (eb) => eb.fn.max('c.last_activity_at').as('last')])
    .groupBy('other.user_id')
    .orderBy('last', 'desc')
    .orderBy('other.user_id', 'asc')
    .limit(q.limited)
    .offset((q.page - 1) * q.limited)
    .execute();
  const who = await people(
    ctx,
    rows.map((r) => r.user_id),
  );
  const data = rows.flatMap((r) => {
    const p = who.get(r.user_id);
    return p ? [{ ...p, last_chatted_at: Number(r.last) }] : [];
  });
  return { data, current_page: q.page, last_page: Math.max(1, Math.ceil(total / q.limited)), total };
}
