import type { TopicComment } from '@portal/api-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../kernel';
import type { DB } from '../../db';
import { carriedTotal } from '../../http/cursor';
import { HttpError } from '../../http/errors';
import { createFiles, deleteFiles, deleteKeys, discardAll, type ReceivedFile, type Scope as FileScope, writeTransaction } from '../files';
import { commentAttachments } from './attachment-list';
import { rootCountQuery, threadQuery } from './comment-queries';
import { publishTopicEvent } from './events';
import { linkCommentImages, unlinkCommentImages } from './inline-images';
import { commentNotFound, requireComment, type Scope, type TopicRecord } from './policy';
import { sanitizeHtml } from '../../text/sanitize';
import { setRead } from './service';
import { displayName, forbidden, indexComment, PUSH_KINDS, queuePush } from '../../kernel';

type CommentRow = Selectable<DB['topic_comments']>;

export interface CommentPageOptions {
  sortedBy: 'asc' | 'desc';
  limit: number;
  page: number;
  find_page_by_comment_id?: number | undefined;
}

type ThreadRow = CommentRow & {
  author_last: string | null;
  author_first: string | null;
  liker_count: number | string | null;
  is_like: unknown;
  has_files: unknown;
  root_total: number | string | null;
};

/**
 * Roots (in the order asked) with their replies (oldest first), as the caller may see them:
 * anonymity and deletion applied. Files are read only for the comments that have some.
 */
async function present(ctx: AppContext, userId: number, rows: ThreadRow[], dir: 'asc' | 'desc'): Promise<TopicComment[]> {
  const roots = rows.filter((r) => r.parent_id === null).sort((x, y) => (dir === 'asc' ? x.id - y.id : y.id - x.id));
  const replies = rows.filter((r) => r.parent_id !== null).sort((x, y) => x.id - y.id);
  const withFiles = rows.filter((r) => r.is_deleted !== 1 && Boolean(r.has_files)).map((r) => r.id);
  const files = withFiles.length ? await commentAttachments(ctx, withFiles) : new Map<number, TopicComment['attach_file']>();
  const deleted = new Set(roots.filter((r) => r.is_deleted === 1).map((r) => r.id));
  const view = (c: ThreadRow) => {
    const anonymous = c.is_anonymous === 1;
    return {
      id: c.id,
      topic_id: c.topic_id,
      parent_id: c.parent_id,
      content: c.is_deleted === 1 ? '' : c.content_html,
      comment_date: c.created_at,
      commenter_id: anonymous ? null : c.author_id,
      // displayName answers 'User' for a person gone (both names null) or nameless.
      commenter_name: anonymous ? null : displayName({ last_name: c.author_last, first_name: c.author_first }),
      is_anonymous: anonymous,
      is_own: c.author_id === userId,
      is_deleted: c.is_deleted === 1,
      comment_parent_delete: c.parent_id !== null && deleted.has(c.parent_id),
      is_like: Boolean(c.is_like),
      liker_count: Number(c.liker_count ?? 0),
      attach_file: c.is_deleted === 1 ? [] : (files.get(c.id) ?? []),
    };
  };
  return roots.map((r) => ({ ...view(r), comments: replies.filter((x) => x.parent_id === r.id).map(view) }));
}

/**
 * Top-level comments paged (replies ride along with their parent). `find_page_by_comment_id`
 * answers the page holding that comment, or the comment it replies to, so a notification can
 * jump straight to it.
 */
export async function listComments(ctx: AppContext, scope: Scope, topic: TopicRecord, opts: CommentPageOptions) {
  let page = opts.page;
  if (opts.find_page_by_comment_id !== undefined) {
    const { comment } = await requireComment(ctx, scope, opts.find_page_by_comment_id, topic.id);
    const rootId = comment.parent_id ?? comment.id;
    const before = await ctx.db
      .selectFrom('topic_comments')
      .where('topic_id', '=', topic.id)
      .where('parent_id', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', opts.sortedBy === 'asc' ? '<' : '>', rootId)
      .executeTakeFirstOrThrow();
    page = Math.floor(Number(before.n) / opts.limit) + 1;
  }
  const args = { topicId: topic.id, userId: scope.userId, offset: (page - 1) * opts.limit, rootId: 0 };
  const shape = { order: opts.sortedBy, limit: opts.limit };
  const rows = (await threadQuery(ctx.db, `${shape.order}|${shape.limit}`, shape, args)) as ThreadRow[];
  const total = await carriedTotal(
    rows,
    page,
    (r) => r.root_total,
    async () => (await rootCountQuery(ctx.db, { topicId: topic.id }))[0]?.n,
  );
  return {
    data: await present(ctx, scope.userId, rows, opts.sortedBy),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / opts.limit)),
    total,
  };
}

export async function commentDetail(ctx: AppContext, scope: Scope, commentId: number): Promise<TopicComment> {
  const { comment } = await requireComment(ctx, scope, commentId);
  const rootId = comment.parent_id ?? comment.id;
  const rows = (await threadQuery(
    ctx.db,
    'one',
    { order: 'one' },
    { topicId: comment.topic_id, userId: scope.userId, offset: 0, rootId },
  )) as ThreadRow[];
  const [shown] = await present(ctx, scope.userId, rows, 'asc');
  if (!shown) throw commentNotFound();
  if (comment.parent_id === null) return shown;
  const reply = shown.comments.find((c) => c.id === comment.id)!;
  return { ...reply, comments: [] };
}

/**
 * A new comment as any other reader's page shows it, for the event that lets open pages add it
 * without reloading (a comment on a topic forty people have open was forty page reads).
 * Nobody has liked it yet; `is_own` is for each page to tell from `commenter_id`.
 */
function asReaders(c: TopicComment): TopicComment {
  return { ...c, is_own: false, is_like: false, liker_count: 0 };
}

/** Files sent with a comment (multipart), already staged within the topic's per-file bound. */
export interface CommentUpload {
  files: ReceivedFile[];
  fileScope: FileScope;
  log: FastifyBaseLogger;
}

/**
 * A comment or reply, with its files and inline images: the comment row, its image links, the
 * files' rows and the quota commit in one transaction (createFiles with `before`, as a topic's
 * attachments do), the files' bytes last. Attachments alone make a comment; empty text alone does not.
 */
export async function addComment(
  ctx: AppContext,
  scope: Scope,
  topic: TopicRecord,
  body: { content: string; parent_id?: number | null | undefined; is_anonymous: boolean },
  upload?: CommentUpload,
): Promise<TopicComment> {
  const files = upload?.files ?? [];
  let written = false;
  try {
    if (topic.comment_enabled !== 1 || topic.in_bin === 1) throw forbidden();
    if (body.is_anonymous && topic.comment_anonymous !== 1) throw forbidden();
    let parentId: number | null = null;
    // Told of the reply besides the topic's author (its notice goes to the thread's author).
    let parentAuthors: (number | null)[] = [];
    if (body.parent_id) {
      const { comment: parent } = await requireComment(ctx, scope, body.parent_id, topic.id);
      if (parent.is_deleted === 1) throw commentNotFound();
      // Replies are one level deep: answering a reply joins its thread.
      parentId = parent.parent_id ?? parent.id;
      parentAuthors = [parent.author_id, parentId === parent.id ? null : await commentAuthor(ctx, parentId)];
    }
    const { html, text, images } = sanitizeHtml(body.content);
    if (text === '' && images.length === 0 && files.length === 0) {
      throw new HttpError(400, 'VALIDATION_ERROR', undefined, { content: ['validation.required'] });
    }
    const now = ctx.now();
    const write = async (trx: Kysely<DB>) => {
      const inserted = await trx
        .insertInto('topic_comments')
        .values({
          topic_id: topic.id,
          parent_id: parentId,
          author_id: scope.userId,
          content_html: html,
          content_text: text,
          is_anonymous: body.is_anonymous ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await indexComment(trx, inserted.id);
      await linkCommentImages(ctx, trx, scope, inserted.id, html);
      // The author of the answered comment is pushed; in the same transaction as the reply.
      if (body.parent_id) await queuePush(trx, PUSH_KINDS.reply, inserted.id, now, body.parent_id);
      return inserted.id;
    };
    let id = 0;
    if (files.length > 0) {
      await createFiles(
        ctx,
        upload!.fileScope,
        { files, fields: {} },
        {
          log: upload!.log,
          before: async (trx) => {
            id = await write(trx);
            return { topicId: topic.id, commentId: id };
          },
        },
      );
    } else {
      id = await ctx.db.transaction().execute(write);
    }
    written = true;
    await setRead(ctx, scope.userId, topic.id, true);
    const shown = await commentDetail(ctx, scope, id);
    await publishTopicEvent(ctx, topic, 'comment.added', {
      comment_id: id,
      concerns: parentAuthors,
      comment: body.is_anonymous ? undefined : asReaders(shown),
    });
    return shown;
  } catch (err) {
    // Once committed the staged files are stored files: only an unwritten comment's go.
    if (!written) await discardAll(files);
    throw err;
  }
}

/**
 * Only the author deletes a comment; it stays as a marked placeholder so replies keep context.
 * Its files and the inline images nothing else shows go with their usage: the files first (as a
 * topic purge does), so a crash in between leaves a comment without files, never an orphan.
 */
export async function deleteComment(ctx: AppContext, scope: Scope, commentId: number, log?: FastifyBaseLogger): Promise<void> {
  const { comment, topic } = await requireComment(ctx, scope, commentId);
  if (comment.author_id !== scope.userId) throw forbidden();
  const files = await ctx.db.selectFrom('files').select(['id', 'company_id', 'group_id']).where('comment_id', '=', commentId).execute();
  if (files.length) await deleteFiles(ctx, files, log);
  const target = { companyId: topic.company_id, groupId: null };
  const keys = await writeTransaction(
    ctx,
    async (trx) => {
      await trx
        .updateTable('topic_comments')
        .set({ is_deleted: 1, content_html: '', content_text: '', updated_at: ctx.now() })
        .where('id', '=', commentId)
        .execute();
      await indexComment(trx, commentId);
      return unlinkCommentImages(ctx, trx, topic.company_id, commentId);
    },
    target,
  );
  await deleteKeys(ctx, keys, log);
  const concerns = comment.parent_id === null ? [] : [await commentAuthor(ctx, comment.parent_id)];
  await publishTopicEvent(ctx, topic, 'comment.deleted', { comment_id: commentId, concerns });
}

async function commentAuthor(ctx: AppContext, commentId: number): Promise<number | null> {
  const row = await ctx.db.selectFrom('topic_comments').select('author_id').where('id', '=', commentId).executeTakeFirst();
  return row?.author_id ?? null;
}

export async function likeComment(ctx: AppContext, scope: Scope, topicId: number, commentId: number, on: boolean) {
  const { comment, topic } = await requireComment(ctx, scope, commentId, topicId);
  if (comment.is_deleted === 1) throw commentNotFound();
  if (on) {
    await ctx.db
      .insertInto('topic_comment_likes')
      .values({ comment_id: commentId, user_id: scope.userId, created_at: ctx.now() })
      .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
      .execute();
  } else {
    await ctx.db.deleteFrom('topic_comment_likes').where('comment_id', '=', commentId).where('user_id', '=', scope.userId).execute();
  }
  await publishTopicEvent(ctx, topic, 'comment.liked', { comment_id: commentId, concerns: [comment.author_id] });
  const n = await ctx.db
    .selectFrom('topic_comment_likes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('comment_id', '=', commentId)
    .executeTakeFirstOrThrow();
  return { is_like: on, liker_count: Number(n.n) };
}
