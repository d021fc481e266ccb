import { useTranslation } from 'react-i18next';

/** `./GroupList`: compact "not available yet" with its title until a later issue builds it. */
export default function GroupList() {
  const { t } = useTranslation('groups');
  const { t: tUi } = useTranslation('ui');
  return (
    <section className="pgrp-widget pui-not-available" aria-label={t('widgets.group_list')}>
      <h2 className="pgrp-widget__title">{t('widgets.group_list')}</h2>
      <p className="pui-not-available__message">{tUi('not_available.message')}</p>
    </section>
  );
}
