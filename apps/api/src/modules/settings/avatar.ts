import path from 'node:path';
import { Readable } from 'node:stream';
import { API_PREFIX, AVATAR_FIELD, AVATAR_SIZES, avatarCropSchema, ImageError, type AvatarCrop } from '@portal/api-client';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../kernel';
import { HttpError } from '../../http/errors';
import { storageEtag } from '../../http/signed-url';
import { StorageNotFoundError, type StagedFile } from '../../storage';
import { imageError, receiveImage } from '../../storage/receive-image';
import { writeWithFiles } from '../../storage/write';
import { upsertProfile } from './profile';

const MAX_INPUT_PIXELS = 100_000_000;

export function avatarUrl(userId: number, key: string): string {
  return `${API_PREFIX}/members/${userId}/avatar/${path.posix.basename(key)}`;
}

const cropError = () => new HttpError(400, 'VALIDATION_ERROR', 'The crop box is not inside the image.', { crop: ['validation.invalid'] });

/**
 * The square `crop` of the image (in the pixels of the image as shown, i.e. after its EXIF
 * rotation) as two WebP squares. sharp is imported here, on first upload, as thumbnails do.
 */
async function renderAvatar(input: Buffer, crop: AvatarCrop): Promise<{ large: Buffer; small: Buffer }> {
  const sharp = (await import('sharp')).default;
  let oriented: { data: Buffer; info: { width: number; height: number } };
  try {
    oriented = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
      .rotate()
      .png()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw imageError(AVATAR_FIELD, ImageError.NOT_IMAGE, 'validation.image_type');
  }
  const { width, height } = oriented.info;
  if (crop.x + crop.size > width || crop.y + crop.size > height) throw cropError();
  const square = sharp(oriented.data).extract({ left: crop.x, top: crop.y, width: crop.size, height: crop.size });
  const [large, small] = await Promise.all([
    square.clone().resize(AVATAR_SIZES.large, AVATAR_SIZES.large).webp({ quality: 82 }).toBuffer(),
    square.clone().resize(AVATAR_SIZES.small, AVATAR_SIZES.small).webp({ quality: 80 }).toBuffer(),
  ]);
  return { large, small };
}

/**
 * Replaces the user's avatar pair (or clears it with `next` null) in one transaction; the new
 * files move into place only after it committed (bytes after rows, storage/write.ts) and the old
 * ones are deleted after that, as group images do.
 */
async function replaceAvatar(
  ctx: AppContext,
  userId: number,
  next: { large: StagedFile; small: StagedFile; name: string | null } | null,
  log: FastifyBaseLogger,
): Promise<void> {
  const previous = await writeWithFiles(
    next ? [next.large, next.small] : [],
    () =>
      ctx.db.transaction().execute(async (trx) => {
        let q = trx.selectFrom('user_profiles').select(['avatar_storage_key', 'avatar_small_storage_key']).where('user_id', '=', userId);
        if (ctx.dialect === 'postgres') q = q.forUpdate();
        const row = await q.executeTakeFirst();
        const now = ctx.now();
        await trx
          .updateTable('users')
          .set({
            avatar_path: next ? avatarUrl(userId, next.large.key) : null,
            avatar_small_path: next ? avatarUrl(userId, next.small.key) : null,
            avatar_file_name: next?.name ?? null,
            updated_at: now,
          })
          .where('id', '=', userId)
          .execute();
        await upsertProfile(trx, userId, {
          avatar_storage_key: next?.large.key ?? null,
          avatar_small_storage_key: next?.small.key ?? null,
          updated_at: now,
        });
        return [row?.avatar_storage_key ?? null, row?.avatar_small_storage_key ?? null];
      }),
    log,
  );
  for (const key of previous) {
    if (key) await ctx.storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'replaced avatar not deleted'));
  }
}

export async function uploadAvatar(ctx: AppContext, userId: number, request: FastifyRequest): Promise<void> {
  const image = await receiveImage(ctx.storage, request, { field: AVATAR_FIELD, prefix: `avatars/${userId}` });
  let staged: StagedFile[] = [];
  try {
    const crop = avatarCropSchema.safeParse(image.fields);
    if (!crop.success) throw cropError();
    const { large, small } = await renderAvatar(await image.file.read(0, image.file.size), crop.data);
    const prefix = `avatars/${userId}`;
    staged = [
      await ctx.storage.stage(Readable.from([large]), { prefix, ext: 'webp' }),
      await ctx.storage.stage(Readable.from([small]), { prefix, ext: 'webp' }),
    ];
  } catch (err) {
    for (const f of staged) await f.discard();
    throw err;
  } finally {
    // Only the cropped squares are kept; the original upload goes either way.
    await image.file.discard();
  }
  await replaceAvatar(ctx, userId, { large: staged[0]!, small: staged[1]!, name: image.displayName }, request.log);
}

export function deleteAvatar(ctx: AppContext, userId: number, log: FastifyBaseLogger): Promise<void> {
  return replaceAvatar(ctx, userId, null, log);
}

const notFound = () => new HttpError(404, 'NOT_FOUND', 'The image does not exist.');

/** A colleague's current avatar: same company only, and only the current file names. */
export async function sendAvatar(ctx: AppContext, viewerCompanyId: number, userId: number, name: string, reply: FastifyReply) {
  const row = await ctx.db
    .selectFrom('users as u')
    .innerJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select(['u.company_id', 'p.avatar_storage_key', 'p.avatar_small_storage_key'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row || row.company_id !== viewerCompanyId) throw notFound();
  const key = [row.avatar_storage_key, row.avatar_small_storage_key].find((k) => k && path.posix.basename(k) === name);
  if (!key) throw notFound();
  try {
    const { stream, size } = await ctx.storage.open(key);
    void reply
      .header('Content-Type', 'image/webp')
      .header('Content-Length', String(size))
      .header('Content-Disposition', 'inline; filename="avatar.webp"')
      .header('ETag', storageEtag(key))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, max-age=3600');
    return stream;
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw notFound();
    throw err;
  }
}
