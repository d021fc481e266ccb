import { Transform, type Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { generatedName, isSafeKey, stagingNameOf, StorageNotFoundError, type FileStorage, type StagedFile } from './contract';

/**
 * Any S3-compatible object store (AWS S3, MinIO, R2, s3rver…) behind the FileStorage interface,
 * with the local folder's crash-safety: bytes are uploaded under `<prefix>.staging/<name>` and only
 * copied to their key after the row naming the key has committed; a crash between the two leaves a
 * staged object the sweep adopts. Every transfer streams: uploads go up in 8 MB parts (at most two
 * in flight), downloads are the response body, so no file is ever held whole in memory.
 */
export interface S3Location {
  bucket: string;
  /** '' or ends with '/'. */
  prefix: string;
}

/** `s3://bucket/some/prefix` → bucket and `some/prefix/`. */
export function parseS3Url(url: string): S3Location {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!m) throw new Error(`STORAGE_URL must look like s3://bucket/prefix, got "${url}"`);
  const prefix = (m[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: m[1]!, prefix: prefix ? `${prefix}/` : '' };
}

type Env = Record<string, string | undefined>;

/**
 * Client settings from the usual variables: credentials and region through the SDK's default
 * chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_PROFILE, AWS_REGION…),
 * plus the endpoint of a non-AWS store and path-style addressing (MinIO, s3rver).
 */
export function s3ClientConfig(env: Env): S3ClientConfig {
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || env.S3_ENDPOINT || undefined;
  const forcePathStyle = ['1', 'true'].includes((env.S3_FORCE_PATH_STYLE ?? env.AWS_S3_FORCE_PATH_STYLE ?? '').toLowerCase());
  const credentials =
    env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN || undefined }
      : undefined; // the SDK's default chain: profile, web identity, instance role…
  return { region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1', endpoint, forcePathStyle, credentials };
}

const PART_SIZE = 8 * 1024 * 1024;
const STAGED_RE = /^[0-9a-f]{32}$/;

function notFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export function createS3Storage(client: S3Client, loc: S3Location): FileStorage {
  const { bucket, prefix } = loc;
  const stagingPrefix = `${prefix}.staging/`;
  const objectKey = (key: string) => {
    if (!isSafeKey(key)) throw new StorageNotFoundError(key);
    return `${prefix}${key}`;
  };
  const stagedKey = (name: string) => `${stagingPrefix}${name}`;
  /** Names staged by this process and not yet committed or discarded: never swept. */
  const live = new Set<string>();

  const get = async (key: string, range?: { start: number; end: number }) => {
    const res = await client.send(
      new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    const total = /\/(\d+)$/.exec(res.ContentRange ?? '')?.[1];
    return { stream: res.Body as Readable, size: total !== undefined ? Number(total) : Number(res.ContentLength ?? 0) };
  };
  /** Server-side copy then delete: the object appears at its key whole or not at all. */
  const move = async (from: string, to: string) => {
    await client.send(
      new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${encodeURIComponent(from).replace(/%2F/g, '/')}` }),
    );
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: from }));
  };

  function staged(name: string, base: string, ext: string | undefined, size: number): StagedFile {
    const key = ext ? `${base}.${ext}` : base;
    let done = false;
    return {
      key,
      size,
      async read(offset, length) {
        const end = Math.min(offset + length, size) - 1;
        if (end < offset) return Buffer.alloc(0);
        const { stream } = await get(stagedKey(name), { start: offset, end });
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(c as Buffer);
        return Buffer.concat(chunks);
      },
      withExt(next) {
        if (!/^[a-z0-9]{1,8}$/.test(next)) throw new Error(`unsafe extension "${next}"`);
        return staged(name, base, next, size);
      },
      async commit() {
        if (done) return;
        live.delete(name);
        await move(stagedKey(name), objectKey(key));
        done = true;
      },
      async discard() {
        if (done) return;
        done = true;
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: stagedKey(name) }));
        live.delete(name);
      },
      abandon() {
        done = true;
        live.delete(name);
      },
    };
  }

  async function* list(under: string): AsyncIterable<{ key: string; modified: number }> {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: under, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, modified: o.LastModified?.getTime() ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    async stage(source, opts) {
      if (!opts.prefix.split('/').every((s) => /^[a-z0-9][a-z0-9_-]{0,63}$/i.test(s)))
        throw new Error(`unsafe storage prefix "${opts.prefix}"`);
      if (opts.ext !== undefined && !/^[a-z0-9]{1,8}$/.test(opts.ext)) throw new Error(`unsafe extension "${opts.ext}"`);
      const name = generatedName();
      live.add(name);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          cb(null, chunk);
        },
      });
      // A failing source (aborted upload) must fail the upload too, not leave it waiting.
      source.on('error', (err) => counter.destroy(err));
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: stagedKey(name), Body: source.pipe(counter) },
        partSize: PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: stagedKey(name) })).catch(() => {});
        live.delete(name);
        throw err;
      }
      return staged(name, `${opts.prefix}/${name}`, opts.ext, size);
    },
    async open(key, range) {
      try {
        return await get(objectKey(key), range);
      } catch (err) {
        if (!notFound(err)) throw err;
      }
      // Row committed, move not yet done (or cut short by a crash): the bytes are still staged.
      const name = stagingNameOf(key);
      if (name) {
        try {
          return await get(stagedKey(name), range);
        } catch (err) {
          if (!notFound(err)) throw err;
        }
      }
      throw new StorageNotFoundError(key);
    },
    async delete(key) {
      if (!isSafeKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async exists(key) {
      if (!isSafeKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async listStaging(olderThanMs, now = Date.now()) {
      const out: string[] = [];
      for await (const o of list(stagingPrefix)) {
        const name = o.key.slice(stagingPrefix.length);
        if (!STAGED_RE.test(name) || live.has(name)) continue;
        if (olderThanMs < 0 || now - o.modified > olderThanMs) out.push(name);
      }
      return out;
    },
    async adoptStaged(name, key) {
      if (!STAGED_RE.test(name)) return;
      try {
        await move(stagedKey(name), objectKey(key));
      } catch (err) {
        // The request's own move got there first.
        if (!notFound(err)) throw err;
      }
    },
    async removeStaged(name) {
      if (STAGED_RE.test(name)) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: stagedKey(name) }));
    },
    async put(key, source) {
      // A multipart upload becomes visible only when completed: whole or not at all.
      await new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: source },
        partSize: PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
      }).done();
    },
    async *listKeys() {
      for await (const o of list(prefix)) {
        const key = o.key.slice(prefix.length);
        if (!key.startsWith('.') && isSafeKey(key)) yield key;
      }
    },
  };
}
