import { lazy, Suspense, useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { RemoteModule } from '../RemoteModule';
import { SearchModal } from '../SearchModal';
import { $openMenu, closeMenus } from '../../stores/menus';
import { MenuButton, MenuPanel } from './MenuButton';
import { ChatCount } from './ChatCount';
import { BellCount } from './BellCount';
import { BellIcon, MenuIcon } from '@portal/ui';

// The home menu's links and buttons load when the menu first opens, not with every page.
const HomeMenuBar = lazy(async () => ({ default: (await import('../HomeMenuBar')).HomeMenuBar }));

/**
 * The full layout's header (spec section 2, navigation): product name, Home / Group / Calendar /
 * Chat / Setting, the notification bell, search, and the home menu. Below 1200 px the navigation
 * collapses behind a menu button (CSS decides which is visible; the state is the same atom).
 */
export function Header() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const navOpen = useStore($openMenu) === 'nav';

  // Following a link inside a menu lands on a new page; the menu has done its job.
  useEffect(() => closeMenus(), [pathname]);

  return (
    <header className="shell-header">
      <Link to="/" className="shell-header__brand">
        {t('common:product_name')}
      </Link>
      <MenuButton menu="nav" label={t('nav.menu')} className="shell-header__nav-toggle" />
      <nav className={`shell-nav${navOpen ? ' shell-nav--open' : ''}`} id="shell-menu-nav" aria-label={t('nav.label')}>
        <NavLink to="/" end className="shell-nav__item">
          {t('nav.home')}
        </NavLink>
        <MenuButton menu="group" label={t('nav.group')} />
        <NavLink to="/calendar" className="shell-nav__item">
          {t('nav.calendar')}
        </NavLink>
        <NavLink to="/chat" className="shell-nav__item">
          {t('nav.chat')}
          <ChatCount />
        </NavLink>
        <MenuButton menu="setting" label={t('nav.setting')} />
      </nav>
      <div className="shell-header__tools">
        <MenuButton menu="notifications" label={t('nav.notifications')} className="shell-header__tool shell-header__tool--bell">
          <BellIcon />
          <span className="shell-visually-hidden">{t('nav.notifications')}</span>
          <BellCount />
        </MenuButton>
        <SearchModal />
        <MenuButton menu="home" label={t('nav.home_menu')} className="shell-header__tool">
          <MenuIcon />
          <span className="shell-visually-hidden">{t('nav.home_menu')}</span>
        </MenuButton>
      </div>
      <MenuPanel menu="group" label={t('nav.group')}>
        <RemoteModule remote="groups" module="GroupPickMenu" variant="widget" />
      </MenuPanel>
      <MenuPanel menu="setting" label={t('nav.setting')}>
        <RemoteModule remote="settings" module="SettingMenu" variant="widget" />
      </MenuPanel>
      <MenuPanel menu="notifications" label={t('nav.notifications')}>
        <RemoteModule remote="notifications" module="NavbarNotifications" variant="widget" />
      </MenuPanel>
      <MenuPanel menu="home" label={t('nav.home_menu')}>
        <Suspense fallback={null}>
          <HomeMenuBar />
        </Suspense>
      </MenuPanel>
    </header>
  );
}
