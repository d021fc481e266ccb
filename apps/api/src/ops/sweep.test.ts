import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, G, groupWith, M, PDF, PNG, storedFiles, upload, type Actor } from '../modules/files/fixtures.test-util';
import { CommitOutcomeUnknown, writeTransaction } from '../db/write';
import { createStorage } from '../storage';
import { writeWithFiles } from '../storage/write';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { sweepStorage } from './sweep';

describe.each(DIALECTS)('bytes after rows, and the sweep (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let editor: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    editor = await actor(t, { companyId: company });
    g = await groupWith(t, company, [[editor.id, { role_admin: 1 }]]);
  });
  afterAll(() => t.close());

  // Through the interface, so TEST_STORAGE=s3 runs this suite on the S3 backend too.
  const staging = () => t.ctx.storage.listStaging(-1);
  const insertImage = (trx: typeof t.ctx.db, key: string) =>
    trx
      .insertInto('inline_images')
      .values({ company_id: company, uploader_id: editor.id, storage_key: key, mime: 'image/png', size: PNG.length, created_at: t.clock() })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('a stored file is not in place while its transaction runs, and not at all if it rolls back', async () => {
    const file = (await t.ctx.storage.stage(Readable.from([PNG]), { prefix: `companies/${company}/inline` })).withExt('png');
    const seen: boolean[] = [];
    await expect(
      writeWithFiles([file], () =>
        writeTransaction(t.ctx, async (trx) => {
          await insertImage(trx, file.key);
          seen.push(await t.ctx.storage.exists(file.key));
          throw new Error('refused');
        }),
      ),
    ).rejects.toThrow('refused');
    expect(seen).toEqual([false]);
    expect(await t.ctx.storage.exists(file.key)).toBe(false);
    expect(await staging()).toEqual([]);

    // The connection died during COMMIT: the row may exist, so the bytes stay for the sweep to judge.
    const unsure = (await t.ctx.storage.stage(Readable.from([PNG]), { prefix: `companies/${company}/inline` })).withExt('png');
    await expect(
      writeWithFiles([unsure], async () => {
        throw new CommitOutcomeUnknown(new Error('connection reset'));
      }),
    ).rejects.toThrow(CommitOutcomeUnknown);
    expect(await t.ctx.storage.listStaging(-1)).toEqual([unsure.key.split('/').pop()!.split('.')[0]]);
    await t.ctx.storage.removeStaged(unsure.key.split('/').pop()!.split('.')[0]!);

    const ok = (await t.ctx.storage.stage(Readable.from([PNG]), { prefix: `companies/${company}/inline` })).withExt('png');
    await writeWithFiles([ok], () => writeTransaction(t.ctx, (trx) => insertImage(trx, ok.key)));
    expect(await t.ctx.storage.exists(ok.key)).toBe(true);
  });

  it('after a crash between commit and move the bytes are still served, and the sweep moves them; it removes dead uploads and orphans only', async () => {
    const [kept] = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [{ name: 'kept.pdf', data: PDF }]);
    // A "process" that commits its row and dies before the move: its own storage, never committed.
    const dead = await createStorage(t.config);
    const file = (await dead.stage(Readable.from([PNG]), { prefix: `companies/${company}/inline` })).withExt('png');
    const image = await writeTransaction(t.ctx, (trx) => insertImage(trx, file.key));
    const deadUpload = await dead.stage(Readable.from([Buffer.from('half an upload')]), { prefix: 'x' });
    // Bytes in place whose row never committed (or was deleted): an orphan.
    const stray = (await dead.stage(Readable.from([Buffer.from('no row')]), { prefix: `groups/${g}/files` })).withExt('pdf');
    await stray.commit();
    const orphan = stray.key;

    const served = await t.inject({ method: 'GET', url: `${M}/inline-images/${image.id}`, token: editor.token });
    expect([served.statusCode, served.rawPayload.equals(PNG)]).toEqual([200, true]);

    // Younger than the longest upload: the committed row's bytes move in at once, but a staged file
    // without a row stays (another process may be mid-request).
    expect(await sweepStorage(t.ctx, 60 * 60_000, { orphans: false })).toEqual({ adopted: 1, removedStaged: 0, removedOrphans: 0 });
    expect(await staging()).toHaveLength(1);
    expect(await sweepStorage(t.ctx, -1)).toEqual({ adopted: 0, removedStaged: 1, removedOrphans: 1 });
    expect(await staging()).toEqual([]);
    const onDisk = await storedFiles(t);
    expect(onDisk).toContain(file.key);
    expect(onDisk).not.toContain(orphan);
    expect(onDisk).not.toContain(deadUpload.key);
    const download = await t.inject({ method: 'GET', url: `${G(g)}/share-folder-file/${kept}/download`, token: editor.token });
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(await sweepStorage(t.ctx, -1)).toEqual({ adopted: 0, removedStaged: 0, removedOrphans: 0 });
  });
});
