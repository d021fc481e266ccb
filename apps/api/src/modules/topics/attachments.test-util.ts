import { TOPIC_FORM_FIELDS } from '@portal/api-client';
import type { TestApp } from '../../test/harness';
import { multipart, type Part } from '../files/testing';

export { HTML, multipart, PDF, PNG, storedFiles, SVG, zipEntries, type Part } from '../files/testing';

/** A topic create/update as the browser sends it with attachments: JSON `data` + `attach_file` parts. */
export function topicForm(data: Record<string, unknown> | string, files: Part[] = []) {
  return multipart(
    files.map((f) => ({ field: TOPIC_FORM_FIELDS.files, ...f })),
    { [TOPIC_FORM_FIELDS.data]: typeof data === 'string' ? data : JSON.stringify(data) },
  );
}

export const pdf = (n: number | string) => Buffer.from(`%PDF-1.4 attachment ${n}\n%%EOF\n`);

/** A minimal lossless WebP header (RIFF … WEBP VP8L), enough for content sniffing. */
export function webpImage(): Buffer {
  const body = Buffer.concat([Buffer.from('WEBPVP8L', 'latin1'), Buffer.from([5, 0, 0, 0, 0x2f, 0, 0, 0, 0])]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, body]);
}

export async function count(
  t: TestApp,
  table: 'topics' | 'files' | 'inline_images',
  where: { group_id?: number; company_id?: number } = {},
): Promise<number> {
  let q = t.ctx.db.selectFrom(table as 'files').select((eb) => eb.fn.countAll<number>().as('n'));
  if (where.group_id !== undefined) q = q.where('group_id', '=', where.group_id);
  if (where.company_id !== undefined) q = q.where('company_id', '=', where.company_id);
  return Number((await q.executeTakeFirstOrThrow()).n);
}
