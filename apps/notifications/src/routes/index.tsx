import { Navigate, useRoutes, type RouteObject } from 'react-router';
import FavouritePage from './FavouritePage';
import LikePage from './LikePage';
import UnreadPage from './UnreadPage';
import NewsAdminPage from './news-admin/NewsAdminPage';

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
