import { z } from 'zod';
import { LIMITS } from './constants';
import { charLength, SCRIPT_TAG } from './text-rules';

/**
 * Section-5 validation rules as zod building blocks. Messages are i18n keys in the `validation`
 * namespace, so the same schema gives a Japanese or English message on the client and a stable
 * key in the API's 400 body.
 */

const utf8 = new TextEncoder();
const SINGLE_BYTE = /^[\x21-\x7e]+$/;
const HIRAGANA = /^[\u3041-\u3096\u309d\u309e\u30fc\u3000 ]+$/u;
const POSTAL = /^\d{7}$/;
const PHONE = /^[0-9-]{1,13}$/;
const EMOJI = /\p{Extended_Pictographic}/u;

/**
 * Text the API refuses anywhere (body, query, path, form field, file name): U+0000 and the other
 * C0 controls except tab, line feed and carriage return (multi-line fields send CRLF), and a lone
 * UTF-16 surrogate, which is not Unicode at all and which the two databases store differently.
 * Tested on UTF-16 units (no `u` flag), so one test finds either kind.
 */
export const ILL_FORMED_TEXT =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Params for every object-level `.refine`/`.superRefine`: such a check reads the fields' parsed
 * values, so it runs only once every field has passed. A field that failed may still hold what
 * was sent (the text before its transform), and a check reading it as its parsed type throws.
 */
export const afterFields = { when: (payload: z.core.ParsePayload) => payload.issues.length === 0 };

/**
 * What a single-line field refuses on top of ILL_FORMED_TEXT: tab and line breaks. Only fields
 * marked `multiline` (a body, a comment, a message, a memo: what is typed in a text area) keep them.
 */
export const LINE_BREAK_OR_TAB = /[\t\n\r]/;

/**
 * The string schemas of multi-line fields. The API's edge reads it from each endpoint's schema
 * to know where tab and line breaks are allowed; a schema derived from a marked one (refined,
 * piped, optional) is found through it.
 */
export const multilineFields = z.registry<{ multiline: true }>();

/** Marks a string schema as a multi-line field (tab and line breaks allowed). */
export function multiline<T extends z.ZodType>(schema: T): T {
  multilineFields.add(schema, { multiline: true });
  return schema;
}

export { charLength };

/**
 * A row id: every id column is a 32-bit integer on PostgreSQL, so a larger number names no row;
 * refused here (400 naming the field) instead of reaching the database as a value out of range.
 */
export const MAX_ROW_ID = 2_147_483_647;
export const rowId = () => z.number().int().positive().max(MAX_ROW_ID);
/** A row id in a path or query string. */
export const rowIdText = () => z.coerce.number().int().positive().max(MAX_ROW_ID);

function textOf(max: number, base: z.ZodString) {
  return base
    .trim()
    .refine((s) => charLength(s) <= max, 'validation.max_length')
    .refine((s) => utf8.encode(s).length <= max * LIMITS.bytesPerChar, 'validation.max_length')
    .refine((s) => !SCRIPT_TAG.test(s), 'validation.no_script');
}

/**
 * A single-line field: max length in characters, and at most 4 bytes per character (section 5);
 * tab and line breaks refused (checked before the trim, which would hide them at either end).
 */
export function text(max: number) {
  return textOf(
    max,
    z.string().refine((s) => !LINE_BREAK_OR_TAB.test(s), 'validation.invalid_characters'),
  );
}

export function requiredText(max: number) {
  return text(max).pipe(z.string().min(1, 'validation.required'));
}

/** A multi-line field (a text area): as `text`, with tab and line breaks kept. */
export function multilineText(max: number) {
  return multiline(textOf(max, z.string()));
}

export function requiredMultilineText(max: number) {
  return multilineText(max).pipe(z.string().min(1, 'validation.required'));
}

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(LIMITS.emailMaxLength, 'validation.email_max')
  .regex(SINGLE_BYTE, 'validation.email')
  .pipe(z.email('validation.email'));

/** Counts the character classes the password rule asks for: upper, lower, digit, symbol. */
export function passwordClassCount(pw: string): number {
  return [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(pw)).length;
}

export const passwordSchema = z
  .string()
  .min(1, 'validation.required')
  .min(LIMITS.passwordMinLength, 'validation.password_min')
  .max(128, 'validation.max_length')
  .regex(SINGLE_BYTE, 'validation.password_single_byte')
  .refine((pw) => passwordClassCount(pw) >= 2, 'validation.password_classes');

export const kanaSchema = z
  .string()
  .trim()
  .max(50, 'validation.max_length')
  .refine((s) => s === '' || HIRAGANA.test(s), 'validation.kana');

export const postalCodeSchema = z.string().regex(POSTAL, 'validation.postal_code');
export const phoneSchema = z.string().regex(PHONE, 'validation.phone');
export const urlSchema = z.url('validation.url');
export const noEmoji = (s: string) => !EMOJI.test(s);
