import { Link, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@portal/api-client/core';
import { translateError } from '@portal/i18n';
import { Spinner } from '@portal/ui';
import { useErrorStrings, Tabs } from '@portal/ui/kit';
import { parseGroupId, useGroup, useGroupRoles } from '../../api/group';
import { GroupHeader } from '../../components/GroupHeader';
import { GroupAreaContext, groupPath } from './context';
import '../groups.css';

const TABS = [
  { id: 'new-feed', labelKey: 'tabs.new_feed', to: 'new-feed' },
  { id: 'shared-folder', labelKey: 'tabs.shared_folder', to: 'shared-folder' },
  { id: 'members', labelKey: 'tabs.members', to: 'members/list' },
  { id: 'setting', labelKey: 'tabs.setting', to: 'setting/information' },
] as const;

/** Which group tab a path below /group/:id belongs to ('' on the top page). */
function activeTab(rest: string): string {
  const first = rest.split('/')[0] ?? '';
  if (first === 'new-feed' || first.startsWith('topic')) return 'new-feed';
  return TABS.some((tab) => tab.id === first) ? first : '';
}

/** /group/:groupId: keyed by the id so a different group never shows the previous one's rights. */
export function GroupLayout() {
  const groupId = parseGroupId(useParams().groupId);
  if (groupId === null) return <Navigate to="/page-not-found" replace />;
  return <GroupArea key={groupId} groupId={groupId} />;
}

/**
 * Loads the group and the caller's rights first (spec: "when groupId changes, the group's roles
 * are loaded first"); nothing below renders until both are in, so guards and disabled tabs are
 * decided on real rights.
 */
function GroupArea({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groups');
  // Not suspending: every group page would wait for messages it shows only when the group fails.
  const { t: tErrors, ready: errorsReady } = useErrorStrings();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const group = useGroup(groupId);
  const roles = useGroupRoles(groupId);

  const failure = group.error ?? roles.error;
  if (failure && errorsReady) {
    // The shell's handler shows section 8's modal (GROUP_NOT_FOUND → closing goes home); the
    // page itself explains what happened in case the modal was dismissed.
    const code = failure instanceof ApiError ? failure.code : undefined;
    return (
      <section className="pgrp-unavailable" role="alert">
        <p>
          {code === 'GROUP_NOT_FOUND' || code === 'GROUP_IS_STOPPED'
            ? translateError(tErrors, 'group_not_found')
            : translateError(tErrors, code)}
        </p>
        <Link to="/">{t('actions.back_to_home')}</Link>
      </section>
    );
  }
  if (failure || !group.data || !roles.data) return <Spinner size="lg" label={t('area.loading')} />;

  const rest = pathname.replace(/^\/group\/[^/]+\/?/, '');
  const rights = roles.data;
  return (
    <GroupAreaContext.Provider value={{ groupId, group: group.data, rights }}>
      <div className="pgrp-area">
        <GroupHeader group={group.data} admin={rights.admin} otherRights={!rights.admin && rights.held.length > 0} />
        <Tabs
          className="pgrp-area__tabs"
          label={t('tabs.label')}
          value={activeTab(rest)}
          items={TABS.map((tab) => ({ id: tab.id, label: t(tab.labelKey) }))}
          onChange={(id) => {
            const tab = TABS.find((x) => x.id === id);
            if (tab) void navigate(groupPath(groupId, tab.to));
          }}
        />
        <div className="pgrp-area__content">
          <Outlet />
        </div>
      </div>
    </GroupAreaContext.Provider>
  );
}
