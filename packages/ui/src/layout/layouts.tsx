import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationBell } from './NotificationBell';

const MAIN_ID = 'pui-main';

function SkipLink() {
  const { t } = useTranslation('ui');
  return (
    <a className="pui-skip-link" href={`#${MAIN_ID}`}>
      {t('layout.skip_to_content')}
    </a>
  );
}

export function Copyright() {
  const { t } = useTranslation('ui');
  return (
    <small className="pui-copyright">
      {t('layout.copyright', { year: new Date().getFullYear(), company: t('layout.support_company') })}
    </small>
  );
}

export interface FullLayoutProps {
  /** Header bar content (logo, search button, user menu); placed in the banner landmark. */
  header: ReactNode;
  /** Main menu items; placed in a <nav> landmark, so do not wrap them in another <nav>. */
  nav: ReactNode;
  /** Optional strip under the header (group header image, news ticker). */
  banner?: ReactNode;
  children: ReactNode;
  /** Extra footer content above the support company copyright. */
  footer?: ReactNode;
}

/** The authenticated page frame: header, banner, menu, main and footer landmarks. */
export function FullLayout({ header, nav, banner, children, footer }: FullLayoutProps) {
  const { t } = useTranslation('ui');
  return (
    <div className="pui-full">
      <SkipLink />
      <header className="pui-full__header">{header}</header>
      {banner && <div className="pui-full__banner">{banner}</div>}
      <nav className="pui-full__nav" aria-label={t('layout.main_menu')}>
        {nav}
      </nav>
      <main id={MAIN_ID} className="pui-full__main" tabIndex={-1}>
        {children}
      </main>
      <footer className="pui-full__footer">
        {footer}
        <Copyright />
      </footer>
    </div>
  );
}

export interface CompactLayoutProps {
  /** Page heading (login, forgot password, …). */
  title?: ReactNode;
  children: ReactNode;
  /** Replaces the product name in the header. */
  brand?: ReactNode;
}

/** Login-type pages: a slim header with the notification-permission bell, a centred card. */
export function CompactLayout({ title, children, brand }: CompactLayoutProps) {
  const { t } = useTranslation('common');
  return (
    <div className="pui-compact">
      <SkipLink />
      <header className="pui-compact__header">
        <span className="pui-compact__brand">{brand ?? t('product_name')}</span>
        <NotificationBell />
      </header>
      <main id={MAIN_ID} className="pui-compact__main" tabIndex={-1}>
        <div className="pui-compact__card">
          {title && <h1 className="pui-compact__title">{title}</h1>}
          {children}
        </div>
      </main>
      <footer className="pui-compact__footer">
        <Copyright />
      </footer>
    </div>
  );
}
