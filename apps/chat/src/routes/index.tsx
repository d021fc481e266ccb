import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { Pending } from './Pending';

/** Spec section 2, relative to /chat/* where the shell mounts this remote. */
export const routes: RouteObject[] = [
  // Spec section 2: /chat redirects to list.
  { index: true, element: <Navigate to="list" replace /> },
  { path: 'list', element: <Pending titleKey="routes.list" /> },
  { path: 'detail/:groupChatId', element: <Pending titleKey="routes.detail" /> },
  // Unknown paths fall through to the shell's catch-all not-found page.
  { path: '*', element: <Navigate to="/page-not-found" replace /> },
];

/** `./routes`: the /chat/* subtree. */
export default function ChatRoutes() {
  return useRoutes(routes);
}
