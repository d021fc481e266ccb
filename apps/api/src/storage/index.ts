import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { generatedName, isSafeKey, stagingNameOf, StorageNotFoundError, type FileStorage, type StagedFile } from './contract';

// The contract S3 implements too lives in contract.ts, so s3.ts need not import this file back.
export {
  generatedName,
  isSafeKey,
  stagingNameOf,
  StorageNotFoundError,
  type ByteRange,
  type FileStorage,
  type StagedFile,
  type StageOptions,
} from './contract';

const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

const SEGMENT = /^[a-z0-9][a-z0-9_-]{0,63}$/i;
const EXT = /^[a-z0-9]{1,8}$/;

function checkPrefix(prefix: string): void {
  if (!prefix.split('/').every((s) => SEGMENT.test(s))) throw new Error(`unsafe storage prefix "${prefix}"`);
}

/** Local disk under `root` (normally `${DATA_DIR}/files`); staging lives in `root/.staging`. */
export function createLocalStorage(root: string): FileStorage {
  const staging = path.join(root, '.staging');
  /** Names staged by this process and not yet committed or discarded: never swept. */
  const live = new Set<string>();
  const moveIn = async (tmp: string, target: string) => {
    await fs.mkdir(path.dirname(target), { recursive: true });
    // rename within one file system is atomic: readers see the whole file or nothing.
    await fs.rename(tmp, target);
  };
  const pathOf = (key: string) => {
    if (!isSafeKey(key)) throw new StorageNotFoundError(key);
    return path.join(root, key);
  };

  function staged(name: string, base: string, ext: string | undefined, size: number): StagedFile {
    const tmp = path.join(staging, name);
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
        return staged(name, base, next, size);
      },
      async commit() {
        if (done) return;
        // Its row has committed: from here on a leftover is the sweep's to move, live or not.
        live.delete(name);
        await moveIn(tmp, pathOf(key));
        done = true;
      },
      async discard() {
        if (done) return;
        done = true;
        await fs.rm(tmp, { force: true });
        live.delete(name);
      },
      abandon() {
        done = true;
        live.delete(name);
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
      live.add(name);
      try {
        await pipeline(source, createWriteStream(tmp, { flags: 'wx' }));
      } catch (err) {
        await fs.rm(tmp, { force: true });
        live.delete(name);
        throw err;
      }
      const { size } = await fs.stat(tmp);
      return staged(name, `${opts.prefix}/${name}`, opts.ext, size);
    },
    async open(key, range) {
      const read = async (file: string) => {
        const { size } = await fs.stat(file);
        return { stream: createReadStream(file, range ? { start: range.start, end: range.end } : {}), size };
      };
      try {
        return await read(pathOf(key));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
      // A key is only handed out once its row has committed; if the move after that commit has
      // not happened yet (or a crash cut it short), the bytes are still under their staging name.
      const name = stagingNameOf(key);
      if (name) {
        try {
          return await read(path.join(staging, name));
        } catch (err) {
          if (!isMissing(err)) throw err;
        }
      }
      throw new StorageNotFoundError(key);
    },
    async delete(key) {
      if (!isSafeKey(key)) return;
      await fs.rm(path.join(root, key), { force: true });
    },
    async listStaging(olderThanMs, now = Date.now()) {
      const names = await fs.readdir(staging).catch(() => [] as string[]);
      const out: string[] = [];
      for (const name of names) {
        if (live.has(name)) continue;
        const stat = await fs.stat(path.join(staging, name)).catch(() => null);
        // A negative age means all of them (file times and Date.now() may disagree by a moment).
        if (stat && (olderThanMs < 0 || now - stat.mtimeMs > olderThanMs)) out.push(name);
      }
      return out;
    },
    async adoptStaged(name, key) {
      if (!/^[0-9a-f]{32}$/.test(name)) return;
      try {
        await moveIn(path.join(staging, name), pathOf(key));
      } catch (err) {
        // The request's own move got there first.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    },
    async removeStaged(name) {
      if (/^[0-9a-f]{32}$/.test(name)) await fs.rm(path.join(staging, name), { force: true });
    },
    async *listKeys() {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        if (!e.isFile()) continue;
        const key = path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/');
        if (!key.startsWith('.') && isSafeKey(key)) yield key;
      }
    },
    async put(key, source) {
      const target = pathOf(key);
      await fs.mkdir(staging, { recursive: true });
      const tmp = path.join(staging, `${generatedName()}.put`);
      try {
        await pipeline(source, createWriteStream(tmp, { flags: 'wx' }));
        await moveIn(tmp, target);
      } finally {
        await fs.rm(tmp, { force: true });
      }
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

/**
 * The store a deployment configured: STORAGE_URL=s3://bucket/prefix (storage/s3.ts), otherwise
 * the local folder `${DATA_DIR}/files`. Loaded lazily so a local deployment never loads the SDK.
 */
export async function createStorage(
  config: { storageUrl?: string; dataDir: string },
  env: Record<string, string | undefined> = process.env,
): Promise<FileStorage> {
  if (config.storageUrl?.startsWith('s3://')) {
    const { createS3Storage, parseS3Url, s3ClientConfig } = await import('./s3');
    const { S3Client } = await import('@aws-sdk/client-s3');
    return createS3Storage(new S3Client(s3ClientConfig(env)), parseS3Url(config.storageUrl));
  }
  return createLocalStorage(path.join(config.dataDir, 'files'));
}
