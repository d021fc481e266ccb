/**
 * Compiles the API to plain JavaScript so production runs Node with no TypeScript loader:
 * apps/api/dist/server.mjs (the server) and apps/api/dist/cli/<name>.mjs (the operator's
 * commands: `npm run doctor`, `backup`, `restore`, `remotes`, `search`, `thumbnails`, `seed`,
 * run through scripts/cli.mjs). Each file is one self-contained bundle: the workspace packages
 * (@portal/*) are TypeScript sources and are bundled in; every other package stays an ordinary
 * import from node_modules (native modules such as better-sqlite3, argon2 and sharp cannot be
 * bundled).
 *
 * Only files whose bytes changed are rewritten (each through a rename), so building while a
 * server runs from dist/ leaves it untouched; dist/build-inputs.json lists the sources of the
 * last build for scripts/cli.mjs to tell whether a command is out of date.
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(apiDir, 'dist');
export const INPUTS_FILE = path.join(DIST, 'build-inputs.json');

/** The compiled commands: src/cli/<name>.ts → dist/cli/<name>.mjs. */
export const CLI_NAMES = fs
  .readdirSync(path.join(apiDir, 'src/cli'))
  .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
  .map((f) => f.slice(0, -3));

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@portal/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

function writeIfChanged(file, contents) {
  try {
    if (Buffer.compare(fs.readFileSync(file), contents) === 0) return false;
  } catch {
    // absent: write it
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, contents);
  fs.renameSync(tmp, file);
  return true;
}

export async function buildApi({ log = console.log } = {}) {
  const started = Date.now();
  const entryPoints = { server: path.join(apiDir, 'src/server.ts') };
  for (const name of CLI_NAMES) entryPoints[`cli/${name}`] = path.join(apiDir, `src/cli/${name}.ts`);
  const result = await build({
    entryPoints,
    outdir: DIST,
    outExtension: { '.js': '.mjs' },
    absWorkingDir: apiDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    write: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [externalPackages],
    // Bundled CommonJS helpers (none today) would need `require`; ESM output has none by default.
    banner: {
      js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);",
    },
  });
  let written = 0;
  for (const file of result.outputFiles) if (writeIfChanged(file.path, file.contents)) written++;
  const inputs = [...Object.keys(result.metafile.inputs), 'scripts/build.mjs', 'package.json'].sort();
  writeIfChanged(INPUTS_FILE, Buffer.from(`${JSON.stringify(inputs, null, 1)}\n`));
  // The stamp's time is the build's, even when no output changed (scripts/cli.mjs compares to it).
  const now = new Date();
  fs.utimesSync(INPUTS_FILE, now, now);
  log(
    `api: dist/server.mjs and dist/cli/{${CLI_NAMES.join(',')}}.mjs built in ${Date.now() - started} ms (${written} of ${result.outputFiles.length} files changed)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await buildApi();
