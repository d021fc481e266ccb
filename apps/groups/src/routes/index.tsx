import type { ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { lazyPage } from '@portal/ui/kit';
import type { GroupRight } from '../api/group';
import { GroupLayout } from './area/GroupLayout';
import { RequireRight } from './area/RequireRight';
import { TabPending } from './area/TabPending';
import { TopPage } from './area/TopPage';
import { GroupIndex } from './GroupIndex';
import { MembersLayout } from './members/MembersLayout';
import { FeedPage } from './feed/FeedPage';
import { TopicCreatePage, TopicUpdatePage } from './feed/lazy';
import { SettingLayout } from './setting/SettingLayout';
import './groups.css';
import { registerTopicReactions } from '../realtime';

// This remote's cache reactions join the shell's realtime routing as soon as it is loaded.
registerTopicReactions();

// The feed and the group's top are where people land; every other page loads its code when
// opened (the topic detail's renderer, the shared folder, member and setting screens).
const CreateGroupPage = lazyPage(
  () => import('./CreateGroupPage'),
  (m) => m.CreateGroupPage,
);
const InviteByMailPage = lazyPage(
  () => import('./members/InviteByMailPage'),
  (m) => m.InviteByMailPage,
);
const InvitedPage = lazyPage(
  () => import('./members/InvitedPage'),
  (m) => m.InvitedPage,
);
const JoinRequestPage = lazyPage(
  () => import('./members/JoinRequestPage'),
  (m) => m.JoinRequestPage,
);
const MemberListPage = lazyPage(
  () => import('./members/MemberListPage'),
  (m) => m.MemberListPage,
);
const QrInvitePage = lazyPage(
  () => import('./members/QrInvitePage'),
  (m) => m.QrInvitePage,
);
const RolePage = lazyPage(
  () => import('./members/RolePage'),
  (m) => m.RolePage,
);
const TopicDetailPage = lazyPage(
  () => import('./feed/TopicDetailPage'),
  (m) => m.TopicDetailPage,
);
const EquipmentPage = lazyPage(
  () => import('./setting/EquipmentPage'),
  (m) => m.EquipmentPage,
);
const InformationEditPage = lazyPage(
  () => import('./setting/InformationEditPage'),
  (m) => m.InformationEditPage,
);
const InformationPage = lazyPage(
  () => import('./setting/InformationPage'),
  (m) => m.InformationPage,
);
const FileCreatePage = lazyPage(
  () => import('./shared-folder/FileCreatePage'),
  (m) => m.FileCreatePage,
);
const FileDetailPage = lazyPage(
  () => import('./shared-folder/FileDetailPage'),
  (m) => m.FileDetailPage,
);
const FileInfoEditPage = lazyPage(
  () => import('./shared-folder/FileInfoEditPage'),
  (m) => m.FileInfoEditPage,
);
const FileOverwritePage = lazyPage(
  () => import('./shared-folder/FileOverwritePage'),
  (m) => m.FileOverwritePage,
);
const SharedFolderPage = lazyPage(
  () => import('./shared-folder/SharedFolderPage'),
  (m) => m.SharedFolderPage,
);

const guarded = (right: GroupRight, page: ReactNode) => <RequireRight right={right}>{page}</RequireRight>;
const later = (titleKey: string) => <TabPending titleKey={titleKey} />;

/** Spec section 2, relative to /group/* where the shell mounts this remote. */
export const routes: RouteObject[] = [
  { index: true, element: <GroupIndex /> },
  { path: 'create', element: <CreateGroupPage /> },
  {
    path: ':groupId',
    element: <GroupLayout />,
    children: [
      { index: true, element: <TopPage /> },
      { path: 'new-feed', element: <FeedPage /> },
      { path: 'topic-create', element: guarded('edit_topic', <TopicCreatePage />) },
      { path: 'topic-update/:topicId', element: guarded('edit_topic', <TopicUpdatePage />) },
      { path: 'topic/:topicId', element: <TopicDetailPage /> },
      { path: 'shared-folder', element: <SharedFolderPage /> },
      { path: 'shared-folder/file-create', element: guarded('edit_shared_folder', <FileCreatePage />) },
      { path: 'shared-folder/file/:fileId', element: <FileDetailPage /> },
      { path: 'shared-folder/file/:fileId/file-overwrite', element: guarded('edit_shared_folder', <FileOverwritePage />) },
      { path: 'shared-folder/file/:fileId/update-information', element: guarded('edit_shared_folder', <FileInfoEditPage />) },
      {
        path: 'members',
        element: <MembersLayout />,
        children: [
          { index: true, element: <Navigate to="list" replace /> },
          { path: 'list', element: <MemberListPage /> },
          // group-members-register (admin registers users) needs an API that does not exist yet.
          { path: 'register', element: later('routes.members_register') },
          { path: 'qr-code-invite', element: guarded('invite', <QrInvitePage />) },
          { path: 'qr-code-invite-auth', element: guarded('invite', <InviteByMailPage />) },
          { path: 'invited', element: guarded('invite', <InvitedPage />) },
          { path: 'join-request', element: guarded('invite', <JoinRequestPage />) },
          { path: 'role', element: guarded('admin', <RolePage />) },
        ],
      },
      {
        path: 'setting',
        element: <SettingLayout />,
        children: [
          { index: true, element: <Navigate to="information" replace /> },
          { path: 'information', element: <InformationPage /> },
          { path: 'information-edit', element: guarded('admin', <InformationEditPage />) },
          { path: 'equipment', element: guarded('admin', <EquipmentPage />) },
        ],
      },
    ],
  },
  // Unknown paths fall through to the shell's catch-all not-found page.
  { path: '*', element: <Navigate to="/page-not-found" replace /> },
];

/** `./routes`: the /group/* subtree. */
export default function GroupsRoutes() {
  return useRoutes(routes);
}
