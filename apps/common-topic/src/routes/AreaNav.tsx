import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** The common area's two sections (spec section 2: topics and shared folder). */
export function AreaNav() {
  const { t } = useTranslation(['commonTopicPages', 'commonTopic'], { nsMode: 'fallback' });
  const cls = ({ isActive }: { isActive: boolean }) => `pct-nav__link${isActive ? ' pct-nav__link--active' : ''}`;
  return (
    <nav className="pct-nav" aria-label={t('nav.label')}>
      <NavLink to="/common-topic/topics" className={cls}>
        {t('routes.topics')}
      </NavLink>
      <NavLink to="/common-topic/shared-folder" className={cls}>
        {t('routes.shared_folder')}
      </NavLink>
    </nav>
  );
}
