import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { Pending } from './Pending';

/** Spec section 2, relative to /notification/* where the shell mounts this remote. */
export const routes: RouteObject[] = [
  // Spec section 2: /notification redirects to unread.
  { index: true, element: <Navigate to="unread" replace /> },
  { path: 'unread', element: <Pending titleKey="routes.unread" /> },
  { path: 'favourite', element: <Pending titleKey="routes.favourite" /> },
  { path: 'like', element: <Pending titleKey="routes.like" /> },
  // Unknown paths fall through to the shell's catch-all not-found page.
  { path: '*', element: <Navigate to="/page-not-found" replace /> },
];

/** `./routes`: the /notification/* subtree. */
export default function NotificationsRoutes() {
  return useRoutes(routes);
}
