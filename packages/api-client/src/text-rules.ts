/**
 * Section-5 text rules without zod, for pages that check as the user types (the chat composer)
 * and for the zod schemas in validation.ts: one definition for both.
 */

/** Script tag pairs, or PHP or ASP opening sequences. */
export const SCRIPT_TAG = /<\s*script\b|<\?php|<%/i;

export const hasScriptTag = (s: string) => SCRIPT_TAG.test(s);

/**
 * Characters as the user sees them: code points, so 𠮷 or an emoji (two UTF-16 units) counts
 * once, as the spec's server (mb_strlen) counts it.
 */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
