import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@portal/ui';
import { Header } from '../components/Header';
import { MenuLayer } from '../components/MenuLayer';
import { Footer } from './Footer';
import { useUserSettings } from './useUserSettings';

/** Header, banner, page, footer: the layout of every logged-in page (spec section 2). */
export function FullLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('ui');
  useUserSettings();
  return (
    <div className="shell-full">
      <a className="shell-skip-link" href="#shell-main">
        {t('layout.skip_to_content')}
      </a>
      <Header />
      <MenuLayer />
      <div className="shell-banner" aria-hidden="true" />
      <main id="shell-main" className="shell-main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          {children ?? <Outlet />}
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
