import { useTranslation } from 'react-i18next';

/** `./WeekTable`: compact "not available yet" with its title until a later issue builds it. */
export default function WeekTable() {
  const { t } = useTranslation('calendar');
  const { t: tUi } = useTranslation('ui');
  return (
    <section className="pcal-widget pui-not-available" aria-label={t('widgets.week_table')}>
      <h2 className="pcal-widget__title">{t('widgets.week_table')}</h2>
      <p className="pui-not-available__message">{tUi('not_available.message')}</p>
    </section>
  );
}
