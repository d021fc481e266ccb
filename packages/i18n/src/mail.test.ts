import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './index';
import { MAIL_STRINGS, MAIL_TEMPLATES, type MailTemplate, mailPhrase, mailTemplate } from './mail';

/** `a.b.0 → text` for every string of a mail file, arrays included. */
function flatten(node: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'string') out.set(prefix, node);
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('mail strings', () => {
  const ja = flatten(MAIL_STRINGS.ja);
  const en = flatten(MAIL_STRINGS.en);

  it('have the same keys (and body lines) in ja and en', () => {
    expect([...ja.keys()].filter((k) => !en.has(k))).toEqual([]);
    expect([...en.keys()].filter((k) => !ja.has(k))).toEqual([]);
  });

  it('use the same placeholders in ja and en', () => {
    const mismatched = [...ja.keys()].filter((k) => placeholders(ja.get(k)!).join() !== placeholders(en.get(k) ?? '').join());
    expect(mismatched).toEqual([]);
  });

  it('have a subject and a body for every template, in every language', () => {
    for (const lng of LANGUAGES) {
      for (const kind of MAIL_TEMPLATES) {
        const node = MAIL_STRINGS[lng][kind];
        expect(node.subject.trim(), `${lng}/${kind}`).not.toBe('');
        expect(node.body.join('').trim(), `${lng}/${kind}`).not.toBe('');
      }
    }
  });
});

describe('mailTemplate', () => {
  it('fills every placeholder', () => {
    const m = mailTemplate('en', 'invitation', { groupName: 'Sales', inviterName: 'Sato', link: 'https://x/y', expiryDays: 7 });
    expect(m.subject).toBe('[Group Portal] Invitation to "Sales"');
    expect(m.lines).toContain('https://x/y');
    expect(m.lines.join('\n')).not.toMatch(/\{\{|\}\}/);
  });

  it('throws on a key that is not there, in either language', () => {
    for (const lng of LANGUAGES) {
      expect(() => mailTemplate(lng, 'no_such_mail' as MailTemplate, {})).toThrow(/no such template/);
      expect(() => mailPhrase(lng, 'digest.kinds.99')).toThrow(/no such string/);
    }
  });

  it('throws on a placeholder without a value rather than mailing a blank', () => {
    expect(() => mailTemplate('ja', 'password_reset', { name: 'A', link: 'L' })).toThrow(/ttlMinutes/);
  });
});
