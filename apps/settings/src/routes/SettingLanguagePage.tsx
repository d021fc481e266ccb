import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type LanguageCode } from '@portal/api-client/core';
import { Button, Spinner, useDocumentTitle, useModal } from '@portal/ui';
import { useSettings, useUpdateLanguage } from '../api/settings';

/** /setting/setting-language: Japanese or English; the UI switches as soon as it is saved. */
export function SettingLanguagePage() {
  const { t, i18n } = useTranslation('settings');
  const { t: tCommon } = useTranslation('common');
  const title = t('pages.setting_language');
  useDocumentTitle(title);
  const modal = useModal();
  const settings = useSettings();
  const update = useUpdateLanguage();
  const [picked, setPicked] = useState<LanguageCode | null>(null);
  const selected = picked ?? settings.data?.setting_language.code ?? null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!selected) return;
    try {
      await update.mutateAsync(selected);
      setPicked(null);
      // Read through i18n, not the render's `t`, so the message is already in the new language.
      modal.success({ message: i18n.t('language.success', { ns: 'settings' }) });
    } catch {
      // Failures are shown by the shell's global handler (section 8).
    }
  };

  return (
    <section className="pset-page" aria-labelledby="pset-language-title">
      <h1 id="pset-language-title" className="pui-page-title">
        {title}
      </h1>
      {settings.isPending && <Spinner />}
      {settings.isError && <p role="alert">{t('language.load_failed')}</p>}
      <form className="pset-form" onSubmit={onSubmit}>
        <fieldset disabled={settings.isPending}>
          <legend className="pui-field__label">{t('language.legend')}</legend>
          {LANGUAGES.map((code) => (
            <label key={code} className="pset-radio">
              <input type="radio" name="language" value={code} checked={selected === code} onChange={() => setPicked(code)} />{' '}
              {tCommon(`languages.${code}`)}
            </label>
          ))}
        </fieldset>
        <div className="pset-form__actions">
          <Button type="submit" loading={update.isPending} disabled={!selected}>
            {t('language.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
