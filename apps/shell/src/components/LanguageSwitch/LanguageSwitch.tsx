import { useTranslation } from 'react-i18next';
import { setLanguage } from '@portal/i18n';
import { GUEST_LANGUAGE_KEY } from '../../session/storage';

/** Reads the language a logged-out visitor picked earlier (until login applies their setting). */
export function readGuestLanguage(): 'ja' | 'en' | null {
  try {
    const v = globalThis.localStorage?.getItem(GUEST_LANGUAGE_KEY);
    return v === 'ja' || v === 'en' ? v : null;
  } catch {
    return null;
  }
}

/** ja / EN switch on the login-type pages (compact layout). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell');
  const current = i18n.language === 'en' ? 'en' : 'ja';
  const choose = (lang: 'ja' | 'en') => {
    try {
      globalThis.localStorage?.setItem(GUEST_LANGUAGE_KEY, lang);
    } catch {
      // Not remembered across reloads; still switched now.
    }
    // The server picks the language of a prerendered login form by this cookie (it cannot read
    // localStorage); a year, like the stored choice. Not a secret, so readable by scripts.
    document.cookie = `portal_lang=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
    void setLanguage(lang);
  };
  return (
    <div className="shell-lang-switch" role="group" aria-label={t('language.label')}>
      <button type="button" lang="ja" aria-pressed={current === 'ja'} onClick={() => choose('ja')}>
        日本語
      </button>
      <button type="button" lang="en" aria-pressed={current === 'en'} onClick={() => choose('en')}>
        EN
      </button>
    </div>
  );
}
