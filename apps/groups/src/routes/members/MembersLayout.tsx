import { Outlet } from 'react-router';
import { SectionTabs, type SectionTab } from '../area/SectionTabs';

/** Spec section 2: members tabs (list, QR code invite, invited, join request, role). */
export const MEMBER_TABS: readonly SectionTab[] = [
  { path: 'members/list', labelKey: 'members.tabs.list' },
  { path: 'members/qr-code-invite', labelKey: 'members.tabs.qr_code_invite', right: 'invite', also: ['members/qr-code-invite-auth'] },
  { path: 'members/invited', labelKey: 'members.tabs.invited', right: 'invite' },
  { path: 'members/join-request', labelKey: 'members.tabs.join_request', right: 'invite' },
  { path: 'members/role', labelKey: 'members.tabs.role', right: 'admin' },
];

export function MembersLayout() {
  return (
    <>
      <SectionTabs tabs={MEMBER_TABS} labelKey="members.tabs.label" />
      <Outlet />
    </>
  );
}
