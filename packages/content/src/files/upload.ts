import { postMultipart } from '../kit/upload';

export interface UploadFields {
  files: File[];
  title?: string | undefined;
  memo?: string | undefined;
  /** Group files only: the folder to file them in. */
  folderId?: number | null | undefined;
}

/**
 * Multipart parts in the order the server reads them: fields first, then every `file` (the names
 * are FILE_UPLOAD_FIELDS of the contract, which lives with the zod schemas and stays out of here).
 */
export function uploadForm(fields: UploadFields): FormData {
  const form = new FormData();
  if (fields.title) form.append('title', fields.title);
  if (fields.memo) form.append('memo', fields.memo);
  if (fields.folderId) form.append('folder_id', String(fields.folderId));
  for (const f of fields.files) form.append('file', f, f.name);
  return form;
}

/** Uploads new files or a new version to `url` (see filePaths) with progress as 0‥1. */
export function postFiles(url: string, fields: UploadFields, onProgress: (fraction: number) => void): Promise<unknown> {
  return postMultipart(url, () => uploadForm(fields), { onProgress });
}

/** How many files an upload stored (its answer's `items`: one detail per file). */
export function uploadedCount(body: unknown): number {
  const items = (body as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? items.length : 0;
}
