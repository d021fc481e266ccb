import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, importGraph, loopOf, rel, root } from '../../../scripts/import-graph.mjs';

/**
 * The API's shape, checked on every import (type-only ones too):
 * - a module is used through its face: a file of modules/a may import from modules/b only
 *   modules/b/index.ts, and, in tests, modules/b/testing.ts (its test helpers);
 * - code that ships never imports test helpers;
 * - the kernel (src/kernel) imports no module, so every module may use it;
 * - no import circle, inside a module or across modules.
 */
const src = path.join(root, 'apps/api/src');
const graph = importGraph([src, path.join(root, 'apps/api/bench')]);
const inSrc = (f: string) => path.relative(src, f);
const moduleOf = (f: string) => /^modules\/([^/]+)\//.exec(inSrc(f))?.[1];
/** Tests, their helpers, and the test harness folder (src/test). */
const isTest = (f: string) => /\.test\.ts$|\.test-util\.ts$|\/testing\.ts$/.test(f) || inSrc(f).startsWith('test/');
const edges = [...graph].flatMap(([from, tos]) => [...tos].filter((to) => to.startsWith(src)).map((to) => ({ from, to })));

describe('API boundaries', () => {
  it('modules meet only through their faces', () => {
    const past = edges.filter(({ from, to }) => {
      const a = moduleOf(from);
      const b = moduleOf(to);
      if (!a || !b || a === b) return false;
      const file = inSrc(to).slice(`modules/${b}/`.length);
      return !(file === 'index.ts' || (file === 'testing.ts' && isTest(from)));
    });
    expect(past.map(({ from, to }) => `${inSrc(from)} → ${inSrc(to)}`)).toEqual([]);
  });

  it('shipped code imports no test helper', () => {
    const wrong = edges.filter(({ from, to }) => from.startsWith(src) && !isTest(from) && isTest(to));
    expect(wrong.map(({ from, to }) => `${inSrc(from)} → ${inSrc(to)}`)).toEqual([]);
  });

  it('the kernel imports no module', () => {
    const wrong = edges.filter(({ from, to }) => inSrc(from).startsWith('kernel/') && !isTest(from) && moduleOf(to));
    expect(wrong.map(({ from, to }) => `${inSrc(from)} → ${inSrc(to)}`)).toEqual([]);
  });

  it('has no import circle', () => {
    expect(circles(graph).map((c) => loopOf(graph, c).map(rel).join(' → '))).toEqual([]);
  });

  it('sees the modules at all', () => {
    // Guards the checks above against a resolver that silently finds nothing.
    expect(edges.filter(({ to }) => moduleOf(to)).length).toBeGreaterThan(300);
  });
});
