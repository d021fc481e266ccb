import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { ChatPage } from './ChatPage';
import { registerChatReactions } from '../realtime';

// This remote's cache reactions join the shell's realtime routing as soon as it is loaded.
registerChatReactions();

/** Spec section 2, relative to /chat/* where the shell mounts this remote. */
export const routes: RouteObject[] = [
  // Spec section 2: /chat redirects to list.
  { index: true, element: <Navigate to="list" replace /> },
  { path: 'list', element: <ChatPage detail={false} /> },
  { path: 'detail/:groupChatId', element: <ChatPage detail /> },
  // Unknown paths fall through to the shell's catch-all not-found page.
  { path: '*', element: <Navigate to="/page-not-found" replace /> },
];

/** `./routes`: the /chat/* subtree. */
export default function ChatRoutes() {
  return useRoutes(routes);
}
