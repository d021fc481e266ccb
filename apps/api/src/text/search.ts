/**
 * Japanese-aware matching shared by every module that searches names or titles: NFKC (full-width
 * ↔ half-width, compatibility forms), lower case, and katakana folded to hiragana, so ｴｲｷﾞｮｳ,
 * エイギョウ and えいぎょう all find 営業 when its reading is stored, and "ＡＢＣ" finds "abc".
 * Stored search columns are written with this function, so changing it means re-normalising them.
 */
export function normalizeForSearch(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A LIKE pattern matching `term` anywhere, for use with `ESCAPE '\'`: the user's own % and _
 * are literal characters, not wildcards.
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
