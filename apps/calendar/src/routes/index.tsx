import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { Pending } from './Pending';

/** Spec section 2, relative to /calendar/* where the shell mounts this remote. */
export const routes: RouteObject[] = [
  // Spec section 2: /calendar redirects to list.
  { index: true, element: <Navigate to="list" replace /> },
  { path: 'list', element: <Pending titleKey="routes.list" /> },
  { path: 'day', element: <Pending titleKey="routes.day" /> },
  { path: 'week', element: <Pending titleKey="routes.week" /> },
  { path: 'month', element: <Pending titleKey="routes.month" /> },
  { path: 'create', element: <Pending titleKey="routes.create" /> },
  { path: ':id', element: <Pending titleKey="routes.preview" /> },
  { path: ':id/edit', element: <Pending titleKey="routes.edit" /> },
  // Unknown paths fall through to the shell's catch-all not-found page.
  { path: '*', element: <Navigate to="/page-not-found" replace /> },
];

/** `./routes`: the /calendar/* subtree. */
export default function CalendarRoutes() {
  return useRoutes(routes);
}
