import { describe, expect, it } from 'vitest';
import { containsPattern, normalizeForSearch } from './search';

describe('normalizeForSearch', () => {
  it('folds half-width and full-width katakana and hiragana to one reading', () => {
    expect(normalizeForSearch('ｼｭｳﾎｳ')).toBe('しゅうほう');
    expect(normalizeForSearch('シュウホウ')).toBe('しゅうほう');
    expect(normalizeForSearch('しゅうほう')).toBe('しゅうほう');
    expect(normalizeForSearch('ﾃｽﾄ')).toBe(normalizeForSearch('テスト'));
  });

  it('folds full-width Latin, case and runs of spaces; leaves kanji alone', () => {
    expect(normalizeForSearch('ＡＢＣ')).toBe('abc');
    expect(normalizeForSearch('  Ａｂｃ　　ＤＥＦ ')).toBe('abc def');
    expect(normalizeForSearch('週報')).toBe('週報');
    // NFKC can lengthen a string, which is why the stored column is text.
    expect(normalizeForSearch('㌀')).toBe('あぱーと');
  });
});

describe('containsPattern', () => {
  it('wraps in % and escapes the LIKE wildcards and the escape character', () => {
    expect(containsPattern('週報')).toBe('%週報%');
    expect(containsPattern('100%_ok\\')).toBe('%100\\%\\_ok\\\\%');
  });
});
