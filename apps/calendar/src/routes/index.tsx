import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { lazyPage } from '@portal/ui/kit';
import '../calendar.css';
import { CalendarPage } from './CalendarPage';
import { registerCalendarReactions } from '../realtime';

// This remote's cache reactions join the shell's realtime routing as soon as it is loaded.
registerCalendarReactions();

// The views are where people land; the event page and the event form (member and place
// pickers, repeat rules) load when opened.
const EventPage = lazyPage(
  () => import('./EventPage'),
  (m) => m.EventPage,
);
const CreateEventPage = lazyPage(
  () => import('./EventFormPage'),
  (m) => m.CreateEventPage,
);
const EditEventPage = lazyPage(
  () => import('./EventFormPage'),
  (m) => m.EditEventPage,
);

/** Spec section 2, relative to /calendar/* where the shell mounts this remote. */
export const routes: RouteObject[] = [
  // Spec section 2: /calendar redirects to list.
  { index: true, element: <Navigate to="list" replace /> },
  { path: 'list', element: <CalendarPage view="list" /> },
  { path: 'day', element: <CalendarPage view="day" /> },
  { path: 'week', element: <CalendarPage view="week" /> },
  { path: 'month', element: <CalendarPage view="month" /> },
  { path: 'create', element: <CreateEventPage /> },
  { path: ':id', element: <EventPage /> },
  { path: ':id/edit', element: <EditEventPage /> },
  // Unknown paths fall through to the shell's catch-all not-found page.
  { path: '*', element: <Navigate to="/page-not-found" replace /> },
];

/** `./routes`: the /calendar/* subtree. */
export default function CalendarRoutes() {
  return useRoutes(routes);
}
