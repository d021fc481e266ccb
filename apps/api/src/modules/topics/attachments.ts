import { commentBody, LIMITS, TOPIC_FORM_DATA_MAX_BYTES, TOPIC_FORM_FIELDS, type TopicComment } from '@portal/api-client';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../kernel';
import type { DB } from '../../db';
import { HttpError, validationError } from '../../http/errors';
import { multilinePaths, parseFormJson } from '../../http/text-rule';
import {
  chargeUsage,
  createFiles,
  deleteKeys,
  discardAll,
  fileNotFound,
  type FileRecord,
  keysOf,
  type ReceivedFile,
  receiveFiles,
  type Scope as FileScope,
  scopedFiles,
  targetOf,
} from '../files';
import { addComment } from './comments';
import { linkInlineImages } from './inline-images';
import { requireTopic, type Scope } from './policy';
import type { TopicWriter } from './service';

/**
 * Topic attachments: files of the group's (or, for common topics, the company's) shared folder
 * marked as the topic's attachments. They are written in the topic's own transaction through
 * the file engine (createFiles with `before`), so the topic, the rows, the quota and the bytes
 * commit together or not at all.
 */

/** What a create or update body brings besides the topic fields. */
interface FormBody {
  content: string;
  deleted_tiny_src?: string[] | undefined;
  deleted_attach_file?: number[] | undefined;
}

export interface TopicForm<B extends FormBody> {
  body: B;
  files: ReceivedFile[];
  fileScope: FileScope;
}

const tooMany = () => new HttpError(400, 'TOO_MANY_FILES', 'Too many files on one topic.', undefined, { max: LIMITS.maxFilesPerUpload });

/** The file engine's scope for a topic's attachments: same owner, the owner's per-file bound. */
async function attachmentScope(ctx: AppContext, scope: Scope): Promise<FileScope> {
  if (scope.kind === 'common') return { ...scope, maxFileMb: LIMITS.commonMaxFileMb };
  const g = await ctx.db
    .selectFrom('groups')
    .select('max_img_size_per_attachment')
    .where('id', '=', scope.groupId!)
    .executeTakeFirstOrThrow();
  return { ...scope, maxFileMb: g.max_img_size_per_attachment };
}

/**
 * The body and files of a create or update. A JSON request arrives validated by the route; a
 * multipart one (sent only after the route authorised the caller) is streamed to staging file by
 * file, and its `data` part is validated with the same schema. On any failure nothing staged stays.
 */
export async function readTopicForm<S extends z.ZodType<FormBody>>(
  ctx: AppContext,
  request: FastifyRequest,
  scope: Scope,
  body: z.output<S> | undefined,
  schema: S,
): Promise<TopicForm<z.output<S>>> {
  const fileScope = await attachmentScope(ctx, scope);
  if (body !== undefined) return { body, files: [], fileScope };
  const received = await receiveFiles(ctx, request, fileScope, LIMITS.maxFilesPerUpload, {
    files: TOPIC_FORM_FIELDS.files,
    data: { name: TOPIC_FORM_FIELDS.data, maxBytes: TOPIC_FORM_DATA_MAX_BYTES },
    allowNoFiles: true,
  });
  try {
    const value = parseFormJson(received.data, TOPIC_FORM_FIELDS.data, multilinePaths(schema));
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw validationError(parsed.error, [], { value });
    return { body: parsed.data, files: received.files, fileScope };
  } catch (err) {
    await discardAll(received.files);
    throw err;
  }
}

/** Removes attachments of the topic inside its write; another topic's id fails the whole save. */
async function removeAttachments(
  ctx: AppContext,
  trx: Kysely<DB>,
  fileScope: FileScope,
  topicId: number,
  ids: number[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await trx
    .selectFrom('files')
    .select('id')
    .where('topic_id', '=', topicId)
    .where('is_attachment', '=', 1)
    .where('comment_id', 'is', null)
    .where('id', 'in', unique)
    .execute();
  if (found.length !== unique.length) throw fileNotFound();
  const versions = await trx
    .selectFrom('file_versions')
    .select(['storage_key', 'thumb_key', 'size'])
    .where('file_id', 'in', unique)
    .execute();
  await trx.deleteFrom('files').where('id', 'in', unique).execute();
  await chargeUsage(ctx, trx, targetOf(fileScope), -versions.reduce((n, v) => n + Number(v.size), 0));
  return versions.flatMap(keysOf);
}

async function assertRoom(trx: Kysely<DB>, topicId: number, adding: number): Promise<void> {
  if (adding === 0) return;
  const row = await trx
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('topic_id', '=', topicId)
    .where('is_attachment', '=', 1)
    .where('comment_id', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(row.n) + adding > LIMITS.maxFilesPerUpload) throw tooMany();
}

/**
 * Runs a create or update (`run` calls the service with the writer it is given) with the form's
 * attachments and inline images: inside the topic's transaction the removed attachments go (their
 * usage refunded), the 30-file bound is checked, the content's inline images are linked, then the
 * new files are inserted and charged, and their bytes committed last. Bytes of what was removed
 * are deleted once the transaction has committed.
 */
export async function saveWithFiles<B extends FormBody, T>(
  ctx: AppContext,
  scope: Scope,
  form: TopicForm<B>,
  log: FastifyBaseLogger,
  run: (writer: TopicWriter) => Promise<T>,
): Promise<T> {
  const removed: string[] = [];
  const writer: TopicWriter = async (write) => {
    let topicId = 0;
    await createFiles(
      ctx,
      form.fileScope,
      { files: form.files, fields: {} },
      {
        log,
        before: async (trx) => {
          // A transaction retried after a lock conflict starts over: forget the first try's keys.
          removed.length = 0;
          topicId = await write(trx);
          removed.push(...(await removeAttachments(ctx, trx, form.fileScope, topicId, form.body.deleted_attach_file ?? [])));
          await assertRoom(trx, topicId, form.files.length);
          removed.push(...(await linkInlineImages(ctx, trx, scope, topicId, form.body.content, form.body.deleted_tiny_src ?? [])));
          return topicId;
        },
      },
    );
    return topicId;
  };
  try {
    const result = await run(writer);
    await deleteKeys(ctx, removed, log);
    return result;
  } catch (err) {
    await discardAll(form.files);
    throw err;
  }
}

/**
 * One attachment of a topic already found in scope, its own or one of its comments' (a comment's
 * files are read by whoever reads its topic); any other file id is not found.
 */
export async function requireAttachment(ctx: AppContext, fileScope: FileScope, topicId: number, fileId: number): Promise<FileRecord> {
  const row = await scopedFiles(ctx, fileScope)
    .selectAll('f')
    .where('f.id', '=', fileId)
    .where('f.topic_id', '=', topicId)
    .where('f.is_attachment', '=', 1)
    .executeTakeFirst();
  if (!row) throw fileNotFound();
  return row;
}

/**
 * Attachments of topics the caller reads, in the caller's order: the topics' own, or with
 * `commentFiles` their comments'. One stranger id (or one of the other kind) fails them all.
 */
export async function requireAttachments(
  ctx: AppContext,
  fileScope: FileScope,
  ids: number[],
  commentFiles = false,
): Promise<FileRecord[]> {
  const unique = [...new Set(ids)];
  const rows = await scopedFiles(ctx, fileScope)
    .selectAll('f')
    .where('f.id', 'in', unique)
    .where('f.is_attachment', '=', 1)
    .where('f.topic_id', 'is not', null)
    .where('f.comment_id', commentFiles ? 'is not' : 'is', null)
    .execute();
  if (rows.length !== unique.length) throw fileNotFound();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id)!);
}

export const fileScopeOf = attachmentScope;

/**
 * A comment from a JSON or multipart request (the caller already authorised to read the scope):
 * its files are staged within the topic's per-file bound and at most LIMITS.maxFilesPerUpload,
 * the topic is found in scope, then the comment is written with them (comments.addComment).
 */
export async function postComment(
  ctx: AppContext,
  request: FastifyRequest,
  scope: Scope,
  body: z.output<typeof commentBody> | undefined,
): Promise<TopicComment> {
  const form = await readTopicForm(ctx, request, scope, body, commentBody);
  const topic = await requireTopic(ctx, scope, form.body.topic_id).catch(async (err: unknown) => {
    await discardAll(form.files);
    throw err;
  });
  return addComment(ctx, scope, topic, form.body, { files: form.files, fileScope: form.fileScope, log: request.log });
}
