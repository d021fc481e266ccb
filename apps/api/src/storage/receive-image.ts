import { ImageError, LIMITS } from '@portal/api-client';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { checkText } from '../http/text-rule';
import { IMAGE_EXT, readImageInfo, type ImageKind } from './image-info';
import type { FileStorage, StagedFile } from './index';

const MB = 1024 * 1024;

/** 400 VALIDATION_ERROR on the upload's field, with the spec's image error code in `data`. */
export function imageError(field: string, code: number, key: string, data: Record<string, unknown> = {}): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', 'The image was not accepted.', { [field]: [key] }, { image_error: code, ...data });
}

/** The uploader's file name as display text: last path segment, no control characters, bounded. */
export function displayName(raw: string | undefined): string | null {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return clean || null;
}

const MULTIPART_EMPTY = new Set(['FST_INVALID_MULTIPART_CONTENT_TYPE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

export interface ReceiveImageOptions {
  /** Multipart field of the file. */
  field: string;
  /** Storage key folder of the staged file. */
  prefix: string;
  /** Upper bound in MB besides the spec's 25 MB (a group's max_img_size_per_attachment). */
  maxMb?: number;
}

export interface ReceivedImage {
  file: StagedFile;
  kind: ImageKind;
  width: number;
  height: number;
  displayName: string | null;
  /** Plain form fields sent before the file (a crop box, for instance). */
  fields: Record<string, string>;
}

/**
 * Reads the one image of a multipart request into staging and checks it against the content,
 * never the declared type or name: kind by magic bytes (JPEG, PNG, GIF), size against 25 MB (and
 * `maxMb`), and the spec's minimum of 500×100 px. The caller commits or discards the file.
 */
export async function receiveImage(storage: FileStorage, request: FastifyRequest, opts: ReceiveImageOptions): Promise<ReceivedImage> {
  const max = Math.min(LIMITS.imageMaxMb, opts.maxMb ?? LIMITS.imageMaxMb);
  const empty = () => imageError(opts.field, ImageError.EMPTY, 'validation.required');
  const overSize = () => imageError(opts.field, ImageError.OVER_SIZE, 'validation.image_size', { max });
  let staged: StagedFile | null = null;
  let fileName: string | undefined;
  const fields: Record<string, string> = {};
  try {
    const part = await request.file({ limits: { fileSize: max * MB, files: 1, parts: 8 } });
    if (!part || part.fieldname !== opts.field) throw empty();
    for (const [name, value] of Object.entries(part.fields)) {
      const v = Array.isArray(value) ? value[0] : value;
      if (v && v.type === 'field' && typeof v.value === 'string') fields[name] = v.value;
    }
    checkText(fields);
    checkText(part.filename, [opts.field]);
    fileName = part.filename;
    staged = await storage.stage(part.file, { prefix: opts.prefix });
    if (part.file.truncated) throw overSize();
  } catch (err) {
    await staged?.discard();
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw overSize();
    if (code && MULTIPART_EMPTY.has(code)) throw empty();
    throw err;
  }
  try {
    if (staged.size === 0) throw empty();
    const info = await readImageInfo(staged.read);
    if (!info) throw imageError(opts.field, ImageError.NOT_IMAGE, 'validation.image_type');
    if (info.width < LIMITS.imageMinWidth || info.height < LIMITS.imageMinHeight) {
      throw imageError(opts.field, ImageError.NOT_IMAGE, 'validation.image_dimensions', {
        width: LIMITS.imageMinWidth,
        height: LIMITS.imageMinHeight,
      });
    }
    return {
      file: staged.withExt(IMAGE_EXT[info.kind]),
      kind: info.kind,
      width: info.width,
      height: info.height,
      displayName: displayName(fileName),
      fields,
    };
  } catch (err) {
    await staged.discard();
    throw err;
  }
}
