import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Sharp, SharpOptions } from 'sharp';
import type { AppContext } from '../../kernel';
import type { StagedFile } from '../../storage';
import type { ReceivedFile } from './upload';

/** Longest edge of a thumbnail in pixels (the list shows it at a fraction of that). */
export const THUMB_EDGE = 240;
export const THUMB_MIME = 'image/webp';
const MB = 1024 * 1024;
/** Larger images are read whole into memory; above this the list keeps the kind icon. */
const MAX_INPUT_BYTES = 32 * MB;
/** Checked from the header before decoding, so a decompression bomb is refused cheaply. */
const MAX_INPUT_PIXELS = 100_000_000;
/** A crafted image must not hold an upload request for long. */
const TIMEOUT_SECONDS = 10;

type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;
let loading: Promise<SharpFactory | null> | undefined;

/**
 * sharp is loaded on first use, not at start-up: if its native part is missing on a machine the
 * API still starts and uploads still work, only without thumbnails.
 */
function loadSharp(log?: FastifyBaseLogger): Promise<SharpFactory | null> {
  loading ??= import('sharp').then(
    (m) => {
      // Its operation cache helps repeated work on the same input; uploads never repeat.
      m.default.cache(false);
      return m.default as unknown as SharpFactory;
    },
    (err: unknown) => {
      log?.error({ err }, 'sharp could not be loaded: images get no thumbnails');
      return null;
    },
  );
  return loading;
}

/**
 * A WebP thumbnail of an image (JPEG, PNG, GIF: first frame), oriented by its EXIF tag and fit
 * inside THUMB_EDGE without enlarging. Null when the bytes cannot be decoded, whatever the reason:
 * a thumbnail is an extra, never a reason to refuse an upload.
 */
export async function renderThumbnail(input: Buffer, log?: FastifyBaseLogger): Promise<Buffer | null> {
  return (await renderSizedThumbnail(input, log))?.data ?? null;
}

/** renderThumbnail with the thumbnail's size, which a page uses to reserve its box before it loads. */
export async function renderSizedThumbnail(
  input: Buffer,
  log?: FastifyBaseLogger,
): Promise<{ data: Buffer; width: number; height: number } | null> {
  const sharp = await loadSharp(log);
  if (!sharp) return null;
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
      .rotate()
      .resize(THUMB_EDGE, THUMB_EDGE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    log?.info({ err }, 'no thumbnail for an uploaded image');
    return null;
  }
}

/** A staged thumbnail and its size in pixels. */
export type StagedThumbnail = StagedFile & { width: number; height: number };

async function stageOne(ctx: AppContext, f: ReceivedFile, log?: FastifyBaseLogger): Promise<StagedThumbnail | null> {
  if (f.detected.kind !== 'image' || f.staged.size > MAX_INPUT_BYTES) return null;
  try {
    const thumb = await renderSizedThumbnail(await f.staged.read(0, f.staged.size), log);
    if (!thumb) return null;
    // Next to the original, under a generated name of its own.
    const prefix = f.staged.key.slice(0, f.staged.key.lastIndexOf('/'));
    const staged = await ctx.storage.stage(Readable.from([thumb.data]), { prefix, ext: 'webp' });
    return Object.assign(staged, { width: thumb.width, height: thumb.height });
  } catch (err) {
    log?.warn({ err }, 'thumbnail not staged');
    return null;
  }
}

/**
 * Stages a thumbnail for each image of an upload (null for the rest), to be committed or
 * discarded together with the originals. One at a time, so one request's memory stays bounded.
 */
export async function stageThumbnails(
  ctx: AppContext,
  files: ReceivedFile[],
  log?: FastifyBaseLogger,
): Promise<(StagedThumbnail | null)[]> {
  const out: (StagedThumbnail | null)[] = [];
  for (const f of files) out.push(await stageOne(ctx, f, log));
  return out;
}
