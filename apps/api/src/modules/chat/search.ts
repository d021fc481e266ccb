import { MessageSpecial, SearchDataKind, SearchTarget, type SearchHit } from '@portal/api-client';
import type { Kysely } from 'kysely';
import type { DB } from '../../db';
import { snippet } from '../../text/highlight';
import { displayName, DocKind, indexDocument, type Readable, registerSearchSource, type SearchDocument } from '../../kernel';
import { memberChatIds } from './policy';

/** Only what people typed is searchable: file messages and join/leave/rename notices have no text of theirs. */
const searchable = (special: number, content: string) => special === MessageSpecial.TEXT && content !== '';

/** Indexes a message just stored (same transaction as the insert). */
export async function indexMessage(
  trx: Kysely<DB>,
  m: { id: number; content: string; message_special: number },
  companyId: number,
): Promise<void> {
  if (searchable(m.message_special, m.content))
    await indexDocument(trx, { kind: DocKind.CHAT_MESSAGE, id: m.id, companyId, content: m.content });
}

async function documents(db: Kysely<DB>, after: number, limit: number): Promise<SearchDocument[]> {
  const rows = await db
    .selectFrom('chat_messages as msg')
    .innerJoin('chats as c', 'c.id', 'msg.chat_id')
    .select(['msg.id', 'msg.content', 'c.company_id'])
    .where('msg.id', '>', after)
    .where('msg.deleted_at', 'is', null)
    .where('msg.message_special', '=', MessageSpecial.TEXT)
    .orderBy('msg.id')
    .limit(limit)
    .execute();
  // The page is cut by id, so an empty text still advances it (it just indexes nothing).
  return rows.map((m) => ({ kind: DocKind.CHAT_MESSAGE, id: m.id, companyId: m.company_id, content: m.content }));
}

registerSearchSource({
  target: SearchTarget.CHAT,
  kind: DocKind.CHAT_MESSAGE,
  // Not `m`: the PostgreSQL search joins readable() laterally to an unnest aliased m.
  idColumn: 'msg.id',
  fields: [SearchDataKind.CONTENT],
  // The chat's own rule: current members only, so a former member finds nothing, old or new.
  readable: (db, f) => {
    let q = db
      .selectFrom('chat_messages as msg')
      .select(['msg.id as id', 'msg.created_at as at'])
      .where('msg.deleted_at', 'is', null)
      .where('msg.message_special', '=', MessageSpecial.TEXT)
      .where('msg.chat_id', 'in', (eb) => memberChatIds(eb, f.userId, f.companyId))
      .where('msg.created_at', '>=', f.from);
    if (f.to !== null) q = q.where('msg.created_at', '<', f.to);
    return q as unknown as Readable;
  },
  byUploader: (q, userIds) => q.where('msg.sender_id', 'in', userIds.length ? userIds : [0]),
  documents,
  async present(ctx, user, ids, words) {
    const rows = await ctx.db
      .selectFrom('chat_messages as msg')
      .innerJoin('chats as c', 'c.id', 'msg.chat_id')
      .leftJoin('users as u', 'u.id', 'msg.sender_id')
      .select(['msg.id', 'msg.chat_id', 'msg.content', 'msg.created_at', 'c.name', 'c.only_user', 'u.last_name', 'u.first_name'])
      .where('msg.id', 'in', ids)
      .execute();
    const names = await pairNames(ctx.db, user.id, [...new Set(rows.filter((r) => r.only_user === 1).map((r) => r.chat_id))]);
    return new Map(
      rows.map((r): [number, SearchHit] => {
        const title = r.name || names.get(r.chat_id) || '';
        return [
          r.id,
          {
            kind: 'chat',
            id: r.id,
            title,
            title_highlights: [], // chat names are not searched (the title kind is off for chat)
            ...snippet(r.content, words),
            at: Number(r.created_at),
            author_name: r.last_name === null ? null : displayName(r),
            location: { type: 'chat', name: title, folder_name: null },
            link: `/chat/detail/${r.chat_id}?from=search&messageId=${r.id}`,
          },
        ];
      }),
    );
  },
});

/** A one-to-one chat has no name: it is called by the other person, as in the chat list. */
async function pairNames(db: Kysely<DB>, userId: number, chatIds: number[]): Promise<Map<number, string>> {
  if (chatIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('chat_members as cm')
    .innerJoin('users as u', 'u.id', 'cm.user_id')
    .select(['cm.chat_id', 'u.last_name', 'u.first_name'])
    .where('cm.chat_id', 'in', chatIds)
    .where('cm.user_id', '<>', userId)
    .execute();
  return new Map(rows.map((r) => [r.chat_id, displayName(r)]));
}
