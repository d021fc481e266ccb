import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { Pending } from './Pending';

/** Spec section 2, relative to /common-topic/* where the shell mounts this remote. */
export const routes: RouteObject[] = [
  // Spec section 2: /common-topic redirects to topics.
  { index: true, element: <Navigate to="topics" replace /> },
  { path: 'topics', element: <Pending titleKey="routes.topics" /> },
  { path: 'topic/:topicId', element: <Pending titleKey="routes.topic_detail" /> },
  { path: 'topic-create', element: <Pending titleKey="routes.topic_create" /> },
  { path: 'topic-update/:topicId', element: <Pending titleKey="routes.topic_update" /> },
  { path: 'shared-folder', element: <Pending titleKey="routes.shared_folder" /> },
  { path: 'shared-folder/file/:fileId', element: <Pending titleKey="routes.file_detail" /> },
  { path: 'shared-folder/file/:fileId/file-overwrite', element: <Pending titleKey="routes.file_overwrite" /> },
  { path: 'shared-folder/file/:fileId/update-information', element: <Pending titleKey="routes.file_update_information" /> },
  // Unknown paths fall through to the shell's catch-all not-found page.
  { path: '*', element: <Navigate to="/page-not-found" replace /> },
];

/** `./routes`: the /common-topic/* subtree. */
export default function CommonTopicRoutes() {
  return useRoutes(routes);
}
