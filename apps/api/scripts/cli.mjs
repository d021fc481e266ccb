/**
 * `node apps/api/scripts/cli.mjs <name> [args…]` (what `npm run doctor`, `backup`, `restore`,
 * `remotes`, `search`, `thumbnails` and `seed` run): the compiled command
 * apps/api/dist/cli/<name>.mjs, built first when it is missing or older than any of its sources,
 * as `npm start` builds before it starts. Runs in this process, so exit codes and signals are the
 * command's own. Build messages go to stderr: a command's output (`remotes -- version`) stays
 * clean for scripts that read it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [name, ...args] = process.argv.slice(2);
const target = path.join(apiDir, 'dist/cli', `${name}.mjs`);
const inputsFile = path.join(apiDir, 'dist/build-inputs.json');

function upToDate() {
  try {
    if (!fs.existsSync(target)) return false;
    // The stamp, not the command's file: a build rewrites only files whose bytes changed.
    const built = fs.statSync(inputsFile).mtimeMs;
    const inputs = JSON.parse(fs.readFileSync(inputsFile, 'utf8'));
    return inputs.every((rel) => fs.statSync(path.join(apiDir, rel)).mtimeMs <= built);
  } catch {
    return false; // no build yet, or a source moved: build
  }
}

if (!name || !/^[a-z-]+$/.test(name) || !fs.existsSync(path.join(apiDir, 'src/cli', `${name}.ts`))) {
  const names = fs.readdirSync(path.join(apiDir, 'src/cli')).filter((f) => /^[a-z-]+\.ts$/.test(f));
  console.error(`usage: cli.mjs <${names.map((f) => f.slice(0, -3)).join('|')}> [args…]`);
  process.exit(2);
}
if (!upToDate()) {
  const { buildApi } = await import('./build.mjs');
  await buildApi({ log: (msg) => console.error(msg) });
}
process.setSourceMapsEnabled(true);
process.argv = [process.argv[0], target, ...args];
await import(pathToFileURL(target).href);
