import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { FullLayout as Frame, Spinner } from '@portal/ui';
import { Header } from '../components/Header';
import { MenuLayer } from '../components/MenuLayer';
import { useUserSettings } from './useUserSettings';

/**
 * Applies the stored settings (language, theme). A component of its own, rendering nothing: the
 * queries' answers then re-render only it, not the frame and header around every page (each
 * answer is a synchronous render).
 */
function UserSettingsSync() {
  useUserSettings();
  return null;
}

/** The frame of every logged-in page: ui's full layout with the shell's header and menus. */
export function FullLayout({ children }: { children?: ReactNode }) {
  return (
    <Frame header={<Header />} overlay={<MenuLayer />}>
      <UserSettingsSync />
      <Suspense fallback={<Spinner />}>{children ?? <Outlet />}</Suspense>
    </Frame>
  );
}
