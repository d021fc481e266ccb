/**
 * i18n for the whole portal. `i18n` is the shared instance (a Module Federation singleton) that
 * the shell and every remote render with. Japanese frame strings are bundled; every other
 * namespace and all of English load on demand (resources.ts, backend.ts): a component whose
 * namespace is not loaded yet suspends until it is, so every remote area and lazy page must sit
 * under a Suspense boundary (the shell's layouts and RemoteModule provide them).
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chunkBackend } from './backend';
import {
  LANGUAGES,
  NAMESPACES,
  UPFRONT_NAMESPACES,
  HOME_WIDGET_NAMESPACES,
  upfrontResources,
  type Language,
  type Namespace,
} from './resources';

export { LANGUAGES, NAMESPACES, UPFRONT_NAMESPACES, HOME_WIDGET_NAMESPACES };
export type { Language, Messages, Namespace } from './resources';
export { DEFAULT_TIMEZONE, DEFAULT_UTC_OFFSET_MINUTES } from './time';

export const DEFAULT_LANGUAGE: Language = 'ja';

export function isLanguage(code: unknown): code is Language {
  return typeof code === 'string' && (LANGUAGES as readonly string[]).includes(code);
}

/**
 * A fresh instance in Japanese with the up-front namespaces; ready synchronously (they are
 * bundled, so init finishes before it returns). Other namespaces load when first used
 * (`useTranslation` suspends, or `loadNamespaces`), other languages through `setLanguage`.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(chunkBackend)
    .use(initReactI18next)
    .init({
      lng: DEFAULT_LANGUAGE,
      // English strings are complete (locales.test.ts); the fallback only covers a chunk that
      // failed to load, where Japanese beats a raw key.
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...UPFRONT_NAMESPACES],
      defaultNS: 'common',
      // i18next stores loaded namespaces into this object: each instance needs its own.
      resources: { ja: { ...upfrontResources.ja } },
      // The bundled namespaces come from `resources`, the rest through the backend.
      partialBundledLanguages: true,
      initAsync: false,
      // React escapes on render; escaping here too would show &amp; to users.
      interpolation: { escapeValue: false },
      returnNull: false,
      // Suspend rather than render raw keys while a namespace loads.
      react: { useSuspense: true },
    });
  return instance;
}

export const i18n: I18n = createI18n();

/**
 * Loads namespaces for the current language without rendering anything, e.g. a page's strings
 * in parallel with its code rather than after it.
 */
export function loadNamespaces(ns: readonly Namespace[], instance: I18n = i18n): Promise<void> {
  return instance.loadNamespaces([...ns]);
}

/**
 * Switch the UI language everywhere: i18next (re-renders every useTranslation) and the document's
 * lang attribute (screen readers, CJK font choice); dates take the language where they are
 * formatted (@portal/ui's formatDisplayDate).
 * Resolves once every namespace in use is loaded in the new language, and only then switches,
 * so the UI never shows raw keys. Unknown codes fall back to Japanese, the product default.
 */
export async function setLanguage(code: string, instance: I18n = i18n): Promise<Language> {
  const lng = isLanguage(code) ? code : DEFAULT_LANGUAGE;
  // Already the language, and no switch under way: i18next would still announce a change, which
  // re-renders every component that translates, synchronously — the stored settings re-apply the
  // same language on every page load and settings refetch.
  // (`isLanguageChangingTo` is i18next's own record of a switch in flight; its types omit it.)
  const pending = (instance as I18n & { isLanguageChangingTo?: string }).isLanguageChangingTo;
  const unchanged = instance.language === lng && pending === undefined;
  // Loads `lng` for every namespace loaded so far (i18next keeps them in options.ns) first.
  if (!unchanged) await instance.changeLanguage(lng);
  // A later call may have overtaken this one; it sets <html lang> itself.
  if (instance.language === lng && typeof document !== 'undefined') document.documentElement.lang = lng;
  return lng;
}

/** Any `t` that accepts a key (or fallback keys) and options: i18next's TFunction fits. */
type AnyT = TFunction | ((key: string | string[], options?: Record<string, unknown>) => string);
type LooseT = (key: string | string[], options?: Record<string, unknown>) => string;

/**
 * The last resort of translateError: the same "something went wrong" sentence as
 * `errors:generic`, but in a namespace bundled up front, for when the `errors` strings are not
 * there (still loading, or their chunk could not be fetched) — never a raw key.
 */
const BUNDLED_GENERIC_ERROR = 'shell:errors.generic';

/**
 * The message for an API error code (namespace `errors`, key = code), or the generic
 * "something went wrong" message for codes the catalogue does not know. The `errors` strings are
 * not bundled: see useErrorStrings (@portal/ui) for how a component makes sure they are loaded.
 */
export function translateError(t: AnyT, code: string | null | undefined, values?: Record<string, unknown>): string {
  const keys = code ? [`errors:${code}`, 'errors:generic'] : ['errors:generic'];
  return (t as LooseT)([...keys, BUNDLED_GENERIC_ERROR], values);
}

/**
 * The message for a validation key as produced by the api-client schemas (`validation.required`)
 * or the API's 400 body. `{{field}}` defaults to a neutral word so a message never shows a raw
 * placeholder; unknown keys fall back to the generic format message.
 */
export function translateValidation(t: AnyT, key: string, values?: Record<string, unknown>): string {
  const tt = t as LooseT;
  // A server-side refusal set as a field message (`errors:DUPLICATE_EMAIL` from a 409) is an
  // error code: its fallback is the generic error, not "the format is wrong".
  if (key.startsWith('errors:')) return translateError(t, key.slice('errors:'.length), values);
  const field = values?.field ?? tt('validation:default_field');
  // Any other key that names its namespace is used as is.
  const primary = key.includes(':') ? key : `validation:${key.startsWith('validation.') ? key.slice('validation.'.length) : key}`;
  return tt([primary, 'validation:format'], { ...values, field });
}
