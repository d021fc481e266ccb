import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { lazyPage } from '@portal/ui/kit';
import { CommonFeedPage } from './topics/CommonFeedPage';
import { CommonTopicCreatePage, CommonTopicUpdatePage } from './topics/lazy';
import { registerTopicReactions } from '../realtime';

// This remote's cache reactions join the shell's realtime routing as soon as it is loaded.
registerTopicReactions();

// The feed is where people land; the topic detail and the shared folder load when opened.
const CommonTopicDetailPage = lazyPage(
  () => import('./topics/CommonTopicDetailPage'),
  (m) => m.CommonTopicDetailPage,
);
const CommonSharedFolderPage = lazyPage(
  () => import('./shared-folder/CommonSharedFolderPage'),
  (m) => m.CommonSharedFolderPage,
);
const CommonFileDetailPage = lazyPage(
  () => import('./shared-folder/CommonFileDetailPage'),
  (m) => m.CommonFileDetailPage,
);
const CommonFileOverwritePage = lazyPage(
  () => import('./shared-folder/CommonFileEditPages'),
  (m) => m.CommonFileOverwritePage,
);
const CommonFileInfoPage = lazyPage(
  () => import('./shared-folder/CommonFileEditPages'),
  (m) => m.CommonFileInfoPage,
);

/** Spec section 2, relative to /common-topic/* where the shell mounts this remote. */
export const routes: RouteObject[] = [
  // Spec section 2: /common-topic redirects to topics.
  { index: true, element: <Navigate to="topics" replace /> },
  { path: 'topics', element: <CommonFeedPage /> },
  { path: 'topic/:topicId', element: <CommonTopicDetailPage /> },
  { path: 'topic-create', element: <CommonTopicCreatePage /> },
  { path: 'topic-update/:topicId', element: <CommonTopicUpdatePage /> },
  { path: 'shared-folder', element: <CommonSharedFolderPage /> },
  { path: 'shared-folder/file/:fileId', element: <CommonFileDetailPage /> },
  { path: 'shared-folder/file/:fileId/file-overwrite', element: <CommonFileOverwritePage /> },
  { path: 'shared-folder/file/:fileId/update-information', element: <CommonFileInfoPage /> },
  // Unknown paths fall through to the shell's catch-all not-found page.
  { path: '*', element: <Navigate to="/page-not-found" replace /> },
];

/** `./routes`: the /common-topic/* subtree. */
export default function CommonTopicRoutes() {
  return useRoutes(routes);
}
