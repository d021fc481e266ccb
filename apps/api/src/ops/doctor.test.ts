import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../db/write';
import { actor, G, groupWith, M, multipart, PDF, PNG, upload, type Actor } from '../modules/files/fixtures.test-util';
import { createLocalStorage } from '../storage';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { examine, problemCount, repair, type DoctorCtx } from './doctor';

const run = promisify(execFile);
const API_DIR = path.resolve(import.meta.dirname, '../..');

describe.each(DIALECTS)('npm run doctor (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let editor: Actor;
  let g: number;
  let ctx: DoctorCtx;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    editor = await actor(t, { companyId: company });
    g = await groupWith(t, company, [[editor.id, { role_admin: 1 }]]);
    ctx = { db: t.ctx.db, dialect: t.ctx.dialect, storage: t.ctx.storage, now: Date.now };
  });
  afterAll(() => t.close());

  const root = () => path.join(t.config.dataDir, 'files');
  const rm = (key: string) => fs.rmSync(path.join(root(), key));
  const fileRow = (id: number) => t.ctx.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();

  it('finds each kind of damage, repairs it, and is clean afterwards', async () => {
    const url = `${G(g)}/share-folder-upload-file`;
    const [photo] = await upload(t, editor.token, url, [
      {
        name: 'photo.jpg',
        data: await sharp({ create: { width: 400, height: 300, channels: 3, background: '#36c' } })
          .jpeg()
          .toBuffer(),
      },
    ]);
    const [lost] = await upload(t, editor.token, url, [{ name: 'lost.pdf', data: PDF }]);
    const [versioned] = await upload(t, editor.token, url, [{ name: 'v1.pdf', data: PDF }]);
    const v2 = Buffer.concat([PDF, Buffer.from('version two')]);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `${G(g)}/overwrite-file/${versioned}`,
          token: editor.token,
          ...multipart([{ name: 'v2.pdf', data: v2 }]),
        })
      ).statusCode,
    ).toBe(200);
    expect(problemCount(await examine(ctx, -1))).toBe(0);

    // The damage a crash, a lost delete or a hand on the disk leaves.
    rm((await fileRow(lost!))!.storage_key);
    rm((await fileRow(versioned!))!.storage_key);
    rm((await fileRow(photo!))!.thumb_key!);
    fs.writeFileSync(path.join(root(), `groups/${g}/files/${'a'.repeat(32)}.pdf`), 'orphan');
    fs.writeFileSync(path.join(root(), `groups/${g}/files/${'b'.repeat(32)}.webp`), 'orphan thumbnail');
    const dead = createLocalStorage(root());
    const unmoved = (await dead.stage(Readable.from([PNG]), { prefix: `companies/${company}/inline` })).withExt('png');
    await writeTransaction(t.ctx, (trx) =>
      trx
        .insertInto('inline_images')
        .values({
          company_id: company,
          uploader_id: editor.id,
          storage_key: unmoved.key,
          mime: 'image/png',
          size: PNG.length,
          created_at: t.clock(),
        })
        .execute(),
    );
    await t.ctx.db.updateTable('companies').set({ storage_used_bytes: PNG.length }).where('id', '=', company).execute();
    await dead.stage(Readable.from([Buffer.from('half an upload')]), { prefix: 'x' });
    await t.ctx.db
      .insertInto('jobs')
      .values({
        kind: 'test.stuck',
        ref_id: null,
        dedupe_key: null,
        run_at: 0,
        claimed_by: 'gone',
        claimed_at: 0,
        done_at: null,
        last_error: null,
        created_at: 0,
      })
      .execute();

    const found = await examine(ctx, -1);
    expect(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v.length]))).toEqual({
      orphan_files: 1,
      orphan_thumbnails: 1,
      unfinished_moves: 1,
      stale_staging: 1,
      rows_without_bytes: 2,
      thumbnails_without_bytes: 1,
      storage_counters: 1,
      stuck_leases: 1,
    });

    await repair(ctx, found);
    expect(problemCount(await examine(ctx, -1))).toBe(0);
    // The file whose only bytes were lost is gone; the overwritten one is back to version 1.
    expect(await fileRow(lost!)).toBeUndefined();
    expect(await fileRow(versioned!)).toMatchObject({ version: 1, original_name: 'v1.pdf' });
    const back = await t.inject({ method: 'GET', url: `${G(g)}/share-folder-file/${versioned}/download`, token: editor.token });
    expect(back.rawPayload.equals(PDF)).toBe(true);
    expect((await fileRow(photo!))!.thumb_key).toBeNull();
    const image = await t.ctx.db.selectFrom('inline_images').select('id').where('storage_key', '=', unmoved.key).executeTakeFirstOrThrow();
    expect((await t.inject({ method: 'GET', url: `${M}/inline-images/${image.id}`, token: editor.token })).rawPayload.equals(PNG)).toBe(
      true,
    );
  });

  it('as a command: exits 1 while something is wrong, repairs with --fix, then exits 0', async () => {
    fs.writeFileSync(path.join(root(), `groups/${g}/files/${'c'.repeat(32)}.pdf`), 'orphan');
    const env = { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl ?? '' };
    const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/cli/doctor.ts', ...args], { cwd: API_DIR, env });
    const failed = await cli().then(
      () => null,
      (err: { code: number; stdout: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(/FAIL stored files no row owns: 1/);
    const fixed = await cli('--fix');
    expect(fixed.stdout).toMatch(/repaired: everything is in order now/);
    expect(fs.existsSync(path.join(root(), `groups/${g}/files/${'c'.repeat(32)}.pdf`))).toBe(false);
  }, 60_000);
});
