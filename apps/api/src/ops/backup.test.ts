import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDb } from '../db';
import { actor, G, groupWith, multipart, type Actor } from '../modules/files/fixtures.test-util';
import { createPgDatabase, createTestApp, DIALECTS, TEST_PASSWORD, type TestApp } from '../test/harness';
import { backup, restore } from './backup';
import { runDoctor } from './run-doctor';

const body = (i: number) => Buffer.from(`%PDF-1.4\n% file ${i} ${'x'.repeat(i * 37)}\n%%EOF\n`);

describe.each(DIALECTS)('backup and restore (%s)', (dialect) => {
  let t: TestApp;
  let editor: Actor;
  let g: number;
  const tmp: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  const mkdtemp = (p: string) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), p));
    tmp.push(d);
    return d;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    editor = await actor(t, { companyId: company });
    g = await groupWith(t, company, [[editor.id, { role_admin: 1 }]]);
  });
  afterAll(async () => {
    await t.close();
    for (const d of drops) await d();
    for (const d of tmp) fs.rmSync(d, { recursive: true, force: true });
  });

  const send = async (i: number) => {
    const res = await t.inject({
      method: 'POST',
      url: `${G(g)}/share-folder-upload-file`,
      token: editor.token,
      ...multipart([{ name: `f${i}.pdf`, data: body(i) }], { title: `f${i}` }),
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: { id: number }[] }).items[0]!.id;
  };

  it('a backup taken during writes restores into a fresh place with every acknowledged write, and the doctor finds it clean', async () => {
    const acknowledged = new Map<number, number>();
    for (let i = 0; i < 8; i++) acknowledged.set(await send(i), i);
    // A job running at the time of the backup: its lease names a process of this place only.
    const now = t.clock();
    const job = await t.ctx.db
      .insertInto('jobs')
      .values({
        kind: 'backup-test',
        ref_id: null,
        dedupe_key: `backup-test-${dialect}`,
        run_at: now,
        claimed_by: 'live-process',
        claimed_at: now,
        done_at: null,
        last_error: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Writers keep going while the backup runs.
    let writing = true;
    let n = 100;
    const writer = (async () => {
      while (writing) await send(n++);
    })();
    const dir = path.join(mkdtemp('portal-backup-'), 'snapshot');
    const manifest = await backup(t.config, dir);
    writing = false;
    await writer;
    expect(manifest).toMatchObject({ dialect, missing: [] });
    expect(manifest.files).toBeGreaterThanOrEqual(8);

    const fresh = mkdtemp('portal-restored-');
    const pgDb = dialect === 'postgres' ? await createPgDatabase() : null;
    if (pgDb) drops.push(pgDb.drop);
    // TEST_STORAGE=s3: restore into another (empty) prefix of the same bucket.
    const storageUrl = t.config.storageUrl ? `${t.config.storageUrl}-restored` : undefined;
    const config = loadConfig(
      {},
      {
        dataDir: fresh,
        databaseUrl: pgDb?.url,
        storageUrl,
        logLevel: 'silent',
        firstRun: 'nothing',
        rateLimitMax: 100_000,
        rateLimitLogin: 100_000,
      },
    );
    await restore(config, dir);
    await expect(restore(config, dir)).rejects.toThrow(/not empty|already has a database/);
    expect((await runDoctor(config, { stagingMaxAgeMs: -1 })).problems).toBe(0);
    // The copied lease is released: the job waits to run again here.
    const restored = createDb(config);
    try {
      const row = await restored.db
        .selectFrom('jobs')
        .select(['claimed_by', 'claimed_at', 'done_at'])
        .where('id', '=', job.id)
        .executeTakeFirst();
      expect(row).toEqual({ claimed_by: null, claimed_at: null, done_at: null });
    } finally {
      await restored.destroy();
    }

    const app = await buildApp(config);
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/service/api/v1/auth/login',
        payload: { employee_number: editor.employee_number, password: TEST_PASSWORD },
      });
      const token = login.json().items.access_token as string;
      const files = await app.ctx.db.selectFrom('files').select(['id', 'title']).where('group_id', '=', g).execute();
      for (const id of acknowledged.keys()) expect(files.map((f) => f.id)).toContain(id);
      for (const f of files) {
        const res = await app.inject({
          method: 'GET',
          url: `${G(g)}/share-folder-file/${f.id}/download`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.rawPayload.equals(body(Number(f.title.slice(1))))).toBe(true);
      }
    } finally {
      await app.close();
    }
  }, 120_000);
});
