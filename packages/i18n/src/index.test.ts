import { afterEach, describe, expect, it } from 'vitest';
import type { BackendModule } from 'i18next';
import { createI18n, i18n, loadNamespaces, setLanguage, translateError, translateValidation } from './index';
import { LANGUAGES, NAMESPACES, UPFRONT_NAMESPACES, loaders } from './resources';
import { allResources, createTestI18n } from './testing';

afterEach(async () => {
  await setLanguage('ja');
});

/** Records which language/namespace pairs the instance asked its backend for. */
function spyOnReads(inst: ReturnType<typeof createI18n>): string[] {
  const backend = inst.services.backendConnector.backend as BackendModule;
  const reads: string[] = [];
  const read = backend.read.bind(backend);
  inst.services.backendConnector.backend = {
    ...backend,
    read: (lng, ns, cb) => {
      reads.push(`${lng}/${ns}`);
      read(lng, ns, cb);
    },
  } as BackendModule;
  return reads;
}

describe('createI18n', () => {
  it('is ready synchronously in Japanese with the up-front namespaces only', () => {
    const inst = createI18n();
    expect(inst.isInitialized).toBe(true);
    expect(inst.language).toBe('ja');
    expect(inst.t('shell:errors.generic')).toBe('エラーが発生しました。ホームに戻ってもう一度お試しください。');
    for (const ns of UPFRONT_NAMESPACES) expect(inst.hasLoadedNamespace(ns), ns).toBe(true);
    expect(inst.hasResourceBundle('ja', 'groups')).toBe(false);
    // Form messages load with the first form, API error messages with the first component that
    // may show one: home has neither.
    expect(inst.hasResourceBundle('ja', 'validation')).toBe(false);
    expect(inst.hasResourceBundle('ja', 'errors')).toBe(false);
    expect(inst.hasResourceBundle('en', 'common')).toBe(false);
  });

  it('loads a namespace on demand, once', async () => {
    const inst = createI18n();
    const reads = spyOnReads(inst);
    expect(inst.t('auth:titles.login')).toBe('titles.login');
    await Promise.all([loadNamespaces(['auth'], inst), loadNamespaces(['auth'], inst)]);
    expect(inst.t('auth:titles.login')).toBe('ログイン');
    expect(reads).toEqual(['ja/auth']);
  });

  it('loads English for every namespace in use before it switches', async () => {
    const inst = createI18n();
    await loadNamespaces(['groups', 'validation', 'errors'], inst);
    const reads = spyOnReads(inst);
    const switching = setLanguage('en', inst);
    // Still Japanese while English loads: never a mix of languages or raw keys.
    expect(inst.language).toBe('ja');
    await switching;
    expect(inst.language).toBe('en');
    expect(reads.sort()).toEqual([...UPFRONT_NAMESPACES, 'groups', 'validation', 'errors'].map((ns) => `en/${ns}`).sort());
    expect(inst.t('errors:UNAUTHORIZED_ACTION')).toBe('This action is unauthorized.');
    expect(inst.t('groups:routes.group')).toBe('Groups');
    expect(inst.t('validation:required', { field: 'A & B' })).toBe('Please enter your A & B');
  });

  it('keeps the latest of two quick switches', async () => {
    const inst = createI18n();
    await Promise.all([setLanguage('en', inst), setLanguage('ja', inst)]);
    expect(inst.language).toBe('ja');
  });
});

describe('loaders', () => {
  it.each(LANGUAGES)('has one for every namespace in %s, returning that file', async (lng) => {
    for (const ns of NAMESPACES) {
      expect((await loaders[lng][ns]()).default, `${lng}/${ns}`).toEqual(allResources[lng][ns]);
    }
  });
});

describe('createTestI18n', () => {
  it('falls back to Japanese for an unknown language', () => {
    expect(createTestI18n('fr').language).toBe('ja');
  });

  it('does not escape interpolated values (React escapes on render)', () => {
    const inst = createTestI18n('en');
    expect(inst.t('validation:required', { field: 'A & B' })).toBe('Please enter your A & B');
  });

  it('uses English plural forms and the Japanese counter', () => {
    expect(createTestI18n('en').t('ui:last_login.hours_ago', { count: 1 })).toBe('1 hour ago');
    expect(createTestI18n('en').t('ui:last_login.hours_ago', { count: 3 })).toBe('3 hours ago');
    expect(createTestI18n('ja').t('ui:last_login.hours_ago', { count: 3 })).toBe('3時間前');
  });
});

describe('setLanguage', () => {
  it('switches i18next and the document language', async () => {
    await setLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('ui:last_login.hours_ago', { count: 3 })).toBe('3 hours ago');
    if (typeof document !== 'undefined') expect(document.documentElement.lang).toBe('en');
    await setLanguage('ja');
    if (typeof document !== 'undefined') expect(document.documentElement.lang).toBe('ja');
  });

  it('announces nothing when asked for the language already on (nothing re-renders), but still wins over a switch under way', async () => {
    const inst = createI18n();
    let announced = 0;
    inst.on('languageChanged', () => (announced += 1));
    await setLanguage('ja', inst);
    expect(announced).toBe(0);
    await setLanguage('en', inst);
    expect(announced).toBe(1);
    await setLanguage('en', inst);
    expect(announced).toBe(1);
    // 'en' is on and a switch to 'ja' is under way: asking for 'en' again must win over it.
    await Promise.all([setLanguage('ja', inst), setLanguage('en', inst)]);
    expect(inst.language).toBe('en');
  });

  it('treats unknown codes as Japanese', async () => {
    expect(await setLanguage('xx')).toBe('ja');
    expect(i18n.language).toBe('ja');
  });
});

describe('translateError', () => {
  const t = createTestI18n('en').t;

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

  it('gives the bundled generic sentence, never a key, until the errors strings are in', async () => {
    const inst = createI18n();
    const generic = inst.t('shell:errors.generic');
    expect(translateError(inst.t, 'UNAUTHORIZED_ACTION')).toBe(generic);
    expect(translateError(inst.t, null)).toBe(generic);
    await loadNamespaces(['errors'], inst);
    expect(translateError(inst.t, 'UNAUTHORIZED_ACTION')).toBe('この操作は許可されていません。');
  });
});

describe('translateValidation', () => {
  const t = createTestI18n('ja').t;

  it('strips the validation. prefix the api-client messages carry', () => {
    expect(translateValidation(t, 'validation.required', { field: 'メールアドレス' })).toBe('メールアドレスを入力してください');
  });

  it('never shows a raw placeholder when no field is given', () => {
    expect(translateValidation(t, 'validation.required')).toBe('この項目を入力してください');
  });

  it('accepts a namespaced key and falls back for unknown ones', () => {
    expect(translateValidation(t, 'errors:DUPLICATE_EMAIL')).toBe(t('errors:DUPLICATE_EMAIL'));
    // An error code's fallback is the generic error, not the format message.
    expect(translateValidation(t, 'errors:SOMETHING_NEW', { field: 'X' })).toBe(t('errors:generic'));
    expect(translateValidation(t, 'validation.nope', { field: 'X' })).toBe('Xの形式が正しくありません');
  });
});

describe('instances', () => {
  it('do not share loaded namespaces', async () => {
    const a = createI18n();
    await loadNamespaces(['chat'], a);
    expect(a.hasResourceBundle('ja', 'chat')).toBe(true);
    expect(createI18n().hasResourceBundle('ja', 'chat')).toBe(false);
  });
});
