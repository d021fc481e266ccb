import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { FullLayout as Frame, Spinner } from '@portal/ui';
import { Header } from '../components/Header';
import { MenuLayer } from '../components/MenuLayer';
import { useUserSettings } from './useUserSettings';

/** The frame of every logged-in page: ui's full layout with the shell's header and menus. */
export function FullLayout({ children }: { children?: ReactNode }) {
  useUserSettings();
  return (
    <Frame header={<Header />} overlay={<MenuLayer />}>
      <Suspense fallback={<Spinner />}>{children ?? <Outlet />}</Suspense>
    </Frame>
  );
}
