import { describe, expect, it } from 'vitest';
import { bigramTokens, chunks, CHUNK_CHARS, ftsQuery, keywordWords, tsQuery } from './grams';
import { findRanges, snippet } from '../../text/highlight';

describe('bigram tokens', () => {
  it('gives every character one token starting with it, the last one paired with END', () => {
    const t = bigramTokens('東京都');
    expect(t).toHaveLength(3);
    expect(t[0]!.slice(4)).toBe(t[1]!.slice(0, 4));
    expect(t[2]!.endsWith('zzzz')).toBe(true);
    expect(t.every((x) => /^[0-9a-z]{8}$/.test(x))).toBe(true);
  });

  it('folds width, case and kana before cutting, so the three spellings give one query', () => {
    const q = (s: string) => ftsQuery(keywordWords(s));
    expect(q('ﾄｳｷｮｳ')).toBe(q('トウキョウ'));
    expect(q('トウキョウ')).toBe(q('とうきょう'));
    expect(q('ＡＢＣ')).toBe(q('abc'));
  });

  it('makes a word the phrase of its bigrams, one character a prefix, words ANDed', () => {
    const [tok] = bigramTokens('東京');
    expect(ftsQuery(['東京'])).toBe(`"${tok}"`);
    expect(ftsQuery(['会'])).toMatch(/^[0-9a-z]{4}\*$/);
    expect(ftsQuery(['東京', '会'])).toContain(' AND ');
    expect(tsQuery(['東京都'])).toMatch(/^\('[0-9a-z]{8}' <-> '[0-9a-z]{8}'\)$/);
    expect(tsQuery(['会'])).toMatch(/^'[0-9a-z]{4}':\*$/);
  });

  it('splits long text into overlapping chunks and keeps parts apart', () => {
    const long = 'あ'.repeat(CHUNK_CHARS * 2);
    const c = chunks([long]);
    expect(c.length).toBeGreaterThan(2);
    expect(c.every((x) => [...x].length <= CHUNK_CHARS)).toBe(true);
    expect(chunks(['ab', 'cd'])).toEqual(['ab\ncd']);
    expect(chunks(['', '  '])).toEqual([]);
  });
});

describe('highlighting', () => {
  it('maps matches of the normalised word back onto the original characters', () => {
    const text = '大阪とﾄｳｷｮｳの会議';
    const [[s, e]] = findRanges(text, keywordWords('とうきょう')) as [[number, number]];
    expect(text.slice(s, e)).toBe('ﾄｳｷｮｳ');
    const [[s2, e2]] = findRanges('ｶﾞｲﾄﾞ', keywordWords('がいど')) as [[number, number]];
    expect(s2).toBe(0);
    expect(e2).toBe(5);
  });

  it('cuts a snippet around the first match and shifts the ranges with it', () => {
    const text = `${'前置き'.repeat(30)}東京支社で会議`;
    const s = snippet(text, ['東京']);
    expect(s.snippet.startsWith('…')).toBe(true);
    const [[a, b]] = s.highlights as [[number, number]];
    expect(s.snippet.slice(a, b)).toBe('東京');
  });
});
