import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../api-client/src/error-codes';
import { LANGUAGES, NAMESPACES, type Messages } from './index';
import { allResources as resources } from './testing';

const here = dirname(fileURLToPath(import.meta.url));
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Flattens to `a.b.c → value`, folding plural forms onto their base key (ja has only _other). */
function flatten(tree: Messages, prefix = '', out = new Map<string, string[]>()) {
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') {
      const base = path.replace(PLURAL, '');
      out.set(base, [...(out.get(base) ?? []), v]);
    } else {
      flatten(v, path, out);
    }
  }
  return out;
}

const placeholders = (values: string[]) =>
  [...new Set(values.flatMap((v) => [...v.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1])))].sort();

describe('locale files', () => {
  it('has exactly one JSON file per namespace in each language folder', () => {
    for (const lng of LANGUAGES) {
      const files = readdirSync(join(here, 'locales', lng)).filter((f) => f.endsWith('.json'));
      expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...NAMESPACES].sort());
    }
  });

  describe.each(NAMESPACES)('namespace %s', (ns) => {
    const ja = flatten(resources.ja[ns]);
    const en = flatten(resources.en[ns]);

    it('has the same keys in ja and en', () => {
      expect([...en.keys()].filter((k) => !ja.has(k))).toEqual([]);
      expect([...ja.keys()].filter((k) => !en.has(k))).toEqual([]);
    });

    it('has no empty values', () => {
      for (const [lng, map] of [
        ['ja', ja],
        ['en', en],
      ] as const) {
        const empty = [...map].filter(([, vs]) => vs.some((v) => v.trim() === '')).map(([k]) => k);
        expect(empty, `${lng}/${ns}`).toEqual([]);
      }
    });

    it('uses the same interpolation placeholders in ja and en', () => {
      const mismatched = [...ja.keys()]
        .filter((k) => en.has(k))
        .filter((k) => placeholders(ja.get(k)!).join() !== placeholders(en.get(k)!).join());
      expect(mismatched).toEqual([]);
    });
  });
});

describe('errors namespace', () => {
  it.each(LANGUAGES)('has a message for every API error code in %s', (lng) => {
    const keys = flatten(resources[lng].errors);
    expect(ERROR_CODES.filter((code) => !keys.has(code))).toEqual([]);
  });
});

/**
 * Every `'validation.xxx'` literal in the api-client and API sources (not their tests): the API
 * answers 400s with these keys per field, and the UI shows their messages.
 */
function validationKeysUsedByApiClient(): string[] {
  const keys = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      // Tests are skipped: they mention files such as 'validation.ts', not message keys.
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const m of readFileSync(p, 'utf8').matchAll(/['"`]validation\.([a-z0-9_]+)['"`]/g)) {
          keys.add(m[1]!);
        }
      }
    }
  };
  walk(join(here, '../../api-client/src'));
  walk(join(here, '../../../apps/api/src'));
  return [...keys];
}

describe('validation namespace', () => {
  const used = validationKeysUsedByApiClient();

  it('finds the keys the api-client schemas use', () => {
    expect(used).toContain('required');
    expect(used).toContain('password_min');
  });

  it.each(LANGUAGES)('has a message for every key the api-client and the API use in %s', (lng) => {
    const keys = flatten(resources[lng].validation);
    expect(used.filter((k) => !keys.has(k))).toEqual([]);
  });
});
