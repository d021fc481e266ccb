import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SETTING_PAGES, SETTINGS_BASE } from '../../routes/pages';
import { useIsCompanyAdmin } from '../../api/admin';
import './SettingLinks.css';

export interface SettingLinksProps {
  /** Called after a link is followed (the navbar menu closes itself). */
  onNavigate?: () => void;
  variant?: 'side' | 'menu';
}

/** Links to every setting page; the current one is marked with aria-current by NavLink. */
export function SettingLinks({ onNavigate, variant = 'side' }: SettingLinksProps) {
  const { t } = useTranslation('settings');
  const isAdmin = useIsCompanyAdmin();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the side menu is a row that scrolls sideways: keep the current page's link in it.
  useEffect(() => {
    const row = nav.current?.querySelector('ul');
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && current && row.scrollWidth > row.clientWidth) row.scrollLeft = current.offsetLeft - row.offsetLeft - 8;
  }, [pathname]);
  return (
    <nav ref={nav} aria-label={t('menu.label')} className={`pset-links pset-links--${variant}`}>
      <ul>
        {SETTING_PAGES.map((p) => (
          <li key={p.path}>
            <NavLink to={`${SETTINGS_BASE}/${p.path}`} className="pset-links__link" onClick={onNavigate}>
              {t(p.titleKey)}
            </NavLink>
          </li>
        ))}
        {/* Only company administrators see the entry (the API refuses everyone else anyway). */}
        {isAdmin && (
          <li>
            <NavLink to={`${SETTINGS_BASE}/admin`} className="pset-links__link pset-links__link--admin" onClick={onNavigate}>
              {t('admin.menu')}
            </NavLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
