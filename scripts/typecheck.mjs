/**
 * `npm run typecheck` (and the first step of `npm test`): the whole repository in two TypeScript
 * programs side by side instead of one per package. Each package's own `tsc -p` checked the
 * shared packages again (every remote imports packages/ui, api-client and i18n as sources):
 * thirteen programs took ~4 minutes of a 2-core CI machine, these two ~1.5.
 *
 * - tsconfig.check.json: the shell, the remotes, the shared packages and e2e, with the DOM
 *   (by globs, so a new remote or package is checked without being listed).
 * - apps/api/tsconfig.json: the API on its own, without the DOM, so a browser global used by
 *   server code still fails.
 *
 * One caveat of a shared program: an ambient declaration of one package (packages/ui's
 * css.d.ts) is visible to all; `turbo run typecheck` still checks each package alone.
 *
 * The compiler is TypeScript 7's native one (the `typescript-native` alias of typescript@7): the
 * same checks, several times less CPU than TypeScript 5's JavaScript compiler, which stays
 * installed as `typescript` for the tools that use its JavaScript API (TypeScript 7 has none).
 * TYPECHECK_TSC=5 runs the two programs on TypeScript 5 instead.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
// typescript@7's exports map hides bin/; its package.json is exported.
const tsc =
  process.env.TYPECHECK_TSC === '5'
    ? require.resolve('typescript/bin/tsc')
    : path.join(path.dirname(require.resolve('typescript-native/package.json')), 'bin', 'tsc');
const run = (project) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const projects = ['tsconfig.check.json', 'apps/api/tsconfig.json'];
const codes = await Promise.all(projects.map(run));
const failed = projects.filter((_, i) => codes[i] !== 0);
if (failed.length) {
  console.error(`typecheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
