import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../test/harness';
import { API } from '../groups/testing';

export { actor, API, groupWith, type Actor } from '../groups/testing';

export const G = (groupId: number) => `${API}/members/me/groups/${groupId}`;
export const M = `${API}/members/me`;

export interface Part {
  field?: string;
  name?: string;
  data?: Buffer | string;
  contentType?: string;
}

/** A multipart/form-data body; file parts have a name, field parts only data. */
export function multipart(parts: Part[], fields: Record<string, string> = {}) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const p of parts) {
    const name = p.name ?? 'file.bin';
    // RFC 7578 sends the UTF-8 name as is in the quoted string (what browsers do).
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${name.replace(/"/g, '%22')}"\r\n` +
          `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
    );
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data ?? 'hello'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0,
]);
export const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');

/** Uploads through the API and returns the new file ids. */
export async function upload(
  t: TestApp,
  token: string,
  url: string,
  parts: Part[],
  fields: Record<string, string> = {},
): Promise<number[]> {
  const res = await t.inject({ method: 'POST', url, token, ...multipart(parts, fields) });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { items: { id: number }[] }).items.map((f) => f.id);
}

/** Entries of a zip read from its central directory (names as UTF-8), with stored data. */
export function zipEntries(buf: Buffer): { name: string; data: Buffer }[] {
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a zip');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory');
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    if (method !== 0) throw new Error('expected stored entries');
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    out.push({ name, data: buf.subarray(start, start + size) });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/**
 * Every file under the storage root, staging included as `.staging/<name>` (for "nothing left
 * behind"). On the S3 backend (TEST_STORAGE=s3) through the interface, which cannot see uploads
 * this process is still staging.
 */
export async function storedFiles(t: TestApp): Promise<string[]> {
  if (t.config.storageUrl) {
    const out: string[] = [];
    for await (const k of t.ctx.storage.listKeys()) out.push(k);
    for (const name of await t.ctx.storage.listStaging(-1)) out.push(`.staging/${name}`);
    return out;
  }
  const { readdir } = await import('node:fs/promises');
  const path = await import('node:path');
  const root = path.join(t.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}
