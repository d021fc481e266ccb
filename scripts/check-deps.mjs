/**
 * `npm run check:deps` (run by .ci/run): every workspace declares what it imports and imports
 * what it declares.
 *
 * - Undeclared: a file imports (import/export from, import(), require, require.resolve,
 *   vi.mock, CSS @import) a package its workspace does not list. The root's devDependencies are
 *   the repository-wide toolchain (vitest, typescript, tsx, the test DOM) and count for all.
 * - Unused: a workspace lists a package that none of its files imports, no script of its
 *   package.json runs (by the package's bin name or `--import <pkg>`) and no file names in a
 *   string (config files: `environment: 'happy-dom'`). `@types/x` counts as used with x.
 * - Test-only: something in `dependencies` that only tests, scripts, configs and benches use
 *   belongs in devDependencies.
 *
 * Module Federation singletons are declared for sharing as well as for importing: the shell
 * provides every one of them (its build bundles them whether or not its own code imports them),
 * so in the workspace whose build calls hostFederationOptions they count as used. The file that
 * lists them resolves each by name and so declares them in its own workspace.
 */
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const rootPkg = readJson(path.join(root, 'package.json'));

const SOURCE = /\.(?:[cm]?[jt]sx?|css)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.turbo', 'coverage', 'test-results', 'playwright-report', 'results', '.git']);
const DEV_FILE =
  /(?:\.test\.|\.spec\.|test-util|\/test\/|\/testing\/|\/testing\.tsx?$|^scripts\/|\/scripts\/|\.config\.|(?:^|\/)bench\/|-bench\.ts$|dev-harness)/;
const builtins = new Set(builtinModules.flatMap((m) => [m, m.replace(/^node:/, '')]));
// Bundler aliases that look like packages (packages/federation/index.mjs).
const ALIASES = [/^@portal\/federation-impl(?:\/|$)/];

const workspaceDirs = rootPkg.workspaces.flatMap((pattern) => {
  if (!pattern.endsWith('/*')) return [pattern];
  const parent = pattern.slice(0, -2);
  return fs
    .readdirSync(path.join(root, parent), { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(root, parent, d.name, 'package.json')))
    .map((d) => `${parent}/${d.name}`);
});

function listFiles(dir, rel = '', out = []) {
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) listFiles(dir, r, out);
    } else if (SOURCE.test(entry.name)) out.push(r);
  }
  return out;
}

/** The repository's files that belong to no workspace: the root's own (scripts/, …). */
function rootFiles() {
  const workspaceTops = new Set(rootPkg.workspaces.map((pattern) => pattern.split('/')[0]));
  const out = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.') || workspaceTops.has(entry.name)) continue;
      listFiles(root, entry.name, out);
    } else if (SOURCE.test(entry.name)) out.push(entry.name);
  }
  return out;
}

const SPECIFIERS = [
  /(?:^|[;}])\s*(?:import|export)\b[^;'"`]*?\bfrom\s*['"]([^'"\n]+)['"]/gm,
  /^\s*import\s*['"]([^'"\n]+)['"]/gm,
  /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g,
  /\b(?:require|resolve|createRequire\([^)]*\))\(\s*['"]([^'"\n]+)['"]/g,
  /\b(?:vi|jest)\.(?:mock|doMock|importActual)\(\s*['"]([^'"\n]+)['"]/g,
  /@import\s+(?:url\()?['"]([^'"\n]+)['"]/g,
  /\/\/\/\s*<reference\s+types=['"]([^'"\n]+)['"]/g,
  // A test file's own DOM, named in its docblock (`@vitest-environment` and the name).
  /@vitest-environment\s+([\w-]+)/g,
];

const PACKAGE_NAME = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w.@-]+)*$/i;

function packageOf(spec) {
  if (!PACKAGE_NAME.test(spec) || /^[./#]|^[a-z]+:/.test(spec) || builtins.has(spec) || builtins.has(spec.split('/')[0])) return null;
  if (ALIASES.some((re) => re.test(spec))) return null;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The installed package.json of pkg as seen from fromDir, or null when it is not installed. */
function manifestOf(pkg, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(file)) return readJson(file);
    if (dir === root || dir === path.dirname(dir)) return null;
  }
}

function binsOf(pkg, fromDir) {
  const bin = manifestOf(pkg, fromDir)?.bin;
  if (!bin) return [];
  return typeof bin === 'string' ? [pkg.split('/').pop()] : Object.keys(bin);
}

const singletons = Object.keys((await import('@portal/federation')).sharedVersions);

const rootTools = new Set(Object.keys(rootPkg.devDependencies ?? {}));
const problems = [];
// Scripts and files of every workspace: the root's toolchain is used by all of them.
const everywhere = { scripts: [], texts: [], usedBy: new Set() };

for (const ws of [...workspaceDirs, '.']) {
  const dir = path.join(root, ws);
  const pkg = readJson(path.join(dir, 'package.json'));
  const prod = new Set(Object.keys(pkg.dependencies ?? {}));
  const declared = new Set([
    ...prod,
    ...Object.keys(pkg.devDependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
    ...Object.keys(pkg.optionalDependencies ?? {}),
  ]);
  // The root's own files are everything outside the workspaces (scripts/, a test in a folder of
  // its own); the workspaces are checked on their own.
  const files = ws === '.' ? rootFiles() : listFiles(dir);
  const usedBy = new Map(); // package -> files
  const texts = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    texts.push(text);
    for (const re of SPECIFIERS) {
      for (const m of text.matchAll(re)) {
        const name = packageOf(m[1]);
        if (!name || name === pkg.name) continue;
        if (!usedBy.has(name)) usedBy.set(name, []);
        usedBy.get(name).push(file);
      }
    }
  }
  const label = ws === '.' ? 'root' : ws;

  for (const [name, where] of usedBy) {
    if (declared.has(name) || rootTools.has(name) || name.startsWith('@types/')) continue;
    // Not installed anywhere: test data in a string, not a dependency (a real one fails the build).
    if (!manifestOf(name, dir)) continue;
    problems.push(`${label}: imports ${name} without declaring it (${where[0]})`);
  }

  let scripts = Object.values(pkg.scripts ?? {}).join('\n');
  let allText = texts.join('\n');
  everywhere.scripts.push(scripts);
  everywhere.texts.push(allText);
  for (const name of usedBy.keys()) everywhere.usedBy.add(name);
  if (ws === '.') {
    scripts = everywhere.scripts.join('\n');
    allText = everywhere.texts.join('\n');
    for (const name of everywhere.usedBy) if (!usedBy.has(name)) usedBy.set(name, ['(a workspace)']);
  }
  const provides = /hostFederationOptions\(/.test(allText);
  // A package another declared package needs as a peer (react-dom for @testing-library/react,
  // i18next for react-i18next): declared for that one's sake. Maps peer -> the packages needing it.
  const peerOf = new Map();
  for (const name of declared) {
    for (const peer of Object.keys(manifestOf(name, dir)?.peerDependencies ?? {})) {
      if (!peerOf.has(peer)) peerOf.set(peer, []);
      peerOf.get(peer).push(name);
    }
  }
  const usedByName = (name) => {
    if (usedBy.has(name)) return true;
    if (peerOf.get(name)?.some((p) => p !== name && usedByName(p))) return true;
    if (provides && singletons.includes(name)) return true;
    if (new RegExp(`--import[= ]${name}\\b`).test(scripts)) return true;
    if (binsOf(name, dir).some((bin) => new RegExp(`(?:^|[\\s&;|(])(?:npx )?${bin}(?=\\s|$)`, 'm').test(scripts))) return true;
    return allText.includes(`'${name}'`) || allText.includes(`"${name}"`);
  };
  for (const name of declared) {
    if (name.startsWith('@types/')) {
      const base = name.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2');
      if (base === 'node' || declared.has(base) || usedByName(base)) continue;
      problems.push(`${label}: declares ${name} but uses no ${base}`);
      continue;
    }
    if (!usedByName(name)) {
      problems.push(`${label}: declares ${name} but nothing in it uses it`);
      continue;
    }
    if (prod.has(name) && ws !== '.' && !(provides && singletons.includes(name))) {
      const where = usedBy.get(name);
      const prodPeer = peerOf.get(name)?.some((p) => prod.has(p) && usedByName(p));
      const devOnly = where ? where.every((f) => DEV_FILE.test(f)) : !prodPeer && !allText.includes(`'${name}'`);
      if (devOnly && !prodPeer) {
        problems.push(`${label}: ${name} is used only by tests, scripts or tools: a devDependency`);
      }
    }
  }
}

if (problems.length) {
  console.error(problems.map((p) => `  ${p}`).join('\n'));
  console.error(`check-deps: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`check-deps: ${workspaceDirs.length + 1} package.json files match what their files import`);
