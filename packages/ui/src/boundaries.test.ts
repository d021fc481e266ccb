import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The design system knows nothing of the API or of the domain screens built on it: imports run
 * apps → @portal/content → @portal/ui / @portal/api-client → @portal/i18n (docs/architecture.md).
 * A screen that needs the API belongs in @portal/content, not here.
 */
const ROOT = join(import.meta.dirname, '..');
const FORBIDDEN = /^@portal\/(api-client|content)(\/|$)/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(m?[jt]sx?|d\.mts)$/.test(name) ? [full] : [];
  });
}

/** Every module specifier a file names: static and dynamic imports, re-exports, vi.mock. */
export function specifiersOf(code: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\b(?:import|require|vi\.mock|vi\.doMock|vi\.importActual)\s*\(\s*['"]([^'"]+)['"]/g,
  ];
  for (const p of patterns) for (const m of code.matchAll(p)) found.push(m[1]!);
  return found;
}

describe('@portal/ui boundaries', () => {
  const files = sources(join(ROOT, 'src'));

  it('reads the specifiers of every import form', () => {
    const code = `import a from '@x/a';\nimport type { B } from "@x/b";\nexport * from '@x/c';\nimport '@x/d';\nawait import('@x/e');\nvi.mock('@x/f', () => ({}));\nimport {\n  g,\n} from '@x/g';`;
    expect(specifiersOf(code).sort()).toEqual(['@x/a', '@x/b', '@x/c', '@x/d', '@x/e', '@x/f', '@x/g']);
    // The scan sees this package's real imports (a broken walk would pass vacuously).
    expect(files.length).toBeGreaterThan(40);
    expect(files.some((f) => specifiersOf(readFileSync(f, 'utf8')).includes('@portal/i18n'))).toBe(true);
  });

  it('imports neither @portal/api-client nor @portal/content', () => {
    const offenders = files.flatMap((f) =>
      specifiersOf(readFileSync(f, 'utf8'))
        .filter((s) => FORBIDDEN.test(s))
        .map((s) => `${relative(ROOT, f)} imports ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('does not depend on them in package.json', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies });
    expect(deps.filter((d) => FORBIDDEN.test(d))).toEqual([]);
  });
});
