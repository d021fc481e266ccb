import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { lazyPage } from '@portal/ui/kit';
import UnreadPage from './UnreadPage';

// Unread is where people land (the bell); the other lists and the administrator's news editor
// load when opened.
const FavouritePage = lazyPage(
  () => import('./FavouritePage'),
  (m) => m.default,
);
const LikePage = lazyPage(
  () => import('./LikePage'),
  (m) => m.default,
);
const NewsAdminPage = lazyPage(
  () => import('./news-admin/NewsAdminPage'),
  (m) => m.default,
);

/** Spec section 2, relative to /notification/* where the shell mounts this remote. */
export const routes: RouteObject[] = [
  // Spec section 2: /notification redirects to unread.
  { index: true, element: <Navigate to="unread" replace /> },
  { path: 'unread', element: <UnreadPage /> },
  { path: 'favourite', element: <FavouritePage /> },
  { path: 'like', element: <LikePage /> },
  // Not in the spec's route list: the company administrator's CMS news page.
  { path: 'news-admin', element: <NewsAdminPage /> },
  // Unknown paths fall through to the shell's catch-all not-found page.
  { path: '*', element: <Navigate to="/page-not-found" replace /> },
];

/** `./routes`: the /notification/* subtree. */
export default function NotificationsRoutes() {
  return useRoutes(routes);
}
