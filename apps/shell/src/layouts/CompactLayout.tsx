import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { setLanguage } from '@portal/i18n';
import { CompactLayout as Frame, Spinner } from '@portal/ui';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { useStore } from '@nanostores/react';
import { $session } from '@portal/api-client/session';

/**
 * A signed-in user reading a compact page (terms, policy, employee-without-group) reads it in
 * their own language, as every other page: the stored setting, not the guest's choice.
 */
function SignedInLanguage() {
  const { data } = useQuery({
    queryKey: queryKeys.settings(),
    queryFn: async () => (await api.call('settings')).items,
    meta: { silent: true },
  });
  const code = data?.setting_language.code;
  useEffect(() => {
    if (code) void setLanguage(code);
  }, [code]);
  return null;
}

/** Login-type pages: ui's compact layout with a link home and the language switch. */
export function CompactLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('common');
  const session = useStore($session);
  // A token without a user is a login still being checked (an account waiting for approval stops
  // there): such a session has no settings to read, and the page asks for nothing more.
  const signedIn = Boolean(session.accessToken && session.user);
  return (
    <Frame brand={<Link to="/">{t('product_name')}</Link>} tools={<LanguageSwitch />}>
      {signedIn && <SignedInLanguage />}
      <Suspense fallback={<Spinner />}>{children ?? <Outlet />}</Suspense>
    </Frame>
  );
}
