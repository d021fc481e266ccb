import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/**
 * Every module a file pulls in at run time, following relative imports and re-exports; type-only
 * imports and exports are skipped because the bundler erases them. Returns the local files (as
 * paths under src/) and the packages reached.
 */
function runtimeGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    const re = /^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
    for (const [, typeOnly, spec] of text.matchAll(re)) {
      if (typeOnly || !spec) continue;
      if (!spec.startsWith('.')) {
        packages.add(spec);
        continue;
      }
      const base = join(dirname(file), spec);
      const target = [`${base}.ts`, join(base, 'index.ts')].find((f) => existsSync(f));
      if (!target) throw new Error(`${file}: cannot resolve ${spec}`);
      visit(target);
    }
  };
  visit(join(SRC, entry));
  return { files: [...files].map((f) => relative(SRC, f)).sort(), packages: [...packages].sort() };
}

/** Files that hold zod schemas; schemas/remotes.ts is hand-written (see check.ts) and light. */
const heavy = (files: string[]) =>
  files.filter((f) => (f.startsWith('schemas/') && f !== 'schemas/remotes.ts') || f.startsWith('endpoints') || f === 'validation.ts');

describe('browser entries stay off zod and the endpoint schemas', () => {
  it.each(['core.ts', 'browser.ts', 'session.ts', 'realtime.ts', 'schemas/remotes.ts', 'routes.gen.ts'])(
    '%s loads neither zod nor an endpoint schema',
    (entry) => {
      const g = runtimeGraph(entry);
      expect(g.packages.filter((p) => p.startsWith('zod'))).toEqual([]);
      expect(heavy(g.files)).toEqual([]);
    },
  );

  it("core carries the start-up routes only; the full table is the client's lazy chunk", () => {
    const files = runtimeGraph('core.ts').files;
    expect(files).toContain('routes.start.gen.ts');
    expect(files).not.toContain('routes.gen.ts');
  });

  it('the walker does see classic zod where it is used', () => {
    expect(runtimeGraph('index.ts').packages).toContain('zod');
    expect(heavy(runtimeGraph('index.ts').files)).toContain('endpoints.ts');
  });
});

/** The browser's sources: the shell, the remotes and the shared front-end packages (tests aside). */
const REPO = join(SRC, '..', '..', '..');
const BROWSER_DIRS = [
  ...['shell', 'groups', 'common-topic', 'chat', 'calendar', 'notifications', 'settings'].map((a) => `apps/${a}/src`),
  'packages/ui/src',
  'packages/content/src',
];
function browserSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'testing' || name === 'test' ? [] : browserSources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('browsers take schemas per domain', () => {
  it('no browser module imports the whole contract at run time', () => {
    // The index builds every endpoint's schemas when it is evaluated; a form imports its
    // domain's entry (`@portal/api-client/schemas/<domain>`) instead. Type-only imports are erased.
    const wrong = BROWSER_DIRS.flatMap((d) => browserSources(join(REPO, d))).filter((file) =>
      /^(?:import|export)\s+(?!type\s)[^;]*?from\s+'@portal\/api-client'/m.test(readFileSync(file, 'utf8')),
    );
    expect(wrong.map((f) => relative(REPO, f))).toEqual([]);
  });

  it.each(['calendar', 'groups', 'settings', 'search', 'auth'])('schemas/%s evaluates its own domain, not the endpoint table', (domain) => {
    const g = runtimeGraph(`schemas/${domain}.ts`);
    expect(g.files.filter((f) => f.startsWith('endpoint'))).toEqual([]);
    // Only the domain itself, the common helpers and the domains it builds on (members for
    // groups and settings).
    const others = g.files.filter(
      (f) => f.startsWith('schemas/') && ![`schemas/${domain}.ts`, 'schemas/common.ts', 'schemas/members.ts'].includes(f),
    );
    expect(others).toEqual([]);
  });
});
