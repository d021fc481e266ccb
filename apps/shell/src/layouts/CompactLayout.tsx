import { Suspense, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotificationBell, Spinner } from '@portal/ui';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { Footer } from './Footer';

/** Login-type pages: product name, language switch, the form, footer. */
export function CompactLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="shell-compact">
      <header className="shell-compact__header">
        <Link to="/" className="shell-header__brand">
          {t('product_name')}
        </Link>
        <div className="shell-header__tools">
          <NotificationBell />
          <LanguageSwitch />
        </div>
      </header>
      <main id="shell-main" className="shell-compact__main">
        <Suspense fallback={<Spinner />}>
          {children ?? <Outlet />}
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
