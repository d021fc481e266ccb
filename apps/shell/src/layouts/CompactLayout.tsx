import { Suspense, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CompactLayout as Frame, Spinner } from '@portal/ui';
import { LanguageSwitch } from '../components/LanguageSwitch';

/** Login-type pages: ui's compact layout with a link home and the language switch. */
export function CompactLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Frame brand={<Link to="/">{t('product_name')}</Link>} tools={<LanguageSwitch />}>
      <Suspense fallback={<Spinner />}>{children ?? <Outlet />}</Suspense>
    </Frame>
  );
}
