import type { Readable } from 'node:stream';
import { LIMITS } from '@portal/api-client';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import yazl from 'yazl';
import type { AppContext } from '../../kernel';
import { HttpError } from '../../http/errors';
import { storageEtag } from '../../http/signed-url';
import { StorageNotFoundError, type ByteRange } from '../../storage';
import { inlineAllowed } from '../../storage/file-kind';
import { contentDisposition, uniqueNames } from '../../storage/file-name';
import { fileNotFound, requireHistory, type FileRecord } from './policy';
import { THUMB_MIME } from './thumbnails';

const MB = 1024 * 1024;

/** What serving stored bytes needs of a file row; chat files (modules/chat) have the same columns. */
export type ServedFile = Pick<FileRecord, 'storage_key' | 'original_name' | 'mime' | 'kind' | 'size' | 'thumb_key' | 'updated_at'>;

/**
 * Headers every file response carries. nosniff stops a browser from guessing HTML out of bytes we
 * label otherwise; an attachment also gets a sandbox CSP, so even if one is opened in a tab it
 * runs no script. Inline types (images, PDF, video, all checked by content) get no CSP because
 * browsers refuse to show a PDF or an image document under `sandbox` / `default-src 'none'`.
 */
function safeHeaders(reply: FastifyReply, inline: boolean): FastifyReply {
  reply.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, no-cache');
  if (!inline) reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  return reply;
}

/** One `bytes=a-b` range (what video players send); multi-range requests get the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'unsatisfiable';
  return { start, end };
}

async function open(ctx: AppContext, key: string, range?: ByteRange) {
  try {
    return await ctx.storage.open(key, range);
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw fileNotFound();
    throw err;
  }
}

/**
 * One file (or one of its history entries) as a download or an inline preview. Only images,
 * PDF and browser video are ever inline, with their own type; everything else is an
 * application/octet-stream attachment, so HTML and SVG cannot render on our origin.
 */
export async function sendFile(
  ctx: AppContext,
  reply: FastifyReply,
  file: ServedFile & Partial<FileRecord>,
  opts: { historyId?: number | undefined; inline: boolean; range?: string | undefined },
): Promise<Readable | string> {
  let version = { key: file.storage_key, name: file.original_name, mime: file.mime, kind: file.kind, size: Number(file.size) };
  if (opts.historyId !== undefined) {
    const h = await requireHistory(ctx, file as FileRecord, opts.historyId);
    version = { key: h.storage_key, name: h.original_name, mime: h.mime, kind: h.kind, size: Number(h.size) };
  }
  const inline = opts.inline && inlineAllowed(version.mime);
  const range = parseRange(opts.range, version.size);
  safeHeaders(reply, inline)
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', inlineAllowed(version.mime) ? version.mime : 'application/octet-stream')
    .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', version.name))
    .header('ETag', storageEtag(version.key));
  if (range === 'unsatisfiable') {
    void reply.code(416).header('Content-Range', `bytes */${version.size}`);
    return '';
  }
  const { stream, size } = await open(ctx, version.key, range ?? undefined);
  if (range) {
    void reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', String(range.end - range.start + 1));
  } else {
    reply.header('Content-Length', String(size));
  }
  return stream;
}

/**
 * The current version's thumbnail (WebP, made at upload). A file without one (not an image, an
 * image that could not be decoded, or one stored before thumbnails existed) is not found here;
 * lists know which files have one from `has_thumbnail`.
 */
export async function sendThumbnail(ctx: AppContext, reply: FastifyReply, file: ServedFile): Promise<Readable> {
  if (!file.thumb_key) throw fileNotFound();
  const { stream, size } = await open(ctx, file.thumb_key);
  const base = file.original_name.replace(/\.[^.]*$/, '') || 'thumbnail';
  safeHeaders(reply, true)
    .header('Content-Type', THUMB_MIME)
    .header('Content-Disposition', contentDisposition('inline', `${base}.webp`))
    .header('ETag', storageEtag(file.thumb_key))
    .header('Content-Length', String(size));
  return stream;
}

/**
 * Several files as one zip, written while it is sent: each entry's file is opened only when the
 * zip writer reaches it and piped through with backpressure, so memory stays flat whatever the
 * total. Entries are stored uncompressed (most office, image and video formats already are), which
 * also lets the final length be known up front for Content-Length.
 */
export async function sendZip(ctx: AppContext, reply: FastifyReply, files: ServedFile[], log?: FastifyBaseLogger): Promise<Readable> {
  const total = files.reduce((n, f) => n + Number(f.size), 0);
  if (total > LIMITS.downloadTotalMb * MB) {
    throw new HttpError(400, 'DOWNLOAD_OVER_LIMIT', 'The download is larger than allowed.', undefined, { max_mb: LIMITS.downloadTotalMb });
  }
  // Refuse before the first byte is sent rather than cut a zip short. Opened, not just looked
  // for: a committed file whose move into place is pending is read from staging.
  const readable = (key: string) =>
    ctx.storage.open(key, { start: 0, end: 0 }).then(
      ({ stream }) => (stream.destroy(), true),
      () => false,
    );
  for (const f of files) if (!(await readable(f.storage_key))) throw fileNotFound();

  const zip = new yazl.ZipFile();
  const names = uniqueNames(files.map((f) => f.original_name));
  files.forEach((f, i) => {
    zip.addReadStreamLazy(names[i]!, { size: Number(f.size), mtime: new Date(f.updated_at), compress: false }, (cb) => {
      ctx.storage.open(f.storage_key).then(
        ({ stream }) => cb(null, stream),
        (err: unknown) => cb(err, undefined as never),
      );
    });
  });
  let length: number | null = null;
  zip.end(undefined, ((size: number) => {
    if (size >= 0) length = size;
  }) as () => void);
  const out = zip.outputStream as Readable;
  zip.on('error', (err: unknown) => {
    log?.error({ err }, 'zip download failed');
    out.destroy(err as Error);
  });
  // A signed GET is a link the page clicked: the page names the zip (its `download` attribute, in
  // the reader's language), and Chromium would prefer a filename in this header over it.
  const disposition = reply.request.method === 'GET' ? 'attachment' : contentDisposition('attachment', 'files.zip');
  safeHeaders(reply, false).header('Content-Type', 'application/zip').header('Content-Disposition', disposition);
  if (length !== null) reply.header('Content-Length', String(length));
  return out;
}
