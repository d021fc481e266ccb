import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of a build folder, once, at
 * build time (every app's `build` script runs bin/precompress.mjs) and again when a remote is
 * published (idempotent), at the highest levels: the API then only picks a sibling per request,
 * never compresses a script on the hot path. Plain ESM so builds run it without a TypeScript loader.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.map', '.svg', '.txt', '.webmanifest', '.ico', '.wasm']);
/** Below this, the headers cost more than the bytes saved. */
const MIN_BYTES = 1024;

/** @param {string} dir @returns {Promise<string[]>} */
async function walk(dir) {
  /** @type {string[]} */
  const out = [];
  for (const ent of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, ent.name);
    if (ent.isDirectory()) out.push(...(await walk(full)));
    else if (ent.isFile()) out.push(full);
  }
  return out;
}

/**
 * Idempotent: a file that has both siblings already is skipped.
 * @param {string} dir
 */
export async function precompressDir(dir) {
  const result = { files: 0, bytes: 0, br_bytes: 0, gz_bytes: 0 };
  for (const file of await walk(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
    const s = await stat(file);
    if (s.size < MIN_BYTES) continue;
    // Build folders are emptied by every build, so siblings present belong to this file.
    const present = await Promise.all(
      ['.br', '.gz'].map((ext) =>
        stat(file + ext).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (present.every(Boolean)) continue;
    const raw = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzip(raw, { level: 9 }),
    ]);
    // A sibling no smaller than the original is never worth sending.
    if (br.length < raw.length) await writeFile(file + '.br', br);
    if (gz.length < raw.length) await writeFile(file + '.gz', gz);
    result.files++;
    result.bytes += raw.length;
    result.br_bytes += br.length;
    result.gz_bytes += gz.length;
  }
  return result;
}
