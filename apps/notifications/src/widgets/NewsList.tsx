import { useTranslation } from 'react-i18next';

/** `./NewsList`: compact "not available yet" with its title until a later issue builds it. */
export default function NewsList() {
  const { t } = useTranslation('notifications');
  const { t: tUi } = useTranslation('ui');
  return (
    <section className="pntf-widget pui-not-available" aria-label={t('widgets.news')}>
      <h2 className="pntf-widget__title">{t('widgets.news')}</h2>
      <p className="pui-not-available__message">{tUi('not_available.message')}</p>
    </section>
  );
}
