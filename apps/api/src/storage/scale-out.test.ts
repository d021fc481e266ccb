import { createHash, randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db';
import { multipart, zipEntries } from '../modules/files/fixtures.test-util';
import { API, sharedPgDatabase, startApi, stopApi, TEST_REDIS_URL, waitHealthy, type ApiProc } from '../test/processes.test-util';
import { startS3rver, type TestS3 } from '../test/s3rver.test-util';

/**
 * Files on shared storage: two API processes with their own DATA_DIR, one PostgreSQL, one Redis
 * and one S3-compatible store (s3rver). A file uploaded through A downloads through B byte for
 * byte, alone and in a zip, and neither process keeps a local copy.
 */
const BASE_PORT = 18760 + 2 * randomInt(0, 10);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('uploads on one node, downloads on the other (S3 + PostgreSQL + Redis)', () => {
  let s3: TestS3;
  let pgDb: { url: string; drop(): Promise<void> };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-scale-'));
  let a: ApiProc;
  let b: ApiProc;

  beforeAll(async () => {
    s3 = await startS3rver();
    pgDb = await sharedPgDatabase('portal_s3');
    const env = (name: string) => {
      const dataDir = path.join(tmp, name);
      fs.mkdirSync(dataDir);
      return { ...s3.env, DATA_DIR: dataDir, DATABASE_URL: pgDb.url, REDIS_URL: TEST_REDIS_URL, STORAGE_URL: `s3://${s3.bucket}/portal` };
    };
    // A migrates and seeds the demo company; then B joins.
    a = startApi(BASE_PORT, { ...env('a'), SEED_ON_EMPTY: '1', SEED_DEMO: '1' });
    await waitHealthy(a);
    b = startApi(BASE_PORT + 1, env('b'));
    await waitHealthy(b);
  }, 150_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopApi));
    await pgDb?.drop();
    await s3?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }, 30_000);

  /** A demo member allowed to upload into a group's shared folder. */
  async function uploader(): Promise<{ employee: string; groupId: number }> {
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: pgDb.url, max: 1 }) }) });
    try {
      const row = await db
        .selectFrom('group_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.employee_number', 'm.group_id'])
        .where('m.role_edit_shared_folder', '=', 1)
        .where('u.status', '=', 'active')
        .orderBy('m.group_id')
        .executeTakeFirstOrThrow();
      return { employee: row.employee_number, groupId: row.group_id };
    } finally {
      await db.destroy();
    }
  }

  async function login(p: ApiProc, employee_number: string): Promise<string> {
    const res = await fetch(`${p.http}${API}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ employee_number, password: 'Portal#2026' }),
    });
    if (!res.ok) throw new Error(`login ${employee_number}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { items: { access_token: string } }).items.access_token;
  }

  it('a 12 MB file uploaded through A is served by B, whole, in a range and in a zip', async () => {
    const { employee, groupId } = await uploader();
    const data = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(12 * 1024 * 1024), Buffer.from('\n%%EOF\n')]);
    const G = `${API}/members/me/groups/${groupId}`;

    const onA = await login(a, employee);
    const body = multipart([{ name: '共有資料.pdf', data }], { title: '共有資料' });
    const up = await fetch(`${a.http}${G}/share-folder-upload-file`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${onA}` },
      body: body.payload,
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const [fileId] = ((await up.json()) as { items: { id: number }[] }).items.map((f) => f.id);

    const onB = await login(b, employee);
    const auth = { authorization: `Bearer ${onB}` };
    const whole = await fetch(`${b.http}${G}/share-folder-file/${fileId}/download`, { headers: auth });
    expect(whole.status).toBe(200);
    expect(sha(Buffer.from(await whole.arrayBuffer()))).toBe(sha(data));

    const part = await fetch(`${b.http}${G}/share-folder-file/${fileId}/download`, { headers: { ...auth, range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).toString()).toBe('%PDF-1.4');

    const zip = await fetch(`${b.http}${G}/download-files`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ file_ids: [fileId] }),
    });
    expect(zip.status).toBe(200);
    const entries = zipEntries(Buffer.from(await zip.arrayBuffer()));
    expect(entries).toHaveLength(1);
    expect(sha(entries[0]!.data)).toBe(sha(data));

    // Neither node kept the bytes in its own DATA_DIR.
    for (const n of ['a', 'b']) {
      const files = fs
        .readdirSync(path.join(tmp, n), { recursive: true })
        .map(String)
        .filter((f) => f.startsWith('files'));
      expect(files.filter((f) => fs.statSync(path.join(tmp, n, f)).isFile())).toEqual([]);
    }
  }, 90_000);
});
