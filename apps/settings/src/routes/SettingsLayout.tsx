import { Outlet } from 'react-router';
import { SettingLinks } from '../components/SettingLinks';
import './SettingsLayout.css';

/** Side menu with the nine setting pages beside the current one (spec section 2). */
export function SettingsLayout() {
  return (
    <div className="pset-layout">
      <aside className="pset-layout__side">
        <SettingLinks variant="side" />
      </aside>
      <div className="pset-layout__main">
        <Outlet />
      </div>
    </div>
  );
}
