import { startTransition, useEffect, useState } from 'react';
import { $session } from '@portal/api-client/session';

/**
 * The session's access token for route guards, with changes rendered in a transition.
 *
 * Read through useSyncExternalStore (nanostores' useStore), a token arriving while React renders
 * a transition (another tab shares its session during a new tab's first render) makes
 * React drop the sliced render and redo the whole tree, layout and home, in one blocking task.
 * The guards only pick which page to show, so a render late by a few frames costs nothing; a
 * token changed between this render and the effect is caught by the effect's first read.
 */
export function useSessionToken(): string | null {
  const [token, setToken] = useState(() => $session.get().accessToken);
  useEffect(() => {
    const follow = (next: string | null) => startTransition(() => setToken(next));
    follow($session.get().accessToken);
    return $session.listen((s) => follow(s.accessToken));
  }, []);
  return token;
}
