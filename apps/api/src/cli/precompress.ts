/**
 * `node --import tsx apps/api/src/cli/precompress.ts <dir>…`: writes .br and .gz siblings of a
 * build's text files (the shell's build runs it; remotes get theirs when published).
 */
import { precompressDir } from '../modules/remotes/precompress';

const dirs = process.argv.slice(2);
if (!dirs.length) {
  console.error('usage: precompress <dir>…');
  process.exit(2);
}
for (const dir of dirs) {
  const r = await precompressDir(dir);
  const kb = (n: number) => Math.round(n / 1024);
  console.log(`precompressed ${r.files} files in ${dir}: ${kb(r.bytes)} KB -> br ${kb(r.br_bytes)} KB, gz ${kb(r.gz_bytes)} KB`);
}
