import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  charLength,
  emailSchema,
  kanaSchema,
  passwordClassCount,
  passwordSchema,
  phoneSchema,
  postalCodeSchema,
  requiredText,
  text,
} from './validation';

/** The i18n keys a value fails with ([] when valid). */
function issues(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('password (≥ 8, single-byte, 2 of 4 classes)', () => {
  it.each(['abcdefg1', 'ABCDEFG!', 'Portal#2026', '12345678a', 'a'.repeat(7) + 'B'])('accepts %s', (pw) => {
    expect(issues(passwordSchema, pw)).toEqual([]);
  });

  it('rejects 7 characters even with all classes', () => {
    expect(issues(passwordSchema, 'Ab1!xyz')).toContain('validation.password_min');
  });

  it.each(['abcdefgh', 'ABCDEFGH', '12345678', '!@#$%^&*'])('rejects a single class: %s', (pw) => {
    expect(issues(passwordSchema, pw)).toEqual(['validation.password_classes']);
  });

  it.each(['パスワードabc123', 'abcd1234　', 'abcd 1234', 'Ａbcd1234'])('rejects non-single-byte: %s', (pw) => {
    expect(issues(passwordSchema, pw)).toContain('validation.password_single_byte');
  });

  it('empty is "required"', () => {
    expect(issues(passwordSchema, '')).toContain('validation.required');
  });

  it('counts the four classes', () => {
    expect(passwordClassCount('aA1!')).toBe(4);
    expect(passwordClassCount('aaaa')).toBe(1);
    expect(passwordClassCount('a-1')).toBe(3);
  });
});

describe('kana (hiragana only)', () => {
  it.each(['やまだ たろう', 'やまだ　たろう', 'すずき', 'らーめん', ''])('accepts %j', (s) => {
    expect(issues(kanaSchema, s)).toEqual([]);
  });

  it.each(['ヤマダ', '山田', 'yamada', 'やまだ1', 'ﾔﾏﾀﾞ'])('rejects %s', (s) => {
    expect(issues(kanaSchema, s)).toEqual(['validation.kana']);
  });
});

describe('postal code (exactly 7 digits, no hyphen)', () => {
  it('accepts 7 digits', () => expect(issues(postalCodeSchema, '1000001')).toEqual([]));
  it.each(['100-0001', '100000', '10000011', '１０００００１', 'abcdefg'])('rejects %s', (s) => {
    expect(issues(postalCodeSchema, s)).toEqual(['validation.postal_code']);
  });
});

describe('phone (digits and hyphens, ≤ 13)', () => {
  it.each(['03-1234-5678', '09012345678', '0120-12-3456'])('accepts %s', (s) => {
    expect(issues(phoneSchema, s)).toEqual([]);
  });
  it.each(['03-1234-567890', '+81-3-1234', '03 1234 5678', '０３１２３４', ''])('rejects %j', (s) => {
    expect(issues(phoneSchema, s)).toEqual(['validation.phone']);
  });
});

describe('email (pattern, ≤ 100 single-byte)', () => {
  const at100 = `${'a'.repeat(88)}@example.com`;
  it('accepts exactly 100 characters', () => {
    expect(at100).toHaveLength(100);
    expect(issues(emailSchema, at100)).toEqual([]);
  });
  it('rejects 101 characters', () => {
    expect(issues(emailSchema, `a${at100}`)).toContain('validation.email_max');
  });
  it('trims before checking', () => {
    expect(emailSchema.parse('  taro@example.jp ')).toBe('taro@example.jp');
  });
  it.each(['taro', 'taro@', 'たろう@example.jp', 'taro@example', 'ta ro@example.jp'])('rejects %s', (s) => {
    expect(issues(emailSchema, s)).toContain('validation.email');
  });
  it('empty is "required"', () => {
    expect(issues(emailSchema, '')).toContain('validation.required');
  });
});

describe('text(max): characters, at most 4 bytes each, no script', () => {
  it('counts characters, not UTF-16 units: 4-byte characters fit up to max', () => {
    const tenFourByte = '𠮷'.repeat(5) + '😀'.repeat(5);
    expect(charLength(tenFourByte)).toBe(10);
    expect(new TextEncoder().encode(tenFourByte).length).toBe(40); // exactly 4 × max bytes
    expect(issues(text(10), tenFourByte)).toEqual([]);
    expect(issues(text(10), tenFourByte + '𠮷')).toContain('validation.max_length');
  });

  it('Japanese text at the limit passes, one more fails', () => {
    expect(issues(text(5), '東京都港区')).toEqual([]);
    expect(issues(text(5), '東京都港区芝')).toEqual(['validation.max_length']);
  });

  it('trims, then measures', () => {
    expect(text(3).parse('  abc  ')).toBe('abc');
  });

  it.each(['<script>alert(1)</script>', '< SCRIPT src=x>', '<?php echo 1;', '<% code %>'])('rejects %s', (s) => {
    expect(issues(text(100), s)).toContain('validation.no_script');
  });

  it('requiredText rejects blank after trimming', () => {
    expect(issues(requiredText(10), '   ')).toEqual(['validation.required']);
    expect(issues(requiredText(10), 'a')).toEqual([]);
  });
});
