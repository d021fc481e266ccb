import { Outlet } from 'react-router';
import { SectionTabs, type SectionTab } from '../area/SectionTabs';

/** Spec section 2: setting tabs (basic info, equipment); editing is reached from basic info. */
export const SETTING_TABS: readonly SectionTab[] = [
  { path: 'setting/information', labelKey: 'setting.tabs.information', also: ['setting/information-edit'] },
  { path: 'setting/equipment', labelKey: 'setting.tabs.equipment', right: 'admin' },
];

export function SettingLayout() {
  return (
    <>
      <SectionTabs tabs={SETTING_TABS} labelKey="setting.tabs.label" />
      <Outlet />
    </>
  );
}
