import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { Pending } from './Pending';

/** Spec section 2, relative to /group/* where the shell mounts this remote. */
export const routes: RouteObject[] = [
  // Spec: /group goes to the first group's top page; until the group list exists this
  // shows NotAvailable rather than guessing a group.
  { index: true, element: <Pending titleKey="routes.group" /> },
  { path: ':groupId', element: <Pending titleKey="routes.toppage" /> },
  { path: ':groupId/new-feed', element: <Pending titleKey="routes.new_feed" /> },
  { path: ':groupId/topic-create', element: <Pending titleKey="routes.topic_create" /> },
  { path: ':groupId/topic-update/:topicId', element: <Pending titleKey="routes.topic_update" /> },
  { path: ':groupId/topic/:topicId', element: <Pending titleKey="routes.topic_detail" /> },
  { path: ':groupId/shared-folder', element: <Pending titleKey="routes.shared_folder" /> },
  { path: ':groupId/shared-folder/file-create', element: <Pending titleKey="routes.file_create" /> },
  { path: ':groupId/shared-folder/file/:fileId', element: <Pending titleKey="routes.file_detail" /> },
  { path: ':groupId/shared-folder/file/:fileId/file-overwrite', element: <Pending titleKey="routes.file_overwrite" /> },
  { path: ':groupId/shared-folder/file/:fileId/update-information', element: <Pending titleKey="routes.file_update_information" /> },
  { path: ':groupId/members', element: <Navigate to="list" replace /> },
  { path: ':groupId/members/list', element: <Pending titleKey="routes.members_list" /> },
  { path: ':groupId/members/register', element: <Pending titleKey="routes.members_register" /> },
  { path: ':groupId/members/qr-code-invite', element: <Pending titleKey="routes.qr_code_invite" /> },
  { path: ':groupId/members/qr-code-invite-auth', element: <Pending titleKey="routes.qr_code_invite_auth" /> },
  { path: ':groupId/members/invited', element: <Pending titleKey="routes.invited" /> },
  { path: ':groupId/members/join-request', element: <Pending titleKey="routes.join_request" /> },
  { path: ':groupId/members/role', element: <Pending titleKey="routes.role" /> },
  { path: ':groupId/setting', element: <Navigate to="information" replace /> },
  { path: ':groupId/setting/information', element: <Pending titleKey="routes.setting_information" /> },
  { path: ':groupId/setting/information-edit', element: <Pending titleKey="routes.setting_information_edit" /> },
  { path: ':groupId/setting/equipment', element: <Pending titleKey="routes.equipment" /> },
  // Unknown paths fall through to the shell's catch-all not-found page.
  { path: '*', element: <Navigate to="/page-not-found" replace /> },
];

/** `./routes`: the /group/* subtree. */
export default function GroupsRoutes() {
  return useRoutes(routes);
}
