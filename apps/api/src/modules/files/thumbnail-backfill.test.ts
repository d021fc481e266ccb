import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, G, groupWith, multipart, PDF, PNG, storedFiles, upload, type Actor } from './fixtures.test-util';
import { backfillThumbnails } from './thumbnail-backfill';
import { THUMB_EDGE } from './thumbnails';

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();

describe.each(DIALECTS)('thumbnail backfill (%s)', (dialect) => {
  let t: TestApp;
  let editor: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    editor = await actor(t, { companyId: company });
    g = await groupWith(t, company, [[editor.id, { role_edit_shared_folder: 1 }]]);
  });
  afterAll(() => t.close());

  const versions = () =>
    t.ctx.db.selectFrom('file_versions').select(['id', 'file_id', 'version', 'kind', 'thumb_key']).orderBy('id').execute();

  it('gives old images their thumbnails (every version, the file row for the current one), once', async () => {
    const [photo, doc, broken] = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [
      { name: '現場.jpg', data: await jpeg(1200, 600) },
      { name: '資料.pdf', data: PDF },
      { name: '壊れた.png', data: PNG },
    ]);
    const over = await t.inject({
      method: 'POST',
      url: `${G(g)}/overwrite-file/${photo}`,
      token: editor.token,
      ...multipart([{ name: '現場2.jpg', data: await jpeg(800, 800) }]),
    });
    expect(over.statusCode).toBe(200);
    // As before thumbnails existed: no keys, no thumbnail bytes.
    const made = (await versions()).map((v) => v.thumb_key).filter((k): k is string => k !== null);
    expect(made).toHaveLength(2);
    for (const k of made) await t.ctx.storage.delete(k);
    await t.ctx.db.updateTable('file_versions').set({ thumb_key: null }).execute();
    await t.ctx.db.updateTable('files').set({ thumb_key: null }).execute();
    const thumbnail = () => t.inject({ method: 'GET', url: `${G(g)}/share-folder-file/${photo}/thumbnail`, token: editor.token });
    expect((await thumbnail()).statusCode).toBe(404);

    expect(await backfillThumbnails(t.ctx, { batch: 1 })).toEqual({ scanned: 3, made: 2, skipped: 1 });
    const after = await versions();
    const photoVersions = after.filter((v) => v.file_id === photo);
    expect(photoVersions.map((v) => v.thumb_key !== null)).toEqual([true, true]);
    expect(after.find((v) => v.file_id === doc)!.thumb_key).toBeNull();
    expect(after.find((v) => v.file_id === broken)!.thumb_key).toBeNull();
    const file = await t.ctx.db.selectFrom('files').select('thumb_key').where('id', '=', photo!).executeTakeFirstOrThrow();
    expect(file.thumb_key).toBe(photoVersions.find((v) => v.version === 2)!.thumb_key);
    // Committed next to the original (not left in staging), and served as the list's thumbnail.
    const stored = await storedFiles(t);
    for (const v of photoVersions) expect(stored).toContain(v.thumb_key);
    const res = await thumbnail();
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800 > THUMB_EDGE ? THUMB_EDGE : 800 });

    // A second run changes nothing: only the undecodable image is looked at again.
    expect(await backfillThumbnails(t.ctx)).toEqual({ scanned: 1, made: 0, skipped: 1 });
    expect(await versions()).toEqual(after);
    expect(await storedFiles(t)).toEqual(stored);
  });

  it('an image whose bytes are missing is skipped, not fatal', async () => {
    const [id] = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [{ name: '消えた.jpg', data: await jpeg(600, 600) }]);
    const v = await t.ctx.db
      .selectFrom('file_versions')
      .select(['storage_key', 'thumb_key'])
      .where('file_id', '=', id!)
      .executeTakeFirstOrThrow();
    await t.ctx.storage.delete(v.storage_key);
    await t.ctx.storage.delete(v.thumb_key!);
    await t.ctx.db.updateTable('file_versions').set({ thumb_key: null }).where('file_id', '=', id!).execute();
    const counts = await backfillThumbnails(t.ctx);
    expect(counts.made).toBe(0);
    expect(counts.skipped).toBe(counts.scanned);
  });
});

describe('npm run thumbnails', () => {
  const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const run = (args: string[], dataDir: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/thumbnails.ts', ...args], {
      cwd: apiDir,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('backfills on a (here empty) site and refuses an unknown command', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-thumbs-'));
    try {
      const ok = run(['backfill'], dataDir);
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/^thumbnails: 0 made, 0 images without one .*, 0 looked at, in \d+ ms \(sqlite\)/);
      const bad = run(['fill'], dataDir);
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('usage: npm run thumbnails -- backfill');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
