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
  /**
   * The header landmark with the main navigation inside it (the shell's Header renders its own
   * `<header>`, because its pick menus open from the navigation bar).
   */
  header: ReactNode;
  /** Layers above the page: pick menus, their backdrop. */
  overlay?: ReactNode;
  /** Strip under the header (group header image, news ticker); a plain theme strip by default. */
  banner?: ReactNode;
  children: ReactNode;
  /** Extra footer content above the support company copyright. */
  footer?: ReactNode;
}

/** The authenticated page frame: header, banner, main and footer landmarks (spec section 2). */
export function FullLayout({ header, overlay, banner, children, footer }: FullLayoutProps) {
  return (
    <div className="pui-full">
      <SkipLink />
      {header}
      {overlay}
      {banner ?? <div className="pui-full__banner" aria-hidden="true" />}
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
  /** Page heading; when given, the page is shown in a centred card under it. */
  title?: ReactNode;
  children: ReactNode;
  /** Replaces the product name in the header (e.g. a link home). */
  brand?: ReactNode;
  /** More header controls beside the notification bell (e.g. a language switch). */
  tools?: ReactNode;
}

/** Login-type pages: a slim header with the notification-permission bell, then the page. */
export function CompactLayout({ title, children, brand, tools }: CompactLayoutProps) {
  const { t } = useTranslation('common');
  return (
    <div className="pui-compact">
      <SkipLink />
      <header className="pui-compact__header">
        <span className="pui-compact__brand">{brand ?? t('product_name')}</span>
        <div className="pui-compact__tools">
          <NotificationBell />
          {tools}
        </div>
      </header>
      <main id={MAIN_ID} className="pui-compact__main" tabIndex={-1}>
        {title ? (
          <div className="pui-compact__card">
            <h1 className="pui-compact__title">{title}</h1>
            {children}
          </div>
        ) : (
          children
        )}
      </main>
      <footer className="pui-compact__footer">
        <Copyright />
      </footer>
    </div>
  );
}
