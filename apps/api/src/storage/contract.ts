import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

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
   * Staged files older than `olderThanMs` that no request of this process is still working on:
   * left by a process that died mid-upload, or (rows committed, move not done) between its commit
   * and the move. The sweep (ops/sweep.ts) decides which is which. A negative age lists all.
   */
  listStaging(olderThanMs: number, now?: number): Promise<string[]>;
  /** Moves a leftover staged file to `key` (its row committed before the move happened). */
  adoptStaged(name: string, key: string): Promise<void>;
  removeStaged(name: string): Promise<void>;
  /** Every committed key (staging excluded), for the orphan sweep and the doctor. */
  listKeys(): AsyncIterable<string>;
  /**
   * Writes `source` straight to `key`, whole or not at all. Only for restore, where the rows naming
   * the keys are already in place; requests always go through `stage` and `commit`.
   */
  put(key: string, source: Readable): Promise<void>;
}

/**
 * The staging name of a key: every stored file is staged under its generated name and keeps it as
 * the last segment of its key (plus the extension), so a row whose move was cut short by a crash
 * still finds its bytes.
 */
export function stagingNameOf(key: string): string | null {
  const base = key.slice(key.lastIndexOf('/') + 1).split('.')[0] ?? '';
  return /^[0-9a-f]{32}$/.test(base) ? base : null;
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
  /**
   * Moves the bytes to their key. Call it only after the row naming the key has committed
   * (storage/write.ts): bytes then never exist without a row, and a crash before the move
   * leaves a staged file the sweep moves into place.
   */
  commit(): Promise<void>;
  discard(): Promise<void>;
  /** Leaves the staged bytes to the sweep (their row may or may not have committed). */
  abandon(): void;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored file ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/** Not there: no such file, or a file where a folder of the path should be. */
const KEY = /^(?:[a-z0-9][a-z0-9_-]{0,63}\/)*[a-z0-9][a-z0-9_-]{0,63}(?:\.[a-z0-9]{1,8})?$/i;

/** Keys come from our own database, but a key is still checked before it becomes a path. */
export function isSafeKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').includes('..');
}

/** Generated file name: 128 random bits, URL-safe, never derived from user input. */
export function generatedName(): string {
  return randomBytes(16).toString('hex');
}
