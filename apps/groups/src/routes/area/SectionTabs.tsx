import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@portal/ui/kit';
import type { GroupRight } from '../../api/group';
import { groupPath, useGroupArea } from './context';

export interface SectionTab {
  /** Path below /group/:id, also the tab id. */
  path: string;
  labelKey: string;
  /** Needed right: without it the tab is shown but disabled (spec section 2). */
  right?: GroupRight;
  /** Further paths that select this tab (a sub-page reached from it). */
  also?: readonly string[];
}

/** The members and setting tab rows: navigation tabs whose disabled state follows the rights. */
export function SectionTabs({ tabs, labelKey }: { tabs: readonly SectionTab[]; labelKey: string }) {
  const { t } = useTranslation('groups');
  const area = useGroupArea();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const rest = pathname.replace(/^\/group\/[^/]+\/?/, '').replace(/\/$/, '');
  const current = tabs.find((tab) => tab.path === rest || tab.also?.includes(rest));
  return (
    <Tabs
      className="pgrp-subtabs"
      label={t(labelKey)}
      value={current?.path ?? ''}
      items={tabs.map((tab) => ({ id: tab.path, label: t(tab.labelKey), disabled: tab.right ? !area.rights[tab.right] : false }))}
      onChange={(path) => void navigate(groupPath(area.groupId, path))}
    />
  );
}
