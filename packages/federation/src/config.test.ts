// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { federationAlias, hostFederationOptions, remoteByName, remoteFederationOptions, sharedDeps } from '../index.mjs';

/**
 * Some shared packages are facades exporting a subset of the package (facades/*.mjs).
 * A name an app imports but the facade lacks would be `undefined` at runtime only, in whichever
 * remote uses it; these tests turn that into a failing build step.
 */
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const FACADE_PACKAGES = ['react-router', 'react-i18next', '@tanstack/react-query', 'nanostores'] as const;

function facadeExports(pkg: string): string[] {
  const file = sharedDeps[pkg]?.import;
  if (!file) throw new Error(`${pkg} is not shared through a facade`);
  const text = readFileSync(file, 'utf8');
  const listed = [...text.matchAll(/export\s*\{([^}]*)\}\s*from/g)].flatMap((m) => m[1]!.split(','));
  // A facade may also define a name itself (react-i18next's useTranslation).
  const declared = [...text.matchAll(/export\s+(?:const|function)\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!);
  if (listed.length === 0) throw new Error(`${file} has no export list`);
  return [...listed, ...declared].map((s) => s.trim()).filter(Boolean);
}

const FACADES_BY_KEY = Object.fromEntries(Object.entries(sharedDeps).filter(([, dep]) => dep.import));

/** The ESM file a shared package's bare import resolves to in the browser build, if it has one. */
function esmEntry(key: string): string | null {
  const parts = key.split('/');
  const pkg = key.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  const sub = key.slice(pkg.length) ? `.${key.slice(pkg.length)}` : '.';
  const dir = join(REPO, 'node_modules', pkg);
  const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    exports?: Record<string, unknown>;
    module?: string;
  };
  const find = (v: unknown): string | null => {
    if (typeof v === 'string') return v;
    if (!v || typeof v !== 'object') return null;
    const o = v as Record<string, unknown>;
    return find(o.browser) ?? find(o.import) ?? find(o.module) ?? find(o.default);
  };
  const file = find(meta.exports?.[sub]) ?? (sub === '.' ? (meta.module ?? null) : null);
  return file && /\.m?js$/.test(file) ? join(dir, file) : null;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(tsx?|mts|mjs|jsx?)$/.test(name) && !/\.test\.|\.spec\./.test(name)) out.push(path);
  }
  return out;
}

interface Use {
  file: string;
  names: string[];
  /** Set when the import cannot be checked name by name (namespace, default, dynamic). */
  unchecked?: string;
}

/** Value imports and re-exports of `pkg` in one file (type-only ones are erased by the build). */
function usesOf(pkg: string, file: string, text: string): Use[] {
  const quoted = `['"]${pkg.replace(/[/.]/g, '\\$&')}['"]`;
  const uses: Use[] = [];
  const statement = new RegExp(`(import|export)\\s+(type\\s+)?([^;]*?)\\s+from\\s*${quoted}`, 'g');
  for (const m of text.matchAll(statement)) {
    if (m[2]) continue;
    const clause = (m[3] ?? '').trim();
    const braces = /\{([^}]*)\}/.exec(clause);
    const outside = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, '')
      .trim();
    if (outside) uses.push({ file, names: [], unchecked: `${m[1]} ${clause}` });
    const names = (braces?.[1] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && !s.startsWith('type '))
      .map((s) => s.split(/\s+as\s+/)[0]!.trim());
    uses.push({ file, names });
  }
  if (new RegExp(`import\\(\\s*${quoted}\\s*\\)`).test(text)) uses.push({ file, names: [], unchecked: 'import()' });
  return uses;
}

const files = ['apps', 'packages'].flatMap((top) =>
  readdirSync(join(REPO, top))
    .map((name) => join(REPO, top, name, 'src'))
    .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    .flatMap((dir) => sourceFiles(dir)),
);

describe.each(FACADE_PACKAGES)('shared %s facade', (pkg) => {
  const exported = facadeExports(pkg);

  it('re-exports only names the real package has', async () => {
    const impl = federationAlias()[`@portal/federation-impl/${pkg}$`];
    expect(impl).toBeTruthy();
    const real = (await import(pathToFileURL(impl!).href)) as Record<string, unknown>;
    expect(exported.filter((name) => !(name in real))).toEqual([]);
  });

  it('covers what the other shared packages import from it (the build routes them to the facade)', () => {
    const uses = Object.keys(sharedDeps)
      .filter((key) => !key.startsWith('@portal/') && key !== pkg && !(key in FACADES_BY_KEY))
      .flatMap((key) => {
        const entry = esmEntry(key);
        return entry ? usesOf(pkg, entry, readFileSync(entry, 'utf8')) : [];
      });
    expect(uses.flatMap((u) => u.names.filter((n) => !exported.includes(n)))).toEqual([]);
  });

  it('covers every name the apps and packages import', () => {
    const uses = files.flatMap((file) => usesOf(pkg, file, readFileSync(file, 'utf8')));
    // The scan must see the imports it is guarding, or it guards nothing.
    expect(uses.length).toBeGreaterThan(3);
    const problems = uses.flatMap((use) => [
      ...(use.unchecked ? [`${relative(REPO, use.file)}: ${use.unchecked}`] : []),
      ...use.names.filter((n) => !exported.includes(n)).map((n) => `${relative(REPO, use.file)}: ${n}`),
    ]);
    expect(problems).toEqual([]);
  });
});

describe('usesOf', () => {
  it('finds multi-line imports and re-exports, skips type-only names, flags namespaces', () => {
    const text = [
      "import {\n  Link,\n  type To,\n  useNavigate as nav,\n} from 'react-router';",
      "import type { Location } from 'react-router';",
      "export { Outlet } from 'react-router';",
      "import * as RR from 'react-router';",
      "import { x } from 'react-router-dom';",
    ].join('\n');
    const uses = usesOf('react-router', 'f.ts', text);
    expect(uses.flatMap((u) => u.names)).toEqual(['Link', 'useNavigate', 'Outlet']);
    expect(uses.filter((u) => u.unchecked).map((u) => u.unchecked)).toEqual(['import * as RR']);
  });
});

describe('runtime sharing', () => {
  const exposes = Object.fromEntries(remoteByName('chat').exposes.map((key) => [key, `./src/${key}.tsx`]));

  it('remotes take the MF runtime from the shell in production builds only', () => {
    expect(hostFederationOptions().experiments.provideExternalRuntime).toBe(true);
    expect(remoteFederationOptions('chat', exposes, { production: true }).experiments.externalRuntime).toBe(true);
    // A dev server runs the remote's stand-alone page, where no shell provides the runtime.
    expect(remoteFederationOptions('chat', exposes).experiments.externalRuntime).toBe(false);
  });

  it('production remotes bundle no shared singleton and take the bundler runtime from the shell', () => {
    const prod = remoteFederationOptions('chat', exposes, { production: true });
    expect(Object.keys(prod.shared)).toEqual(Object.keys(sharedDeps));
    expect(Object.values(prod.shared).every((dep) => dep.import === false)).toBe(true);
    // The dev harness runs alone: its own copies, facades included.
    expect(remoteFederationOptions('chat', exposes).shared['react-router']?.import).toMatch(/react-router\.mjs$/);

    const consume = /runtime[\\/]consume-bundler-runtime\.mjs$/;
    expect(Object.values(federationAlias({ remoteProduction: true })).filter((to) => consume.test(to))).toHaveLength(1);
    expect(Object.values(federationAlias()).some((to) => consume.test(to))).toBe(false);
    const [provider] = hostFederationOptions().runtimePlugins;
    expect(provider).toMatch(/runtime[\\/]provide-bundler-runtime\.mjs$/);
    expect(existsSync(provider!)).toBe(true);
  });

  it('aliases point at files that exist', () => {
    const alias = federationAlias({ remoteProduction: true });
    expect(Object.keys(alias).length).toBeGreaterThanOrEqual(5);
    for (const [from, to] of Object.entries(alias)) {
      expect(existsSync(to), `${from} -> ${to}`).toBe(true);
      expect(to.endsWith('.cjs'), `${to} must be an ESM build`).toBe(false);
    }
  });
});

describe('the contract in the browser', () => {
  // The API and the contract itself import the index, and so may test helpers; every other
  // source runs in a browser.
  const browserFiles = files.filter(
    (f) => !/^(apps[\\/]api|packages[\\/]api-client)[\\/]|[\\/](testing|test)[\\/]/.test(relative(REPO, f)),
  );

  it('browsers take schemas from shared domain entries, never from the index', () => {
    const specifiers = new Set<string>();
    for (const file of browserFiles) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:import|export)\s+(?!type\s)[^;]*?from\s*'(@portal\/api-client[^']*)'/g)) specifiers.add(m[1]!);
      for (const m of text.matchAll(/import\(\s*'(@portal\/api-client[^']*)'\s*\)/g)) specifiers.add(m[1]!);
    }
    expect(specifiers.size).toBeGreaterThan(5);
    // The index builds every endpoint's schemas; a schema entry not shared would be bundled again
    // by each remote that imports it, zod included. (Stateless helpers such as /page-queries may
    // be bundled by each remote on purpose.)
    const schemaEntries = [...specifiers].filter((s) => /^@portal\/api-client(\/schemas\/.+|\/validation)?$/.test(s));
    expect(schemaEntries.filter((s) => !(s in sharedDeps))).toEqual([]);
    expect(schemaEntries.length).toBeGreaterThan(3);
  });
});
