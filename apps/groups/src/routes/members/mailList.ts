import { LIMITS } from '@portal/api-client/core';
import { emailSchema } from '@portal/api-client/validation';

/** Most addresses one invitation call takes (the API's mails body caps it). */
export const MAX_MAILS = 100;

export interface ParsedMails {
  valid: string[];
  invalid: string[];
}

/**
 * Addresses typed or pasted one per line, or separated by commas, semicolons, spaces or the
 * Japanese comma; duplicates (ignoring case) count once.
 */
export function parseMails(text: string): ParsedMails {
  const seen = new Set<string>();
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(/[\s,;、，；]+/u)) {
    const value = raw.trim();
    if (!value) continue;
    const key = value.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (value.length <= LIMITS.emailMaxLength && emailSchema.safeParse(value).success) valid.push(key);
    else invalid.push(value);
  }
  return { valid, invalid };
}
