import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live. Callers never choose a path: `stage` writes the bytes under a
 * generated name, and only `commit` makes them visible under their key, so a request that fails
 * half-way leaves nothing behind. Keys are plain relative strings (`groups/12/icon/…png`), stored
 * in the database; an S3-compatible store can implement the same interface later.
 */
export interface FileStorage {
  /**
   * Streams `source` into a staging area. The returned file is not readable by key until
   * `commit()`; `discard()` removes it. Reading its bytes before commit goes through `read`.
   */
  stage(source: Readable, opts: StageOptions): Promise<StagedFile>;
  /**
   * A stream of a committed file (or of the inclusive byte range `start`..`end` of it); `size` is
   * always the whole file's. Throws StorageNotFoundError when the key is absent.
   */
  open(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number }>;
  /** Removes a committed file; a missing key is not an error (deletes are retried). */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Removes staged files older than `olderThanMs` (left by a process that died mid-upload);
   * returns how many went. Live uploads are younger, so running it at start-up is safe.
   */
  sweepStaging(olderThanMs: number, now?: number): Promise<number>;
}

export interface ByteRange {
  start: number;
  /** Inclusive, like HTTP Range. */
  end: number;
}

export interface StageOptions {
  /** Key folder, e.g. `groups/12/icon`; made of safe segments only. */
  prefix: string;
  /** Extension without the dot, chosen by the caller from the checked content, never the upload name. */
  ext?: string;
}

export interface StagedFile {
  /** The key the file will have once committed. */
  readonly key: string;
  readonly size: number;
  /** Random-access read of the staged bytes (content sniffing, image dimensions). */
  read(offset: number, length: number): Promise<Buffer>;
  /** Sets the final extension before commit (the kind is only known after sniffing). */
  withExt(ext: string): StagedFile;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored file ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

const SEGMENT = /^[a-z0-9][a-z0-9_-]{0,63}$/i;
const EXT = /^[a-z0-9]{1,8}$/;
const KEY = /^(?:[a-z0-9][a-z0-9_-]{0,63}\/)*[a-z0-9][a-z0-9_-]{0,63}(?:\.[a-z0-9]{1,8})?$/i;

function checkPrefix(prefix: string): void {
  if (!prefix.split('/').every((s) => SEGMENT.test(s))) throw new Error(`unsafe storage prefix "${prefix}"`);
}

/** Keys come from our own database, but a key is still checked before it becomes a path. */
export function isSafeKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').includes('..');
}

/** Generated file name: 128 random bits, URL-safe, never derived from user input. */
export function generatedName(): string {
  return randomBytes(16).toString('hex');
}

/** Local disk under `root` (normally `${DATA_DIR}/files`); staging lives in `root/.staging`. */
export function createLocalStorage(root: string): FileStorage {
  const staging = path.join(root, '.staging');
  const pathOf = (key: string) => {
    if (!isSafeKey(key)) throw new StorageNotFoundError(key);
    return path.join(root, key);
  };

  function staged(tmp: string, base: string, ext: string | undefined, size: number): StagedFile {
    const key = ext ? `${base}.${ext}` : base;
    let done = false;
    return {
      key,
      size,
      async read(offset, length) {
        const fh = await fs.open(tmp, 'r');
        try {
          const buf = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
          const { bytesRead } = await fh.read(buf, 0, buf.length, offset);
          return buf.subarray(0, bytesRead);
        } finally {
          await fh.close();
        }
      },
      withExt(next) {
        if (!EXT.test(next)) throw new Error(`unsafe extension "${next}"`);
        return staged(tmp, base, next, size);
      },
      async commit() {
        if (done) return;
        const target = pathOf(key);
        await fs.mkdir(path.dirname(target), { recursive: true });
        // rename within one file system is atomic: readers see the whole file or nothing.
        await fs.rename(tmp, target);
        done = true;
      },
      async discard() {
        if (done) return;
        done = true;
        await fs.rm(tmp, { force: true });
      },
    };
  }

  return {
    async stage(source, opts) {
      checkPrefix(opts.prefix);
      if (opts.ext !== undefined && !EXT.test(opts.ext)) throw new Error(`unsafe extension "${opts.ext}"`);
      await fs.mkdir(staging, { recursive: true });
      const name = generatedName();
      const tmp = path.join(staging, name);
      try {
        await pipeline(source, createWriteStream(tmp, { flags: 'wx' }));
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
      const { size } = await fs.stat(tmp);
      return staged(tmp, `${opts.prefix}/${name}`, opts.ext, size);
    },
    async open(key, range) {
      const file = pathOf(key);
      try {
        const { size } = await fs.stat(file);
        return { stream: createReadStream(file, range ? { start: range.start, end: range.end } : {}), size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
        throw err;
      }
    },
    async delete(key) {
      if (!isSafeKey(key)) return;
      await fs.rm(path.join(root, key), { force: true });
    },
    async sweepStaging(olderThanMs, now = Date.now()) {
      const names = await fs.readdir(staging).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const file = path.join(staging, name);
        const stat = await fs.stat(file).catch(() => null);
        if (stat && now - stat.mtimeMs > olderThanMs) {
          await fs.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
    async exists(key) {
      if (!isSafeKey(key)) return false;
      return fs.access(path.join(root, key)).then(
        () => true,
        () => false,
      );
    },
  };
}
