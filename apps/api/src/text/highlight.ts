import { normalizeForSearch } from './search';

type Range = [number, number];

// Half-width and combining voiced marks belong to the character before them (ｶﾞ → が).
const MARK = /[\u3099\u309a\uff9e\uff9f]/;

/**
 * Where the normalised words occur in the original text, as [start, end) UTF-16 ranges of the
 * original. Each character (with its voicing mark) is normalised on its own and mapped back, so
 * ﾄｳｷｮｳ is highlighted in full when the keyword is とうきょう.
 */
export function findRanges(original: string, words: string[]): Range[] {
  let norm = '';
  const from: number[] = [];
  const to: number[] = [];
  const units = [...original];
  let pos = 0;
  for (let i = 0; i < units.length; i++) {
    let unit = units[i]!;
    while (i + 1 < units.length && MARK.test(units[i + 1]!)) unit += units[++i]!;
    const start = pos;
    pos += unit.length;
    const n = /^\s+$/.test(unit) ? ' ' : normalizeForSearch(unit) || unit.normalize('NFKC');
    if (n === ' ' && norm.endsWith(' ')) continue;
    for (const ch of n) {
      norm += ch;
      for (let k = 0; k < ch.length; k++) {
        from.push(start);
        to.push(pos);
      }
    }
  }
  const ranges: Range[] = [];
  for (const w of words) {
    for (let at = norm.indexOf(w); at !== -1; at = norm.indexOf(w, at + w.length)) ranges.push([from[at]!, to[at + w.length - 1]!]);
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Range[] = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([...r]);
  }
  return merged;
}

const BEFORE = 30;
const LENGTH = 120;

/** A window of the text around its first match, with the match ranges inside the window. */
export function snippet(original: string, words: string[]): { snippet: string; highlights: Range[] } {
  const text = original.replace(/\s+/g, ' ').trim();
  const all = findRanges(text, words);
  const first = all[0]?.[0] ?? 0;
  let start = Math.max(0, first - BEFORE);
  // Never cut a surrogate pair in two.
  if (start > 0 && /[\udc00-\udfff]/.test(text[start]!)) start--;
  let end = Math.min(text.length, start + LENGTH);
  if (end < text.length && /[\udc00-\udfff]/.test(text[end]!)) end++;
  const lead = start > 0 ? '…' : '';
  const body = text.slice(start, end) + (end < text.length ? '…' : '');
  const highlights = all
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]) => [s - start + lead.length, e - start + lead.length] as Range);
  return { snippet: lead + body, highlights };
}
