/**
 * Mail strings for the API: every subject and body the portal mails, in each language, read from
 * src/mail/<language>.json. Server-only (the browser never loads these); kept apart from the UI
 * namespaces so that no UI chunk carries them.
 *
 * A template is a subject and a body of lines with `{{name}}` placeholders. Rendering throws on a
 * key that is not there or a placeholder without a value, so a mail is never sent with a raw key
 * or a blank in it.
 */
import en from './mail/en.json';
import ja from './mail/ja.json';
import type { Language } from './resources';

export type MailStrings = typeof ja;
/** Typed against the Japanese file, so a key missing from English fails the typecheck too. */
export const MAIL_STRINGS: Record<Language, MailStrings> = { ja, en };

/** The mails that are one template (subject + body); the digest is put together from phrases. */
export const MAIL_TEMPLATES = [
  'password_reset',
  'password_set',
  'account_locked',
  'invitation',
  'email_change',
  'registration',
  'emergency',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export type MailValues = Record<string, string | number>;

function interpolate(text: string, values: MailValues, where: string): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`mail ${where}: no value for {{${name}}}`);
    return String(value);
  });
}

function lookup(lang: Language, key: string): unknown {
  let node: unknown = MAIL_STRINGS[lang];
  for (const part of key.split('.')) {
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

/** One phrase (`digest.intro`, `digest.kinds.1`) in `lang`, placeholders filled. */
export function mailPhrase(lang: Language, key: string, values: MailValues = {}): string {
  const text = lookup(lang, key);
  if (typeof text !== 'string') throw new Error(`mail ${lang}/${key}: no such string`);
  return interpolate(text, values, `${lang}/${key}`);
}

/** A whole mail's subject and body lines in `lang`, placeholders filled. */
export function mailTemplate(lang: Language, kind: MailTemplate, values: MailValues): { subject: string; lines: string[] } {
  const node = lookup(lang, kind) as { subject?: unknown; body?: unknown } | undefined;
  if (!node || typeof node.subject !== 'string' || !Array.isArray(node.body)) throw new Error(`mail ${lang}/${kind}: no such template`);
  const where = `${lang}/${kind}`;
  return {
    subject: interpolate(node.subject, values, where),
    lines: (node.body as string[]).map((line) => interpolate(line, values, where)),
  };
}
