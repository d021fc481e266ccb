import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import type { Config } from '../config';
import { createDb } from '../db';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createStorage, stagingNameOf, StorageNotFoundError, type FileStorage } from '../storage';
import { ownedKeys } from './key-owners';

const run = promisify(execFile);
/** Build folders of published remotes are copied as they are (the registry of which is live is in the database). */
const EXTRA = ['remotes'];

export interface Manifest {
  format: 1;
  dialect: 'sqlite' | 'postgres';
  created_at: number;
  database: string;
  files: number;
  /** Keys named by the snapshot whose bytes were deleted before they could be copied (normally none). */
  missing: string[];
}

async function isEmptyDir(dir: string): Promise<boolean> {
  return (await fs.readdir(dir).catch(() => [] as string[])).length === 0;
}

async function exists(p: string): Promise<boolean> {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}

/** Hard links of every stored and staged file: a delete after this moment cannot take bytes from the backup. */
async function linkSnapshot(filesRoot: string, into: string): Promise<void> {
  const entries = await fs.readdir(filesRoot, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isFile()) continue;
    const rel = path.relative(filesRoot, path.join(e.parentPath, e.name));
    const target = path.join(into, rel);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.link(path.join(filesRoot, rel), target).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return; // moved or deleted while we walked: the live tree is asked later
      await fs.copyFile(path.join(filesRoot, rel), target);
    });
  }
}

/**
 * `npm run backup -- <dir>` while the portal runs. Order matters: (1) hard-link every stored
 * and staged file, (2) snapshot the database (SQLite online backup API; PostgreSQL pg_dump on a
 * snapshot exported from a REPEATABLE READ transaction that also reads the stored keys), (3) copy
 * each key the snapshot names from the links, else the live tree, else staging (committed, not
 * yet moved). A row in the snapshot had its bytes in place or in staging by step 3, and a delete
 * after step 1 cannot remove them from the links, so the copy is complete.
 */
export async function backup(config: Config, dir: string): Promise<Manifest> {
  const out = path.resolve(dir);
  if (!(await isEmptyDir(out))) throw new Error(`backup folder ${out} is not empty`);
  await fs.mkdir(path.join(out, 'files'), { recursive: true });
  const filesRoot = path.join(config.dataDir, 'files');
  const links = path.join(config.dataDir, `.backup-${randomBytes(6).toString('hex')}`);
  // An object store has no hard links: keys are streamed out after the snapshot (its open()
  // falls back to staging too). A file deleted in between is reported in `missing`; bucket
  // versioning keeps such bytes recoverable.
  const remote = config.storageUrl ? await createStorage(config) : null;
  try {
    if (!remote) await linkSnapshot(filesRoot, links);
    let keys: Set<string>;
    let database: string;
    if (config.databaseUrl) {
      database = 'portal.pgdump';
      const { db, destroy } = createDb(config);
      try {
        keys = await db
          .transaction()
          .setIsolationLevel('repeatable read')
          .execute(async (trx) => {
            const snap = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
            await run('pg_dump', [
              '--format=custom',
              '--no-owner',
              `--snapshot=${snap.rows[0]!.id}`,
              `--file=${path.join(out, database)}`,
              config.databaseUrl!,
            ]);
            return ownedKeys(trx);
          });
      } finally {
        await destroy();
      }
    } else {
      database = 'portal.sqlite';
      const live = new Database(path.join(config.dataDir, 'portal.sqlite'), { readonly: true, fileMustExist: true });
      try {
        await live.backup(path.join(out, database));
      } finally {
        live.close();
      }
      const { db, destroy } = createDb({ databaseUrl: undefined, dataDir: out });
      try {
        keys = await ownedKeys(db);
      } finally {
        await destroy();
      }
    }
    const missing: string[] = [];
    if (remote) missing.push(...(await copyOut(remote, keys, path.join(out, 'files'))));
    else
      for (const key of keys) {
        const name = stagingNameOf(key) ?? '';
        const sources = [
          path.join(links, key),
          path.join(links, '.staging', name),
          path.join(filesRoot, key),
          path.join(filesRoot, '.staging', name),
        ];
        const target = path.join(out, 'files', key);
        await fs.mkdir(path.dirname(target), { recursive: true });
        let copied = false;
        for (const src of sources) {
          if (
            await fs.copyFile(src, target).then(
              () => true,
              () => false,
            )
          ) {
            copied = true;
            break;
          }
        }
        if (!copied) missing.push(key);
      }
    for (const extra of EXTRA) {
      const src = path.join(config.dataDir, extra);
      if (await exists(src)) await fs.cp(src, path.join(out, extra), { recursive: true });
    }
    const manifest: Manifest = {
      format: 1,
      dialect: config.databaseUrl ? 'postgres' : 'sqlite',
      created_at: Date.now(),
      database,
      files: keys.size - missing.length,
      missing,
    };
    await fs.writeFile(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await fs.rm(links, { recursive: true, force: true });
  }
}

/** Streams every key to `into/<key>`; returns the keys that were gone. */
async function copyOut(storage: FileStorage, keys: Set<string>, into: string): Promise<string[]> {
  const missing: string[] = [];
  for (const key of keys) {
    const target = path.join(into, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      const { stream } = await storage.open(key);
      await pipeline(stream, createWriteStream(target));
    } catch (err) {
      if (!(err instanceof StorageNotFoundError)) throw err;
      missing.push(key);
    }
  }
  return missing;
}

/** Uploads every file under `from` to its key (the relative path). */
async function copyIn(storage: FileStorage, from: string): Promise<void> {
  const entries = await fs.readdir(from, { recursive: true, withFileTypes: true });
  for (const e of entries) {
    if (!e.isFile()) continue;
    const key = path.relative(from, path.join(e.parentPath, e.name)).split(path.sep).join('/');
    await storage.put(key, createReadStream(path.join(e.parentPath, e.name)));
  }
}

/**
 * `npm run restore -- <dir>` into an empty place: DATA_DIR without a database or stored files,
 * and (PostgreSQL) a database without tables. The portal must not be running on the target.
 */
/**
 * A backup taken while a job ran holds that job's lease, in the name of a process of the source
 * that never runs here: released, the job simply runs again (jobs are idempotent) and the
 * doctor's check after the restore has no stuck lease to report.
 */
async function releaseLeases(config: Config): Promise<void> {
  const { db, destroy } = createDb(config);
  try {
    // A backup of a version before the job queue has no jobs table; the first start adds it.
    if (!(await db.introspection.getTables()).some((t) => t.name === 'jobs')) return;
    await db
      .updateTable('jobs')
      .set({ claimed_by: null, claimed_at: null })
      .where('claimed_by', 'is not', null)
      .where('done_at', 'is', null)
      .execute();
  } finally {
    await destroy();
  }
}

export async function restore(config: Config, dir: string): Promise<Manifest> {
  const from = path.resolve(dir);
  const manifest = JSON.parse(await fs.readFile(path.join(from, 'manifest.json'), 'utf8')) as Manifest;
  const target: Manifest['dialect'] = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== target) throw new Error(`the backup is of a ${manifest.dialect} database; DATABASE_URL points at ${target}`);
  const filesRoot = path.join(config.dataDir, 'files');
  const remote = config.storageUrl ? await createStorage(config) : null;
  if (remote) {
    for await (const key of remote.listKeys())
      throw new Error(`${config.storageUrl} is not empty (${key}): restore only into an empty bucket prefix`);
  } else if (!(await isEmptyDir(filesRoot))) throw new Error(`${filesRoot} is not empty: restore only into an empty data folder`);
  if (target === 'sqlite') {
    if (await exists(path.join(config.dataDir, 'portal.sqlite'))) throw new Error(`${config.dataDir} already has a database`);
    await fs.mkdir(config.dataDir, { recursive: true });
    await fs.copyFile(path.join(from, manifest.database), path.join(config.dataDir, 'portal.sqlite'));
  } else {
    const { db, destroy } = createDb(config);
    try {
      const n = await sql<{ n: number }>`select count(*) as n from information_schema.tables where table_schema = 'public'`.execute(db);
      if (Number(n.rows[0]!.n) > 0) throw new Error('the target database is not empty: restore only into an empty database');
    } finally {
      await destroy();
    }
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${config.databaseUrl}`, path.join(from, manifest.database)]);
  }
  await releaseLeases(config);
  if (remote) await copyIn(remote, path.join(from, 'files'));
  else {
    await fs.mkdir(filesRoot, { recursive: true });
    await fs.cp(path.join(from, 'files'), filesRoot, { recursive: true });
  }
  for (const extra of EXTRA) {
    const src = path.join(from, extra);
    if ((await exists(src)) && !(await exists(path.join(config.dataDir, extra))))
      await fs.cp(src, path.join(config.dataDir, extra), { recursive: true });
  }
  return manifest;
}
