import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints } from './endpoints';
import { searchQuery } from './schemas/search';

type Def = { type: string; checks?: { _zod: { def: { check: string; when?: unknown } } }[]; [k: string]: unknown };

/** Every object schema in a request part whose own checks include a refinement without `when`. */
function unguarded(schema: unknown, at: string, out: string[], seen = new Set<unknown>()): void {
  const def = (schema as { _zod?: { def: Def } } | undefined)?._zod?.def;
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  const kids = (...s: unknown[]) => s.forEach((c) => unguarded(c, at, out, seen));
  switch (def.type) {
    case 'object':
      if (def.checks?.some((c) => c._zod.def.check === 'custom' && !c._zod.def.when)) out.push(at);
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) unguarded(v, `${at}.${k}`, out, seen);
      break;
    case 'array':
      kids(def.element);
      break;
    case 'pipe':
      kids(def.in, def.out);
      break;
    case 'union':
      kids(...(def.options as unknown[]));
      break;
    case 'intersection':
      kids(def.left, def.right);
      break;
    case 'record':
      kids(def.valueType);
      break;
    default:
      if ('innerType' in def) kids(def.innerType);
  }
}

/** Fields of a JSON body that coerce text to another type. */
function coercing(schema: unknown, at: string, out: string[], depth = 0): void {
  const def = (schema as { _zod?: { def: Def & { coerce?: boolean } } } | undefined)?._zod?.def;
  if (!def || depth > 20) return;
  if (def.coerce) out.push(at);
  const kids = (...s: unknown[]) => s.forEach((c) => coercing(c, at, out, depth + 1));
  if (def.type === 'object')
    for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) coercing(v, `${at}.${k}`, out, depth + 1);
  else if (def.type === 'array') coercing(def.element, `${at}[]`, out, depth + 1);
  else if (def.type === 'pipe') kids(def.in, def.out);
  else if (def.type === 'union') kids(...(def.options as unknown[]));
  else if ('innerType' in def) kids(def.innerType);
}

describe('JSON bodies', () => {
  it('take numbers as numbers: no body field coerces (path and query text still does)', () => {
    const out: string[] = [];
    for (const [name, e] of Object.entries(endpoints)) coercing(e.body, `${name}.body`, out);
    expect(out).toEqual([]);
  });
});

describe('object-level refinements', () => {
  it('run only after every field passed (afterFields), in every request schema', () => {
    const out: string[] = [];
    for (const [name, e] of Object.entries(endpoints)) {
      for (const part of ['params', 'query', 'body'] as const) unguarded(e[part], `${name}.${part}`, out);
    }
    expect(out).toEqual([]);
  });

  it('never see a field that failed: target_data of the wrong shape is reported, not read', () => {
    const r = (searchQuery as z.ZodType).safeParse({ target_search: '1', target_data: '12', keyword_search: 'a' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['target_data']);
  });
});
