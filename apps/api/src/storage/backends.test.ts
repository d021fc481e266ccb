import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type TestS3 } from '../test/s3rver.test-util';
import { createLocalStorage, StorageNotFoundError, type FileStorage } from './index';
import { createS3Storage } from './s3';

/**
 * The FileStorage contract on both backends: the local folder and S3 (against s3rver on
 * 127.0.0.1). `plant` puts a leftover staged object as a process that died would have left it.
 */
interface Backend {
  storage: FileStorage;
  plant(name: string, body: string, ageMs: number): Promise<void>;
}

let s3: TestS3;
const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backends-'));
const backends: Record<'local' | 's3', () => Backend> = {
  local: () => {
    const storage = createLocalStorage(localRoot);
    return {
      storage,
      async plant(name, body, ageMs) {
        const file = path.join(localRoot, '.staging', name);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, body);
        const t = new Date(Date.now() - ageMs);
        fs.utimesSync(file, t, t);
      },
    };
  },
  s3: () => {
    const client = s3.client();
    const storage = createS3Storage(client, { bucket: s3.bucket, prefix: 'site-a/' });
    return {
      storage,
      // Object stores set LastModified themselves; an old leftover is simulated by the sweep's clock.
      async plant(name, body) {
        await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `site-a/.staging/${name}`, Body: body }));
      },
    };
  },
};

beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('%s storage backend', (kind) => {
  let b: Backend;
  beforeAll(() => {
    b = backends[kind]();
  });

  it('stages, is invisible until commit, reads ranges back, deletes idempotently', async () => {
    const staged = (
      await b.storage.stage(Readable.from([Buffer.from('hello '), Buffer.from('world')]), { prefix: 'groups/7/icon' })
    ).withExt('png');
    expect(staged.key).toMatch(/^groups\/7\/icon\/[0-9a-f]{32}\.png$/);
    expect(staged.size).toBe(11);
    expect((await staged.read(6, 100)).toString()).toBe('world');
    expect((await staged.read(20, 5)).length).toBe(0);
    expect(await b.storage.exists(staged.key)).toBe(false);
    await staged.commit();
    expect(await b.storage.exists(staged.key)).toBe(true);
    const whole = await b.storage.open(staged.key);
    expect(whole.size).toBe(11);
    expect(await text(whole.stream)).toBe('hello world');
    const part = await b.storage.open(staged.key, { start: 2, end: 4 });
    expect(part.size).toBe(11);
    expect(await text(part.stream)).toBe('llo');
    await b.storage.delete(staged.key);
    await expect(b.storage.open(staged.key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await b.storage.delete(staged.key);
  });

  it('streams a file larger than one upload part and leaves nothing staged after a failed upload', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const big = await b.storage.stage(
      Readable.from(
        (function* () {
          for (let i = 0; i < 20; i++) yield chunk;
        })(),
      ),
      { prefix: 'files/1' },
    );
    expect(big.size).toBe(20 * 1024 * 1024);
    await big.commit();
    let n = 0;
    for await (const c of (await b.storage.open(big.key)).stream) n += (c as Buffer).length;
    expect(n).toBe(20 * 1024 * 1024);
    await b.storage.delete(big.key);

    const before = await b.storage.listStaging(-1);
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent++ < 3) this.push(Buffer.alloc(64 * 1024, 1));
        else this.destroy(new Error('client went away'));
      },
    });
    await expect(b.storage.stage(failing, { prefix: 'a' })).rejects.toThrow();
    expect(await b.storage.listStaging(-1)).toEqual(before);
  });

  it('reads a committed-but-unmoved key from staging; the sweep primitives adopt or remove leftovers', async () => {
    const adopt = 'ab'.repeat(16);
    const drop = 'cd'.repeat(16);
    await b.plant(adopt, 'bytes of a committed row', 3_600_000);
    await b.plant(drop, 'bytes of a failed request', 3_600_000);
    const live = await b.storage.stage(Readable.from([Buffer.from('live')]), { prefix: 'a' });

    const key = `groups/1/files/${adopt}.txt`;
    expect(await text((await b.storage.open(key)).stream)).toBe('bytes of a committed row');
    // Anything older than 30 minutes, as seen from an hour ahead on object stores.
    const old = await b.storage.listStaging(30 * 60_000, Date.now() + (kind === 's3' ? 3_600_000 : 0));
    expect(old.sort()).toEqual([adopt, drop].sort());
    expect(old).not.toContain(live.key.split('/').pop());

    await b.storage.adoptStaged(adopt, key);
    await b.storage.adoptStaged(adopt, key); // a second sweep finds it gone: not an error
    await b.storage.removeStaged(drop);
    expect(await b.storage.exists(key)).toBe(true);
    expect(await b.storage.listStaging(-1)).toEqual([]);
    const keys: string[] = [];
    for await (const k of b.storage.listKeys()) keys.push(k);
    expect(keys).toContain(key);
    expect(keys.some((k) => k.startsWith('.'))).toBe(false);
    await live.discard();
    await b.storage.delete(key);
  });

  it('refuses unsafe prefixes, extensions and keys', async () => {
    await expect(b.storage.stage(Readable.from([]), { prefix: '../etc' })).rejects.toThrow(/unsafe/);
    await expect(b.storage.stage(Readable.from([]), { prefix: 'a', ext: 'png/../../x' })).rejects.toThrow(/unsafe/);
    await expect(b.storage.open('../../etc/passwd')).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await b.storage.exists('../x')).toBe(false);
  });
});
