/**
 * Compiles the API to one JavaScript file, apps/api/dist/server.mjs, so the production process
 * runs plain Node with no TypeScript loader. The workspace packages (@portal/*) are
 * TypeScript sources and are bundled in; every other package stays an ordinary import from
 * node_modules (native modules such as better-sqlite3, argon2 and sharp cannot be bundled).
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@portal/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
await build({
  entryPoints: [path.join(apiDir, 'src/server.ts')],
  outfile: path.join(apiDir, 'dist/server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
  // Bundled CommonJS helpers (none today) would need `require`; ESM output has none by default.
  banner: {
    js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);",
  },
});
console.log(`api: dist/server.mjs built in ${Date.now() - started} ms`);
