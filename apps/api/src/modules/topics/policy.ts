import type { Selectable } from 'kysely';
import type { AppContext, AuthUser } from '../../kernel';
import {
  commonContentScope,
  type ContentAction,
  type ContentScope,
  folderNotFound,
  forbidden,
  groupContentScope,
  requireContentFolder,
  visibleTopics,
} from '../../kernel';
import type { DB } from '../../db';
import { compiledShapes } from '../../db/compiled';
import { HttpError } from '../../http/errors';

/**
 * Who may see and change which topic. A request first resolves a Scope (the group it names, or
 * the caller's company for common topics); every further id (topic, comment, folder) is then
 * looked up *inside* that scope, so an id from another group or company is simply not found,
 * whatever else the request carries. role_edit_topic writes group topics.
 */
export type Scope = ContentScope;

export const topicNotFound = () => new HttpError(404, 'TOPIC_NOT_FOUND', 'The topic does not exist.');
export const commentNotFound = () => new HttpError(404, 'COMMENT_NOT_FOUND', 'The comment does not exist.');
export { folderNotFound };

export type TopicAction = ContentAction;

export async function groupScope(ctx: AppContext, user: AuthUser, groupId: number, action: TopicAction): Promise<Scope> {
  return (await groupContentScope(ctx, user, groupId, action, 'role_edit_topic')).scope;
}

export const commonScope = commonContentScope;

/** The values a compiled query over `visibleTopics` takes (db/compiled.ts slots). */
export type VisibleArgs = { groupId: number; companyId: number; userId: number; now: number };

/** A scope of this kind whose ids are compiled-query slots, for building a query once. */
export function slotScope(kind: Scope['kind'], slot: (name: 'groupId' | 'companyId' | 'userId') => number): Scope {
  return { kind, groupId: slot('groupId'), companyId: slot('companyId'), userId: slot('userId') } as Scope;
}

/** The caller's values for those slots, at this moment. */
export function visibleArgs(ctx: AppContext, scope: Scope): VisibleArgs {
  return { groupId: scope.groupId ?? 0, companyId: scope.companyId, userId: scope.userId, now: ctx.now() };
}

export type TopicRecord = Selectable<DB['topics']>;

type TopicArgs = { groupId: number; companyId: number; userId: number; now: number; topicId: number; inBin: 0 | 1 };

/** Every topic request looks its topic up: compiled once per (scope kind, bin filter). */
const topicQuery = compiledShapes<TopicArgs, { kind: Scope['kind']; inBin: boolean }>()((db, slot, shape) => {
  const scope = slotScope(shape.kind, slot);
  const q = visibleTopics(db, scope, slot('now')).selectAll('t').where('t.id', '=', slot('topicId'));
  return shape.inBin ? q.where('t.in_bin', '=', slot('inBin')) : q;
});

export async function requireTopic(ctx: AppContext, scope: Scope, topicId: number, opts: { inBin?: boolean } = {}): Promise<TopicRecord> {
  const inBin = opts.inBin !== undefined;
  const [row] = await topicQuery(
    ctx.db,
    `${scope.kind}|${inBin}`,
    { kind: scope.kind, inBin },
    {
      groupId: scope.groupId ?? 0,
      companyId: scope.companyId,
      userId: scope.userId,
      now: ctx.now(),
      topicId,
      inBin: opts.inBin ? 1 : 0,
    },
  );
  if (!row) throw topicNotFound();
  return row;
}

/** Every id must be a visible topic of the scope; one stranger id fails the whole request. */
export async function requireTopicIds(ctx: AppContext, scope: Scope, ids: number[], opts: { inBin?: boolean } = {}): Promise<number[]> {
  const unique = [...new Set(ids)];
  let q = visibleTopics(ctx.db, scope, ctx.now()).select('t.id').where('t.id', 'in', unique);
  if (opts.inBin !== undefined) q = q.where('t.in_bin', '=', opts.inBin ? 1 : 0);
  const rows = await q.execute();
  if (rows.length !== unique.length) throw topicNotFound();
  return unique;
}

/**
 * Editing: the topic right, and either authorship, collaborative editing (is_multiple_edit) or
 * administration. Reading the topic is checked before this, so a stranger still gets 404.
 */
export function canEdit(scope: Scope, topic: Pick<TopicRecord, 'author_id' | 'is_multiple_edit'>): boolean {
  if (!scope.canWrite && !scope.isAdmin) return false;
  return scope.isAdmin || topic.author_id === scope.userId || topic.is_multiple_edit === 1;
}

export function requireEdit(scope: Scope, topic: Pick<TopicRecord, 'author_id' | 'is_multiple_edit'>): void {
  if (!canEdit(scope, topic)) throw forbidden();
}

export function requireFolder(ctx: AppContext, groupId: number, folderId: number) {
  return requireContentFolder(ctx, 'topic', groupId, folderId);
}

/** A comment is found only through a topic the caller can see. */
export async function requireComment(ctx: AppContext, scope: Scope, commentId: number, topicId?: number) {
  const row = await ctx.db
    .selectFrom('topic_comments')
    .selectAll()
    .where('id', '=', commentId)
    .$if(topicId !== undefined, (q) => q.where('topic_id', '=', topicId!))
    .executeTakeFirst();
  if (!row) throw commentNotFound();
  try {
    const topic = await requireTopic(ctx, scope, row.topic_id);
    return { comment: row, topic };
  } catch {
    throw commentNotFound();
  }
}
