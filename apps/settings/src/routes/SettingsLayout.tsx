import { Outlet } from 'react-router';
import { SettingLinks } from '../components/SettingLinks';
import './SettingsLayout.css';
import './pages.css';

/**
 * Label of this build (PORTAL_BUILD_LABEL at build time, empty by default). Ops and the e2e
 * rollback test read it from the page to see which build of the settings area is live.
 */
const BUILD_LABEL: string = process.env.PORTAL_BUILD_LABEL ?? '';

/** Side menu with the nine setting pages beside the current one (spec section 2). */
export function SettingsLayout() {
  return (
    <div className="pset-layout" data-remote-build={BUILD_LABEL || undefined}>
      <aside className="pset-layout__side">
        <SettingLinks variant="side" />
      </aside>
      <div className="pset-layout__main">
        <Outlet />
      </div>
    </div>
  );
}
