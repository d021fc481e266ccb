import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, isSafeKey, StorageNotFoundError } from './index';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const storage = createLocalStorage(root);

describe('local storage', () => {
  it('stages under a generated name, is invisible until commit, then reads back', async () => {
    const staged = (await storage.stage(Readable.from([Buffer.from('hello '), Buffer.from('world')]), { prefix: 'groups/7/icon' })).withExt(
      'png',
    );
    expect(staged.key).toMatch(/^groups\/7\/icon\/[0-9a-f]{32}\.png$/);
    expect(staged.size).toBe(11);
    expect((await staged.read(6, 100)).toString()).toBe('world');
    expect(await storage.exists(staged.key)).toBe(false);
    await staged.commit();
    const { stream, size } = await storage.open(staged.key);
    expect(size).toBe(11);
    expect(await text(stream)).toBe('hello world');
    await storage.delete(staged.key);
    await expect(storage.open(staged.key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.delete(staged.key); // idempotent
  });

  it('discard leaves nothing behind, also when the source stream fails', async () => {
    const staged = await storage.stage(Readable.from([Buffer.from('x')]), { prefix: 'a' });
    await staged.discard();
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.stage(failing, { prefix: 'a' })).rejects.toThrow('client went away');
    expect(fs.readdirSync(path.join(root, '.staging'))).toEqual([]);
  });

  it('never turns a user-controlled string into a path outside the root', async () => {
    await expect(storage.stage(Readable.from([]), { prefix: '../etc' })).rejects.toThrow(/unsafe/);
    await expect(storage.stage(Readable.from([]), { prefix: 'a', ext: 'png/../../x' })).rejects.toThrow(/unsafe/);
    expect(isSafeKey('../secret')).toBe(false);
    expect(isSafeKey('groups/1/../../x')).toBe(false);
    expect(isSafeKey('/etc/passwd')).toBe(false);
    await expect(storage.open('../../etc/passwd')).rejects.toBeInstanceOf(StorageNotFoundError);
  });
});

describe('staging leftovers', () => {
  it('lists only old staged files no live request of this process holds; reads fall back to staging', async () => {
    const live = await storage.stage(Readable.from([Buffer.from('live')]), { prefix: 'a' });
    const dir = path.join(root, '.staging');
    // A file another (dead) process staged an hour ago, and one it staged just now.
    const dead = 'ab'.repeat(16);
    const recent = 'cd'.repeat(16);
    fs.writeFileSync(path.join(dir, dead), 'dead');
    fs.writeFileSync(path.join(dir, recent), 'recent');
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const n of fs.readdirSync(dir)) fs.utimesSync(path.join(dir, n), hourAgo, hourAgo);
    fs.utimesSync(path.join(dir, recent), new Date(), new Date());
    expect(await storage.listStaging(30 * 60_000)).toEqual([dead]);

    // A row naming `a/<dead>.pdf` committed but the move never happened: readers still get the bytes.
    const { stream } = await storage.open(`a/${dead}.pdf`);
    expect(await text(stream)).toBe('dead');
    await storage.adoptStaged(dead, `a/${dead}.pdf`);
    expect(await storage.exists(`a/${dead}.pdf`)).toBe(true);
    await storage.adoptStaged(dead, `a/${dead}.pdf`); // a second move (the request's own) is harmless
    await storage.removeStaged(recent);
    const keys: string[] = [];
    for await (const k of storage.listKeys()) keys.push(k);
    expect(keys).toEqual([`a/${dead}.pdf`]);
    await live.discard();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
