import type { ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import type { GroupRight } from '../api/group';
import { GroupLayout } from './area/GroupLayout';
import { RequireRight } from './area/RequireRight';
import { TabPending } from './area/TabPending';
import { TopPage } from './area/TopPage';
import { CreateGroupPage } from './CreateGroupPage';
import { GroupIndex } from './GroupIndex';
import { InviteByMailPage } from './members/InviteByMailPage';
import { InvitedPage } from './members/InvitedPage';
import { JoinRequestPage } from './members/JoinRequestPage';
import { MemberListPage } from './members/MemberListPage';
import { MembersLayout } from './members/MembersLayout';
import { QrInvitePage } from './members/QrInvitePage';
import { RolePage } from './members/RolePage';
import { FeedPage } from './feed/FeedPage';
import { TopicDetailPage } from './feed/TopicDetailPage';
import { TopicCreatePage, TopicUpdatePage } from './feed/lazy';
import { EquipmentPage } from './setting/EquipmentPage';
import { InformationEditPage } from './setting/InformationEditPage';
import { InformationPage } from './setting/InformationPage';
import { SettingLayout } from './setting/SettingLayout';
import { FileCreatePage } from './shared-folder/FileCreatePage';
import { FileDetailPage } from './shared-folder/FileDetailPage';
import { FileInfoEditPage } from './shared-folder/FileInfoEditPage';
import { FileOverwritePage } from './shared-folder/FileOverwritePage';
import { SharedFolderPage } from './shared-folder/SharedFolderPage';
import './groups.css';
import { registerTopicReactions } from '../realtime';

// This remote's cache reactions join the shell's realtime routing as soon as it is loaded.
registerTopicReactions();

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
