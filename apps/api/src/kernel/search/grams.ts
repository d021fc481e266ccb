import { normalizeForSearch } from '../../text/search';

/**
 * The bigram index's tokens. Text is normalised (NFKC, lower case, katakana → hiragana; the same
 * normalizeForSearch as the title filter) and cut into overlapping character bigrams; a word
 * then matches exactly where it is a substring: the phrase of its bigrams. Each bigram becomes
 * one plain ASCII token (two code points, each as 4 base-36 digits), so neither FTS5's tokenizer
 * nor PostgreSQL's sees punctuation, spaces or CJK: both engines index the very same tokens.
 * The last character of a text gets the END partner, so every character starts a token and a
 * 1-character word is a prefix query on the first half of the tokens (index-backed as well).
 */
const WIDTH = 4;
const END = 'zzzz'; // 36^4 - 1 is above the last code point, so it can never be a character

const code = (ch: string) => ch.codePointAt(0)!.toString(36).padStart(WIDTH, '0');

/** Tokens of one normalised text, in order. */
export function bigramTokens(normalised: string): string[] {
  const chars = [...normalised];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i++) out.push(code(chars[i]!) + (i + 1 < chars.length ? code(chars[i + 1]!) : END));
  return out;
}

/** Longest chunk (in characters) one index row holds; PostgreSQL keeps positions up to 16383. */
export const CHUNK_CHARS = 4000;
/** Neighbouring chunks overlap by more than the longest keyword, so no match is cut in two. */
export const CHUNK_OVERLAP = 300;

/**
 * A field's texts (a file's title and name are two) as index chunks of normalised text. Parts
 * are joined by a line break that no normalised word contains, so no match spans two parts.
 */
export function chunks(parts: string[]): string[] {
  const text = parts.map(normalizeForSearch).filter(Boolean).join('\n');
  if (!text) return [];
  const chars = [...text];
  if (chars.length <= CHUNK_CHARS) return [text];
  const out: string[] = [];
  for (let start = 0; start < chars.length; start += CHUNK_CHARS - CHUNK_OVERLAP) {
    out.push(chars.slice(start, start + CHUNK_CHARS).join(''));
    if (start + CHUNK_CHARS >= chars.length) break;
  }
  return out;
}

/** The keyword as normalised words (space separated words must all occur). */
export function keywordWords(keyword: string): string[] {
  return [...new Set(normalizeForSearch(keyword).split(' ').filter(Boolean))];
}

/** FTS5 MATCH expression: every word's phrase (or first-character prefix for one character). */
export function ftsQuery(words: string[]): string {
  return words
    .map((w) => {
      const toks = bigramTokens(w);
      if (toks.length === 1) return `${toks[0]!.slice(0, WIDTH)}*`;
      return `"${toks.slice(0, -1).join(' ')}"`;
    })
    .join(' AND ');
}

/** PostgreSQL tsquery literal (cast with ::tsquery, never parsed by a text search parser). */
export function tsQuery(words: string[]): string {
  return words
    .map((w) => {
      const toks = bigramTokens(w);
      if (toks.length === 1) return `'${toks[0]!.slice(0, WIDTH)}':*`;
      return `(${toks
        .slice(0, -1)
        .map((t) => `'${t}'`)
        .join(' <-> ')})`;
    })
    .join(' & ');
}

/** PostgreSQL tsvector literal with positions, so phrases work without a parser. */
export function tsVector(normalised: string): string {
  return bigramTokens(normalised)
    .map((t, i) => `'${t}':${Math.min(i + 1, 16383)}`)
    .join(' ');
}

/** FTS5 column text: the tokens separated by spaces. */
export function ftsText(normalised: string): string {
  return bigramTokens(normalised).join(' ');
}
