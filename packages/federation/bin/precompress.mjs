#!/usr/bin/env node
// `portal-precompress <dir>…`: the last step of every app's build, writing .br and .gz siblings of
// the build's text files (precompress.mjs).
import { precompressDir } from '../precompress.mjs';

const dirs = process.argv.slice(2);
if (!dirs.length) {
  console.error('usage: portal-precompress <dir>…');
  process.exit(2);
}
for (const dir of dirs) {
  const r = await precompressDir(dir);
  const kb = (n) => Math.round(n / 1024);
  console.log(`precompressed ${r.files} files in ${dir}: ${kb(r.bytes)} KB -> br ${kb(r.br_bytes)} KB, gz ${kb(r.gz_bytes)} KB`);
}
