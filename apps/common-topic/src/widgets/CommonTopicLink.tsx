import { useTranslation } from 'react-i18next';

/** `./CommonTopicLink`: compact "not available yet" with its title until a later issue builds it. */
export default function CommonTopicLink() {
  const { t } = useTranslation('commonTopic');
  const { t: tUi } = useTranslation('ui');
  return (
    <section className="pct-widget pui-not-available" aria-label={t('widgets.link')}>
      <h2 className="pct-widget__title">{t('widgets.link')}</h2>
      <p className="pui-not-available__message">{tUi('not_available.message')}</p>
    </section>
  );
}
