/**
 * i18n for the whole portal. `i18n` is the shared instance (a Module Federation singleton) that
 * the shell and every remote render with; `createI18n` exists for tests and isolated tools.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { dayjs } from './dayjs';
import { LANGUAGES, NAMESPACES, resources, type Language } from './resources';

export { LANGUAGES, NAMESPACES, resources };
export type { Language, Messages, Namespace } from './resources';
export { dayjs, DEFAULT_TIMEZONE, type Dayjs } from './dayjs';

export const DEFAULT_LANGUAGE: Language = 'ja';

export function isLanguage(code: unknown): code is Language {
  return typeof code === 'string' && (LANGUAGES as readonly string[]).includes(code);
}

/** A fresh instance with every resource loaded; ready synchronously (no backend, initAsync off). */
export function createI18n(lng: string = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: isLanguage(lng) ? lng : DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources,
    initAsync: false,
    // React escapes on render; escaping here too would show &amp; to users.
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}

export const i18n: I18n = createI18n(DEFAULT_LANGUAGE);

/**
 * Switch the UI language everywhere: i18next (re-renders every useTranslation), the document's
 * lang attribute (screen readers, CJK font choice) and dayjs (weekday and month names).
 * Unknown codes fall back to Japanese, the product default.
 */
export async function setLanguage(code: string, instance: I18n = i18n): Promise<Language> {
  const lng = isLanguage(code) ? code : DEFAULT_LANGUAGE;
  dayjs.locale(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  await instance.changeLanguage(lng);
  return lng;
}

/** Any `t` that accepts a key (or fallback keys) and options: i18next's TFunction fits. */
type AnyT = TFunction | ((key: string | string[], options?: Record<string, unknown>) => string);
type LooseT = (key: string | string[], options?: Record<string, unknown>) => string;

/**
 * The message for an API error code (namespace `errors`, key = code), or the generic
 * "something went wrong" message for codes the catalogue does not know.
 */
export function translateError(
  t: AnyT,
  code: string | null | undefined,
  values?: Record<string, unknown>,
): string {
  const keys = code ? [`errors:${code}`, 'errors:generic'] : ['errors:generic'];
  return (t as LooseT)(keys, values);
}

/**
 * The message for a validation key as produced by the api-client schemas (`validation.required`)
 * or the API's 400 body. `{{field}}` defaults to a neutral word so a message never shows a raw
 * placeholder; unknown keys fall back to the generic format message.
 */
export function translateValidation(
  t: AnyT,
  key: string,
  values?: Record<string, unknown>,
): string {
  const tt = t as LooseT;
  const field = values?.field ?? tt('validation:default_field');
  // A key that names its namespace (e.g. `errors:DUPLICATE_EMAIL` from a 409) is used as is.
  const primary = key.includes(':')
    ? key
    : `validation:${key.startsWith('validation.') ? key.slice('validation.'.length) : key}`;
  return tt([primary, 'validation:format'], { ...values, field });
}
