import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, dayjs, i18n, setLanguage, translateError, translateValidation } from './index';

afterEach(async () => {
  await setLanguage('ja');
});

describe('createI18n', () => {
  it('is ready synchronously, in Japanese by default', () => {
    const inst = createI18n();
    expect(inst.isInitialized).toBe(true);
    expect(inst.t('errors:UNAUTHORIZED_ACTION')).toBe('この操作は許可されていません。');
  });

  it('falls back to Japanese for an unknown language', () => {
    expect(createI18n('fr').language).toBe('ja');
  });

  it('does not escape interpolated values (React escapes on render)', () => {
    const inst = createI18n('en');
    expect(inst.t('validation:required', { field: 'A & B' })).toBe('Please enter your A & B');
  });

  it('uses English plural forms and the Japanese counter', () => {
    expect(createI18n('en').t('ui:last_login.hours_ago', { count: 1 })).toBe('1 hour ago');
    expect(createI18n('en').t('ui:last_login.hours_ago', { count: 3 })).toBe('3 hours ago');
    expect(createI18n('ja').t('ui:last_login.hours_ago', { count: 3 })).toBe('3時間前');
  });
});

describe('setLanguage', () => {
  it('switches i18next, the document language and the dayjs locale', async () => {
    await setLanguage('en');
    expect(i18n.language).toBe('en');
    expect(dayjs().locale()).toBe('en');
    expect(dayjs('2026-11-20T00:00:00Z').tz().format('ddd')).toBe('Fri');
    if (typeof document !== 'undefined') expect(document.documentElement.lang).toBe('en');
    await setLanguage('ja');
    expect(dayjs('2026-11-20T00:00:00Z').tz().format('ddd')).toBe('金');
  });

  it('treats unknown codes as Japanese', async () => {
    expect(await setLanguage('xx')).toBe('ja');
    expect(i18n.language).toBe('ja');
  });
});

describe('dayjs', () => {
  it('defaults to Asia/Tokyo', () => {
    expect(dayjs('2026-11-20T15:30:00Z').tz().format('YYYY-MM-DD HH:mm')).toBe('2026-11-21 00:30');
  });
});

describe('translateError', () => {
  const t = createI18n('en').t;

  it('translates a known code', () => {
    expect(translateError(t, 'UNAUTHORIZED_ACTION')).toBe('This action is unauthorized.');
  });

  it('interpolates the reset link text on ACCOUNT_LOCKED', () => {
    expect(translateError(t, 'ACCOUNT_LOCKED', { link: 'here' })).toContain('reset your password here.');
  });

  it('falls back to the generic message for unknown or missing codes', () => {
    const generic = t('errors:generic');
    expect(translateError(t, 'SOMETHING_NEW')).toBe(generic);
    expect(translateError(t, undefined)).toBe(generic);
  });
});

describe('translateValidation', () => {
  const t = createI18n('ja').t;

  it('strips the validation. prefix the api-client messages carry', () => {
    expect(translateValidation(t, 'validation.required', { field: 'メールアドレス' })).toBe(
      'メールアドレスを入力してください',
    );
  });

  it('never shows a raw placeholder when no field is given', () => {
    expect(translateValidation(t, 'validation.required')).toBe('この項目を入力してください');
  });

  it('accepts a namespaced key and falls back for unknown ones', () => {
    expect(translateValidation(t, 'errors:DUPLICATE_EMAIL')).toBe(t('errors:DUPLICATE_EMAIL'));
    expect(translateValidation(t, 'validation.nope', { field: 'X' })).toBe('Xの形式が正しくありません');
  });
});
