import { FILE_UPLOAD_FIELDS, LIMITS } from '@portal/api-client';
import { pipeline, Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../kernel';
import { HttpError } from '../../http/errors';
import type { StagedFile } from '../../storage';
import { detectFileKind, type DetectedKind } from '../../storage/file-kind';
import { cleanFileName } from '../../storage/file-name';
import { checkText } from '../../http/text-rule';
import type { Scope } from './policy';
import { storageUsage } from './quota';

const MB = 1024 * 1024;
/** Text fields of an upload form are short (title, memo, folder id). */
const FIELD_MAX_BYTES = 16 * 1024;
/** The upload's form fields that are typed in a text area (see uploadFields in service.ts). */
const UPLOAD_MULTILINE: ReadonlySet<string> = new Set(['memo']);

export interface ReceivedFile {
  staged: StagedFile;
  /** Cleaned display name (never a path). */
  name: string;
  detected: DetectedKind;
}

export interface Received {
  files: ReceivedFile[];
  fields: Partial<Record<'title' | 'memo' | 'folder_id', string>>;
  /** The form's JSON part, when the caller asked for one (FormShape.data). */
  data?: string;
}

/** A form other than the shared folder's: its file field, a JSON `data` part, no file needed. */
export interface FormShape {
  files: string;
  data?: { name: string; maxBytes: number };
  allowNoFiles?: boolean;
  /** Storage key folder, when the files belong to neither a group's nor the company's folder (chat). */
  prefix?: string;
  /**
   * false when the files do not count against the scope's group and company storage (chat has
   * an area of its own): no early capacity refusal then.
   */
  countsAgainstStorage?: boolean;
}

const overSize = (maxMb: number) =>
  new HttpError(400, 'UPLOAD_OVER_SIZE', 'A file is larger than the group allows.', undefined, { max_mb: maxMb });
const tooMany = (max: number) => new HttpError(400, 'TOO_MANY_FILES', 'Too many files in one upload.', undefined, { max });
const noFile = () => new HttpError(400, 'VALIDATION_ERROR', undefined, { [FILE_UPLOAD_FIELDS.file]: ['validation.required'] });
const badForm = () => new HttpError(400, 'VALIDATION_ERROR', undefined, { _: ['validation.format'] });

/** What a body may hold besides file bytes: multipart framing per part and the text fields. */
const nonFileBytes = (maxFiles: number, form?: FormShape) => (maxFiles + 10) * 1024 + 10 * FIELD_MAX_BYTES + (form?.data?.maxBytes ?? 0);

/**
 * Room left in the scope's group and company storage, and the error a bigger upload gets. Only
 * for refusing early: the charge itself is checked again under lock when the files commit.
 */
async function roomLeft(ctx: AppContext, scope: Scope): Promise<{ bytes: number; error: HttpError }> {
  const usage = await storageUsage(ctx, scope);
  const company = usage.company.capacity_bytes - usage.company.used_bytes;
  const group = usage.group ? usage.group.capacity_bytes - usage.group.used_bytes : Infinity;
  return group <= company
    ? {
        bytes: Math.max(0, group),
        error: new HttpError(400, 'EXCEED_GROUP_STORAGE_CAPACITY', 'The group storage capacity would be exceeded.'),
      }
    : {
        bytes: Math.max(0, company),
        error: new HttpError(400, 'EXCEED_COMPANY_STORAGE_CAPACITY', 'The company storage capacity would be exceeded.'),
      };
}

/** Passes bytes through, failing with `error` once more than `max` have gone by in all. */
function byteBudget(budget: { left: number }, error: HttpError): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      budget.left -= chunk.length;
      done(budget.left < 0 ? error : null, chunk);
    },
  });
}

/**
 * Streams the request's files into staging under generated names, checking each against the
 * group's per-file limit while it arrives and its kind against the content. Nothing is visible
 * until the caller commits; on any failure (size, count, a client that goes away mid-stream)
 * every staged file of the request is discarded before the error propagates.
 */
export async function receiveFiles(
  ctx: AppContext,
  request: FastifyRequest,
  scope: Scope,
  maxFiles: number = LIMITS.maxFilesPerUpload,
  form?: FormShape,
): Promise<Received> {
  const maxMb = scope.maxFileMb;
  const prefix = form?.prefix ?? (scope.kind === 'group' ? `groups/${scope.groupId}/files` : `companies/${scope.companyId}/files`);
  const files: ReceivedFile[] = [];
  const fields: Received['fields'] = {};
  let data: string | undefined;
  const current: StagedFile[] = [];
  try {
    if (!request.isMultipart()) throw noFile();
    // Refused before the body is read: a declared length no allowed upload can have, or one the
    // storage has no room for. Without a length (chunked), the same limits apply as bytes arrive.
    const declared = Number(request.headers['content-length']);
    const slack = nonFileBytes(maxFiles, form);
    if (Number.isFinite(declared) && declared > maxFiles * maxMb * MB + slack) throw overSize(maxMb);
    const room = form?.countsAgainstStorage === false ? null : await roomLeft(ctx, scope);
    if (room && Number.isFinite(declared) && declared - slack > room.bytes) throw room.error;
    const budget = { left: room?.bytes ?? Infinity };
    const parts = request.parts({
      limits: {
        fileSize: maxMb * MB,
        files: maxFiles,
        fields: 10,
        parts: maxFiles + 10,
        fieldSize: Math.max(FIELD_MAX_BYTES, form?.data?.maxBytes ?? 0),
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (form?.data && part.fieldname === form.data.name) {
          // A cut-off JSON part would parse as something else or not at all: refuse it whole.
          if (part.valueTruncated) throw badForm();
          data = String(part.value);
        } else if (part.fieldname === 'title' || part.fieldname === 'memo' || part.fieldname === 'folder_id') {
          fields[part.fieldname] = String(part.value);
          checkText(fields[part.fieldname], [part.fieldname], UPLOAD_MULTILINE);
        }
        continue;
      }
      if (part.fieldname !== (form?.files ?? FILE_UPLOAD_FIELDS.file)) throw badForm();
      checkText(part.filename, [part.fieldname]);
      // pipeline, not pipe: the part's own errors (the per-file limit) must reach the stager.
      const source = room ? pipeline(part.file, byteBudget(budget, room.error), () => undefined) : part.file;
      const staged = await ctx.storage.stage(source, { prefix });
      current.push(staged);
      if (part.file.truncated) throw overSize(maxMb);
      const name = cleanFileName(part.filename);
      files.push({ staged, name, detected: await detectFileKind(staged.read, name) });
    }
    if (files.length === 0 && !form?.allowNoFiles) throw noFile();
    return {
      files: files.map((f) => ({ ...f, staged: f.staged.withExt(f.detected.ext) })),
      fields,
      ...(data === undefined ? {} : { data }),
    };
  } catch (err) {
    await Promise.all(current.map((s) => s.discard()));
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw overSize(maxMb);
    if (code === 'FST_FILES_LIMIT') throw tooMany(maxFiles);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badForm();
    throw err;
  }
}

/** Discards whatever a failed request had staged (used after commit errors). */
export async function discardAll(files: ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((f) => f.staged.discard()));
}
