import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The contract's modules import one way: the client knows the endpoint table, the table knows
 * the schemas, the schemas know only constants, validation and each other (never the client).
 * A circle, even through a type-only import, would make that direction a matter of luck: this
 * test finds any.
 */
const SRC = join(import.meta.dirname);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Relative specifiers of static imports and re-exports, type-only ones included. */
function relativeImports(code: string): string[] {
  const re = /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
  return [...code.matchAll(re)].map((m) => (m[1] ?? m[2])!);
}

function resolveFile(from: string, spec: string, known: Set<string>): string {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (known.has(candidate)) return candidate;
  throw new Error(`${relative(SRC, from)}: cannot resolve ${spec}`);
}

/** Every import circle of a graph, each reported once from its smallest file name. */
export function circles(graph: Map<string, string[]>): string[][] {
  const found = new Map<string, string[]>();
  const walk = (start: string, at: string, path: string[]) => {
    for (const next of graph.get(at) ?? []) {
      if (next === start) {
        const key = [...path].sort().join('|');
        if (!found.has(key)) found.set(key, [...path, start]);
      } else if (!path.includes(next) && next > start) {
        walk(start, next, [...path, next]);
      }
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, start, [start]);
  return [...found.values()];
}

describe('api-client import graph', () => {
  const files = sources(SRC);
  const known = new Set(files);
  const graph = new Map(files.map((f) => [f, relativeImports(readFileSync(f, 'utf8')).map((s) => resolveFile(f, s, known))]));

  it('finds circles, including long ones (self-check)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(circles(g)).toEqual([['a', 'b', 'c', 'a']]);
    expect(graph.get(join(SRC, 'client.ts'))).toContain(join(SRC, 'endpoints.ts'));
  });

  it('has no import circle', () => {
    const named = circles(graph).map((c) => c.map((f) => relative(SRC, f)).join(' → '));
    expect(named).toEqual([]);
  });

  it('keeps the schemas free of the client and the endpoint table', () => {
    const wrong = files
      .filter((f) => relative(SRC, f).startsWith('schemas/'))
      .flatMap((f) =>
        graph
          .get(f)!
          .filter((to) => /(client|endpoints?|browser|session)\.ts$|endpoints\//.test(relative(SRC, to)))
          .map((to) => `${relative(SRC, f)} → ${relative(SRC, to)}`),
      );
    expect(wrong).toEqual([]);
  });
});
