import { Readable } from 'node:stream';
import { API_PREFIX, ImageError, THEME_IMAGE_FIELD, type ThemeImageSlot } from '@portal/api-client';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../kernel';
import { HttpError } from '../../http/errors';
import { StorageNotFoundError, type StagedFile } from '../../storage';
import { imageError, receiveImage } from '../../storage/receive-image';
import { writeWithFiles } from '../../storage/write';

const MAX_INPUT_PIXELS = 100_000_000;
/** Wide enough for a full-HD background; anything bigger only costs bandwidth. */
const MAX_WIDTH = 2400;

const urlOf = (slot: ThemeImageSlot, updatedAt: number) => `${API_PREFIX}/members/me/setting-theme/images/${slot}?v=${updatedAt}`;

export async function listThemeImages(ctx: AppContext, userId: number) {
  const rows = await ctx.db
    .selectFrom('user_theme_images')
    .select(['slot', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('slot')
    .execute();
  return rows.map((r) => ({ slot: r.slot, url: urlOf(r.slot, Number(r.updated_at)), updated_at: Number(r.updated_at) }));
}

/**
 * Re-encodes the upload as WebP without metadata (what is stored is always an image we made, so
 * no crafted file is ever served back), at most MAX_WIDTH wide, rotated by its EXIF orientation.
 */
async function reencode(input: Buffer): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw imageError(THEME_IMAGE_FIELD, ImageError.NOT_IMAGE, 'validation.image_type');
  }
}

/** Replaces (or with `next` null removes) one slot's picture: row first, bytes after, old file last. */
async function replace(ctx: AppContext, userId: number, slot: ThemeImageSlot, next: StagedFile | null, log: FastifyBaseLogger) {
  const previous = await writeWithFiles(
    [next],
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const old = await trx
          .selectFrom('user_theme_images')
          .select('storage_key')
          .where('user_id', '=', userId)
          .where('slot', '=', slot)
          .executeTakeFirst();
        await trx.deleteFrom('user_theme_images').where('user_id', '=', userId).where('slot', '=', slot).execute();
        if (next)
          await trx
            .insertInto('user_theme_images')
            .values({ user_id: userId, slot, storage_key: next.key, updated_at: ctx.now() })
            .execute();
        return old?.storage_key ?? null;
      }),
    log,
  );
  if (previous)
    await ctx.storage.delete(previous).catch((err: unknown) => log.warn({ err, key: previous }, 'replaced theme image not deleted'));
}

/** Through the same checks as every image upload (receiveImage: content sniffing, size, minimum). */
export async function uploadThemeImage(ctx: AppContext, userId: number, slot: ThemeImageSlot, request: FastifyRequest) {
  const prefix = `themes/${userId}`;
  const image = await receiveImage(ctx.storage, request, { field: THEME_IMAGE_FIELD, prefix });
  let staged: StagedFile | null = null;
  try {
    const webp = await reencode(await image.file.read(0, image.file.size));
    staged = await ctx.storage.stage(Readable.from([webp]), { prefix, ext: 'webp' });
  } catch (err) {
    await staged?.discard();
    throw err;
  } finally {
    await image.file.discard();
  }
  await replace(ctx, userId, slot, staged, request.log);
}

export const deleteThemeImage = (ctx: AppContext, userId: number, slot: ThemeImageSlot, log: FastifyBaseLogger) =>
  replace(ctx, userId, slot, null, log);

const notFound = () => new HttpError(404, 'NOT_FOUND', 'The image does not exist.');

/** Only ever the caller's own picture: the route has no user id to try. */
export async function sendThemeImage(ctx: AppContext, userId: number, slot: ThemeImageSlot, reply: FastifyReply) {
  const row = await ctx.db
    .selectFrom('user_theme_images')
    .select('storage_key')
    .where('user_id', '=', userId)
    .where('slot', '=', slot)
    .executeTakeFirst();
  if (!row) throw notFound();
  try {
    const { stream, size } = await ctx.storage.open(row.storage_key);
    void reply
      .header('Content-Type', 'image/webp')
      .header('Content-Length', String(size))
      .header('Content-Disposition', 'inline; filename="theme.webp"')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, max-age=86400');
    return stream;
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw notFound();
    throw err;
  }
}
