import type { ExpressionBuilder, Selectable } from 'kysely';
import type { AppContext, AuthUser } from '../../kernel';
import type { DB } from '../../db';
import { HttpError } from '../../http/errors';
import { forbidden } from '../../kernel';

/**
 * Who may touch which chat: only its current members. A chat of another company, one the caller
 * never joined and one they left all answer the same 404 CHAT_NOT_FOUND, so ids cannot be probed
 * and a former member learns nothing new. Every further id (message, file) is looked up inside
 * the authorised chat.
 */
export type ChatRecord = Selectable<DB['chats']>;
export type MemberRecord = Selectable<DB['chat_members']>;
export type MessageRecord = Selectable<DB['chat_messages']>;
export type ChatFileRecord = Selectable<DB['chat_files']>;

export const chatNotFound = () => new HttpError(404, 'CHAT_NOT_FOUND', 'The chat does not exist or you have no access to it.');
export const messageNotFound = () => new HttpError(404, 'MESSAGE_NOT_FOUND', 'The message does not exist.');
export const fileNotFound = () => new HttpError(404, 'FILE_NOT_FOUND', 'The file does not exist.');

export interface ChatAccess {
  chat: ChatRecord;
  member: MemberRecord;
}

/** The chats `userId` is a current member of (the rule requireChat applies to one id), as a subquery. */
export function memberChatIds(eb: ExpressionBuilder<any, any>, userId: number, companyId: number) {
  return eb
    .selectFrom('chat_members as vm')
    .innerJoin('chats as vc', 'vc.id', 'vm.chat_id')
    .select('vm.chat_id')
    .where('vm.user_id', '=', userId)
    .where('vm.left_at', 'is', null)
    .where('vc.company_id', '=', companyId);
}

export async function requireChat(ctx: AppContext, user: AuthUser, chatId: number): Promise<ChatAccess> {
  const row = await ctx.db
    .selectFrom('chats as c')
    .innerJoin('chat_members as m', (j) => j.onRef('m.chat_id', '=', 'c.id').on('m.user_id', '=', user.id))
    .selectAll('c')
    .select(['m.read_no', 'm.favorite', 'm.joined_at', 'm.left_at'])
    .where('c.id', '=', chatId)
    .where('c.company_id', '=', user.companyId)
    .executeTakeFirst();
  if (!row || row.left_at !== null) throw chatNotFound();
  const { read_no, favorite, joined_at, left_at, ...chat } = row;
  return { chat, member: { chat_id: chat.id, user_id: user.id, read_no, favorite, joined_at, left_at } };
}

export async function requireMessage(ctx: AppContext, chatId: number, messageId: number): Promise<MessageRecord> {
  const row = await ctx.db
    .selectFrom('chat_messages')
    .selectAll()
    .where('id', '=', messageId)
    .where('chat_id', '=', chatId)
    .executeTakeFirst();
  if (!row) throw messageNotFound();
  return row;
}

/** A message the caller wrote and has not deleted yet (delete is the author's alone). */
export async function requireOwnMessage(ctx: AppContext, user: AuthUser, chatId: number, messageId: number): Promise<MessageRecord> {
  const m = await requireMessage(ctx, chatId, messageId);
  if (m.deleted_at !== null) throw messageNotFound();
  if (m.sender_id !== user.id) throw forbidden();
  return m;
}

export async function requireChatFiles(ctx: AppContext, chatId: number, fileIds: number[]): Promise<ChatFileRecord[]> {
  const unique = [...new Set(fileIds)];
  const rows = await ctx.db.selectFrom('chat_files').selectAll().where('chat_id', '=', chatId).where('id', 'in', unique).execute();
  if (rows.length !== unique.length) throw fileNotFound();
  return unique.map((id) => rows.find((r) => r.id === id)!);
}

/** Current member ids of a chat (the audience of its events). */
export async function memberIds(ctx: AppContext, chatId: number): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('chat_members')
    .select('user_id')
    .where('chat_id', '=', chatId)
    .where('left_at', 'is', null)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * The users a chat may hold: active people of the caller's company who belong to `groupId`.
 * A chosen id that is unknown, of another company or left: 404 USER_NOT_FOUND; one not in the
 * group: 400 USER_NO_EXIST_GENERAL_GROUP_TAG (the spec's "not in the general group" modal) when
 * creating, CHAT_DIFFERENT_GROUPS when inviting into a chat of that group.
 */
export async function requireGroupPeople(
  ctx: AppContext,
  user: AuthUser,
  groupId: number,
  userIds: number[],
  outsideCode: 'USER_NO_EXIST_GENERAL_GROUP_TAG' | 'CHAT_DIFFERENT_GROUPS' = 'USER_NO_EXIST_GENERAL_GROUP_TAG',
): Promise<number[]> {
  const unique = [...new Set(userIds)];
  const people = await ctx.db
    .selectFrom('users as u')
    .leftJoin('group_members as gm', (j) => j.onRef('gm.user_id', '=', 'u.id').on('gm.group_id', '=', groupId))
    .select(['u.id', 'gm.user_id as in_group'])
    .where('u.id', 'in', unique)
    .where('u.company_id', '=', user.companyId)
    .where('u.status', '=', 'active')
    .execute();
  if (people.length !== unique.length) throw new HttpError(404, 'USER_NOT_FOUND', 'A chosen user does not exist.');
  const outside = people.filter((p) => p.in_group === null).map((p) => p.id);
  if (outside.length > 0) {
    throw new HttpError(400, outsideCode, 'Some chosen users are not in the group.', undefined, { user_ids: outside });
  }
  return unique;
}

/** The group a chat is made from must be one of the caller's own, running groups. */
export async function requireOwnGroup(ctx: AppContext, user: AuthUser, groupId: number) {
  const g = await ctx.db
    .selectFrom('groups as g')
    .innerJoin('group_members as m', (j) => j.onRef('m.group_id', '=', 'g.id').on('m.user_id', '=', user.id))
    .select(['g.id', 'g.is_stopped', 'g.max_img_size_per_attachment'])
    .where('g.id', '=', groupId)
    .where('g.company_id', '=', user.companyId)
    .executeTakeFirst();
  if (!g) throw new HttpError(404, 'GROUP_NOT_FOUND', 'The group does not exist or has been deleted.');
  if (g.is_stopped === 1) throw new HttpError(404, 'GROUP_IS_STOPPED', 'The group has been stopped.');
  return g;
}
