import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints';

/**
 * The contract against spec section 7. `spec-calls.txt` lists the section's calls; the ones the
 * contract does not serve yet are printed (domains land one by one, so a gap is not a failure).
 * A contract path that is neither a spec call nor listed in `spec-extensions.txt` fails: every
 * call beyond the spec is a decision someone wrote down.
 */
const ROOT = join(import.meta.dirname, '..');

interface Line {
  method: string;
  path: string;
}

/** `METHOD /path` lines; `#` starts a comment. */
export function parseCalls(text: string, file: string): Line[] {
  return text.split('\n').flatMap((raw, i) => {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) return [];
    const m = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/.exec(line);
    if (!m) throw new Error(`${file}:${i + 1}: expected "METHOD /path", got "${raw}"`);
    return [{ method: m[1]!, path: m[2]! }];
  });
}

/**
 * A spec path as a pattern: a whole `{name}` segment matches one parameter segment of the
 * contract (`:name`, named as the contract likes, never a literal such as `download-files`);
 * `{name}` inside a segment (chat's "update{suffix}") matches any rest of the path.
 */
export function specPattern(path: string): RegExp {
  const body = path
    .split('/')
    .map((seg) => {
      if (/^\{[^}]+\}$/.test(seg)) return ':[^/]+';
      return seg
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
        .join('.*');
    })
    .join('/');
  return new RegExp(`^${body}$`);
}

const read = (name: string) => parseCalls(readFileSync(join(ROOT, name), 'utf8'), name);
const key = (l: Line) => `${l.method} ${l.path}`;

describe('contract paths against spec section 7', () => {
  const spec = read('spec-calls.txt');
  const extensions = new Set(read('spec-extensions.txt').map(key));
  const contract: Line[] = Object.values(endpoints).map((e) => ({ method: e.method, path: e.path }));
  const patterns = spec.map((s) => ({ ...s, re: specPattern(s.path) }));
  const served = (s: (typeof patterns)[number]) => contract.some((c) => c.method === s.method && s.re.test(c.path));

  it('reads spec paths as patterns (self-check)', () => {
    expect(specPattern('/members/me/groups/{group_link}/join-requests').test('/members/me/groups/:id/join-requests')).toBe(true);
    expect(specPattern('/members/me/groups/{id}').test('/members/me/groups/:id/leave')).toBe(false);
    expect(specPattern('/members/me/common-topics/{id}').test('/members/me/common-topics/download-files')).toBe(false);
    expect(specPattern('/group-chat/update{suffix}').test('/group-chat/update/:id')).toBe(true);
    expect(specPattern('/a-b/c.d').test('/a-b/cxd')).toBe(false);
    expect(() => parseCalls('GET members/me', 'x')).toThrow(/expected/);
    expect(spec.length).toBeGreaterThan(150);
  });

  it('serves no path beyond the spec that spec-extensions.txt does not name', () => {
    const unlisted = contract
      .filter((c) => !patterns.some((s) => s.method === c.method && s.re.test(c.path)) && !extensions.has(key(c)))
      .map(key);
    expect(unlisted, 'add them to spec-calls.txt (a spec call) or spec-extensions.txt (with the reason)').toEqual([]);
  });

  it('lists no extension the contract no longer has, nor one that is a spec call', () => {
    const contractKeys = new Set(contract.map(key));
    expect([...extensions].filter((x) => !contractKeys.has(x))).toEqual([]);
    const alsoSpec = [...extensions].filter((x) => {
      const [method, path] = x.split(' ');
      return patterns.some((s) => s.method === method && s.re.test(path!));
    });
    expect(alsoSpec).toEqual([]);
  });

  it('prints the spec calls not served yet', () => {
    const unique = [...new Map(patterns.map((p) => [key(p), p])).values()];
    const missing = unique.filter((s) => !served(s)).map(key);
    console.log(
      missing.length
        ? `spec section 7: ${unique.length - missing.length} of ${unique.length} calls served; not yet:\n  ${missing.join('\n  ')}`
        : `spec section 7: all ${unique.length} calls served`,
    );
    expect(unique.length - missing.length).toBeGreaterThan(0);
  });
});
