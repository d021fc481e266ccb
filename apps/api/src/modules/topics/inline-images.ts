import { ImageError, INLINE_IMAGE_FIELD, inlineImageUrl, LIMITS, type INLINE_IMAGE_MIMES } from '@portal/api-client';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { AppContext } from '../../kernel';
import type { DB } from '../../db';
import { HttpError } from '../../http/errors';
import { storageEtag } from '../../http/signed-url';
import { StorageNotFoundError, type StagedFile } from '../../storage';
import { detectFileKind } from '../../storage/file-kind';
import { chargeUsage, deleteKeys, writeTransaction } from '../files';
import { writeWithFiles } from '../../storage/write';
import type { Scope } from './policy';
import { inlineImageId, sanitizeHtml } from '../../text/sanitize';

/**
 * Inline images of topic content. The editor uploads an image on its own and puts the returned
 * URL in `<img src>`; the sanitiser keeps no other image source. Saving a topic links the images
 * its content shows (topic_inline_images), and those links are the only way anyone but the
 * uploader may load an image: through a topic they can read. Comments link the images they show
 * the same way (comment_inline_images): readable through the comment's topic. Images nothing
 * shows are swept after UNUSED_IMAGE_TTL_MS (an abandoned editor, or an image taken out again).
 */

const MB = 1024 * 1024;
export const UNUSED_IMAGE_TTL_MS = 24 * 60 * 60_000;
type InlineMime = (typeof INLINE_IMAGE_MIMES)[number];
const EXT: Record<InlineMime, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

export const imageNotFound = () => new HttpError(404, 'FILE_NOT_FOUND', 'The image does not exist.');
function imageError(code: number, key: string, data: Record<string, unknown> = {}): HttpError {
  return new HttpError(
    400,
    'VALIDATION_ERROR',
    'The image was not accepted.',
    { [INLINE_IMAGE_FIELD]: [key] },
    { image_error: code, ...data },
  );
}
const empty = () => imageError(ImageError.EMPTY, 'validation.required');
const overSize = (maxMb: number) =>
  new HttpError(400, 'UPLOAD_OVER_SIZE', 'The image is larger than allowed.', undefined, {
    max_mb: maxMb,
    image_error: ImageError.OVER_SIZE,
  });

/** PNG, JPEG and GIF as the file engine judges them, plus WebP (RIFF….WEBPVP8); by the bytes only. */
async function rasterType(staged: StagedFile): Promise<InlineMime | null> {
  const d = await detectFileKind(staged.read, 'image');
  if (d.kind === 'image' && d.mime in EXT) return d.mime as InlineMime;
  const head = await staged.read(0, 16);
  const at = (i: number, s: string) => head.toString('latin1', i, i + s.length) === s;
  return at(0, 'RIFF') && at(8, 'WEBP') && at(12, 'VP8') ? 'image/webp' : null;
}

/** Streams the one image of the request into staging, within `maxMb`, and checks its bytes. */
async function receiveImage(ctx: AppContext, request: FastifyRequest, companyId: number, maxMb: number) {
  let staged: StagedFile | null = null;
  try {
    if (!request.isMultipart()) throw empty();
    const part = await request.file({ limits: { fileSize: maxMb * MB, files: 1, parts: 3 } });
    if (!part || part.fieldname !== INLINE_IMAGE_FIELD) throw empty();
    staged = await ctx.storage.stage(part.file, { prefix: `companies/${companyId}/inline` });
    if (part.file.truncated) throw overSize(maxMb);
    if (staged.size === 0) throw empty();
    const mime = await rasterType(staged);
    if (!mime) throw imageError(ImageError.NOT_IMAGE, 'validation.image_type');
    return { file: staged.withExt(EXT[mime]), mime };
  } catch (err) {
    await staged?.discard();
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw overSize(maxMb);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw empty();
    throw err;
  }
}

/**
 * Stores an uploaded image for `userId`, its bytes counted against the company's storage in the
 * same transaction as its row (EXCEED_COMPANY_STORAGE_CAPACITY refuses it), committed last.
 */
export async function uploadImage(
  ctx: AppContext,
  request: FastifyRequest,
  user: { id: number; companyId: number },
  maxMb: number = LIMITS.imageMaxMb,
) {
  const { file, mime } = await receiveImage(ctx, request, user.companyId, maxMb);
  const target = { companyId: user.companyId, groupId: null };
  const id = await writeWithFiles([file], () =>
    writeTransaction(
      ctx,
      async (trx) => {
        await chargeUsage(ctx, trx, target, file.size);
        const row = await trx
          .insertInto('inline_images')
          .values({ company_id: user.companyId, uploader_id: user.id, storage_key: file.key, mime, size: file.size, created_at: ctx.now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      },
      target,
    ),
  );
  return { id, url: inlineImageUrl(id), mime, size: file.size };
}

type Eb = ExpressionBuilder<DB & { i: DB['inline_images'] }, 'i'>;

/**
 * The image is one `userId` may load: uploaded by them, or shown by a topic they can read — a
 * group topic of a running group they belong to, a common topic reaching one of their running
 * groups; before delivery only its author's.
 */
function readableBy(eb: Eb, userId: number, now: number): Expression<SqlBool> {
  const inRunningGroup = (groupCol: 't.group_id' | 'd.group_id') =>
    sql<boolean>`exists (select 1 from group_members m join groups g on g.id = m.group_id where m.group_id = ${sql.ref(groupCol)} and m.user_id = ${userId} and g.is_stopped = 0)`;
  const delivered = sql<boolean>`(t.delivery_at <= ${now} or t.author_id = ${userId})`;
  const reachesUser = sql<boolean>`exists (select 1 from topic_destinations d where d.topic_id = t.id and ${inRunningGroup('d.group_id')})`;
  const commonReadable = sql<boolean>`(t.author_id = ${userId} or (t.delivery_at <= ${now} and ${reachesUser}))`;
  const readableTopic = sql<boolean>`t.company_id = i.company_id and (
      (t.group_id is not null and ${delivered} and ${inRunningGroup('t.group_id')})
      or (t.group_id is null and ${commonReadable})
    )`;
  const topicReadable = sql<SqlBool>`(exists (
    select 1 from topic_inline_images l join topics t on t.id = l.topic_id
    where l.image_id = i.id and ${readableTopic}
  ) or exists (
    select 1 from comment_inline_images cl join topic_comments c on c.id = cl.comment_id join topics t on t.id = c.topic_id
    where cl.image_id = i.id and c.is_deleted = 0 and ${readableTopic}
  ))`;
  return eb.or([eb('i.uploader_id', '=', userId), topicReadable]);
}

/** No topic and no comment shows the image. */
function unlinked(eb: Eb): Expression<SqlBool> {
  return eb.and([
    eb.not(eb.exists(eb.selectFrom('topic_inline_images as l').select('l.image_id').whereRef('l.image_id', '=', 'i.id'))),
    eb.not(eb.exists(eb.selectFrom('comment_inline_images as cl').select('cl.image_id').whereRef('cl.image_id', '=', 'i.id'))),
  ]);
}

/** An image the caller may load; anything else (another company's, unlinked, unknown) is not found. */
export async function requireReadableImage(ctx: AppContext, user: { id: number; companyId: number }, imageId: number) {
  const row = await ctx.db
    .selectFrom('inline_images as i')
    .selectAll('i')
    .where('i.id', '=', imageId)
    .where('i.company_id', '=', user.companyId)
    .where((eb) => readableBy(eb, user.id, ctx.now()))
    .executeTakeFirst();
  if (!row) throw imageNotFound();
  return row;
}

/** Streams an image as itself (raster types only); nosniff, so no browser reads it as a page. */
export async function sendImage(ctx: AppContext, reply: FastifyReply, image: { id: number; storage_key: string; mime: string }) {
  const ext = EXT[image.mime as InlineMime];
  try {
    const { stream, size } = await ctx.storage.open(image.storage_key);
    void reply
      .header('Content-Type', ext ? image.mime : 'application/octet-stream')
      .header('Content-Disposition', `${ext ? 'inline' : 'attachment'}; filename="image-${image.id}.${ext ?? 'bin'}"`)
      .header('Content-Length', String(size))
      .header('ETag', storageEtag(image.storage_key))
      .header('X-Content-Type-Options', 'nosniff')
      // The bytes behind an id never change; who may read them can, so no shared cache.
      .header('Cache-Control', 'private, max-age=3600');
    return stream;
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw imageNotFound();
    throw err;
  }
}

/**
 * Inside a topic's write: the images its content shows become readable through it. The saver may
 * show only images they can load themselves (their uploads, or a copy from a topic they read), so
 * a guessed id of someone else's image fails the save. Images named in `deletedSrc` that no topic
 * shows any more, and that this topic showed or the saver uploaded, are deleted with their
 * usage; their storage keys are returned for deletion after the commit.
 */
export async function linkInlineImages(
  ctx: AppContext,
  trx: Kysely<DB>,
  scope: Scope,
  topicId: number,
  content: string,
  deletedSrc: string[],
): Promise<string[]> {
  const ids = sanitizeHtml(content).images;
  const before = (await trx.selectFrom('topic_inline_images').select('image_id').where('topic_id', '=', topicId).execute()).map(
    (r) => r.image_id,
  );
  if (ids.length) {
    const now = ctx.now();
    const readable = await trx
      .selectFrom('inline_images as i')
      .select('i.id')
      .where('i.id', 'in', ids)
      .where('i.company_id', '=', scope.companyId)
      .where((eb) => eb.or([eb('i.id', 'in', before.length ? before : [0]), readableBy(eb, scope.userId, now)]))
      .execute();
    if (readable.length !== ids.length) throw imageNotFound();
  }
  await trx.deleteFrom('topic_inline_images').where('topic_id', '=', topicId).execute();
  if (ids.length)
    await trx
      .insertInto('topic_inline_images')
      .values(ids.map((id) => ({ topic_id: topicId, image_id: id })))
      .execute();

  const shown = new Set(ids);
  const gone = [...new Set(deletedSrc.map(inlineImageId))].filter((id): id is number => id !== null && !shown.has(id));
  if (gone.length === 0) return [];
  const rows = await trx
    .selectFrom('inline_images as i')
    .select(['i.id', 'i.storage_key', 'i.size'])
    .where('i.id', 'in', gone)
    .where('i.company_id', '=', scope.companyId)
    .where((eb) => eb.or([eb('i.uploader_id', '=', scope.userId), eb('i.id', 'in', before.length ? before : [0])]))
    .where(unlinked)
    .execute();
  return removeImages(ctx, trx, scope.companyId, rows);
}

/**
 * Inside a new comment's write: links the images its content shows, each one the commenter may
 * load (their upload, or one a topic or comment they read shows); a stranger's id fails the post.
 */
export async function linkCommentImages(ctx: AppContext, trx: Kysely<DB>, scope: Scope, commentId: number, html: string): Promise<void> {
  const ids = sanitizeHtml(html).images;
  if (ids.length === 0) return;
  const now = ctx.now();
  const readable = await trx
    .selectFrom('inline_images as i')
    .select('i.id')
    .where('i.id', 'in', ids)
    .where('i.company_id', '=', scope.companyId)
    .where((eb) => readableBy(eb, scope.userId, now))
    .execute();
  if (readable.length !== ids.length) throw imageNotFound();
  await trx
    .insertInto('comment_inline_images')
    .values(ids.map((id) => ({ comment_id: commentId, image_id: id })))
    .execute();
}

/**
 * Inside a comment's deletion: its image links go, and the images nothing else shows any more
 * are deleted with their usage. Returns their storage keys, to delete after the commit.
 */
export async function unlinkCommentImages(ctx: AppContext, trx: Kysely<DB>, companyId: number, commentId: number): Promise<string[]> {
  const ids = (await trx.selectFrom('comment_inline_images').select('image_id').where('comment_id', '=', commentId).execute()).map(
    (r) => r.image_id,
  );
  if (ids.length === 0) return [];
  await trx.deleteFrom('comment_inline_images').where('comment_id', '=', commentId).execute();
  const rows = await trx
    .selectFrom('inline_images as i')
    .select(['i.id', 'i.storage_key', 'i.size'])
    .where('i.id', 'in', ids)
    .where('i.company_id', '=', companyId)
    .where(unlinked)
    .execute();
  return removeImages(ctx, trx, companyId, rows);
}

async function removeImages(
  ctx: AppContext,
  trx: Kysely<DB>,
  companyId: number,
  rows: { id: number; storage_key: string; size: number }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  await trx
    .deleteFrom('inline_images')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  await chargeUsage(ctx, trx, { companyId, groupId: null }, -rows.reduce((n, r) => n + Number(r.size), 0));
  return rows.map((r) => r.storage_key);
}

/**
 * The sweep job's work: images no topic shows and older than UNUSED_IMAGE_TTL_MS go, a company
 * and a batch at a time (usage refunded in the same transaction), bytes after the commit.
 */
export async function sweepUnusedImages(ctx: AppContext, log?: FastifyBaseLogger, batch = 200): Promise<number> {
  const cutoff = ctx.now() - UNUSED_IMAGE_TTL_MS;
  let removed = 0;
  for (;;) {
    const candidates = await ctx.db
      .selectFrom('inline_images as i')
      .select(['i.company_id'])
      .where('i.created_at', '<=', cutoff)
      .where(unlinked)
      .limit(1)
      .executeTakeFirst();
    if (!candidates) return removed;
    const { keys, n } = await writeTransaction(
      ctx,
      async (trx) => {
        const rows = await trx
          .selectFrom('inline_images as i')
          .select(['i.id', 'i.storage_key', 'i.size'])
          .where('i.company_id', '=', candidates.company_id)
          .where('i.created_at', '<=', cutoff)
          .where(unlinked)
          .orderBy('i.id')
          .limit(batch)
          .execute();
        return { keys: await removeImages(ctx, trx, candidates.company_id, rows), n: rows.length };
      },
      { companyId: candidates.company_id, groupId: null },
    );
    removed += n;
    // Linked meanwhile by a save: nothing left to take.
    if (keys.length === 0) return removed;
    await deleteKeys(ctx, keys, log);
  }
}
