// @vitest-environment node
import { mkdtemp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from '../precompress.mjs';

let dist: string;
const exists = (f: string) =>
  stat(f).then(
    () => true,
    () => false,
  );
/** A script big and repetitive enough to be worth compressing (precompress skips < 1 KB). */
const BIG_JS = `console.log(${JSON.stringify('いろはにほへと '.repeat(400))});`;

beforeEach(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'precompress-'));
  await mkdir(path.join(dist, 'static', 'js'), { recursive: true });
});
afterEach(() => rm(dist, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes .br and .gz beside text files of 1 KB or more only, decompressing to the original', async () => {
    const big = path.join(dist, 'static', 'js', 'big.0123abcd.js');
    const small = path.join(dist, 'static', 'js', 'small.0123abcd.js');
    await writeFile(big, BIG_JS);
    await writeFile(small, 'console.log(1)');
    await writeFile(path.join(dist, 'static', 'logo.png'), Buffer.alloc(4096, 7));
    const r = await precompressDir(dist);
    expect(r.files).toBe(1);
    expect(r.bytes).toBe(Buffer.byteLength(BIG_JS));
    expect(zlib.brotliDecompressSync(await readFile(`${big}.br`)).toString()).toBe(BIG_JS);
    expect(zlib.gunzipSync(await readFile(`${big}.gz`)).toString()).toBe(BIG_JS);
    expect(await exists(`${small}.br`)).toBe(false);
    expect(await exists(path.join(dist, 'static', 'logo.png.br'))).toBe(false);
    expect((await precompressDir(dist)).files).toBe(0);
  });
});
