import { useTranslation } from 'react-i18next';

/** `./GroupPickMenu`: compact "not available yet" with its title until a later issue builds it. */
export default function GroupPickMenu() {
  const { t } = useTranslation('groups');
  const { t: tUi } = useTranslation('ui');
  return (
    <section className="pgrp-widget pui-not-available" aria-label={t('widgets.pick_menu')}>
      <h2 className="pgrp-widget__title">{t('widgets.pick_menu')}</h2>
      <p className="pui-not-available__message">{tUi('not_available.message')}</p>
    </section>
  );
}
