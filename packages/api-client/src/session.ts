import { atom, type WritableAtom } from 'nanostores';
import { LIMITS } from './constants';

/**
 * The browser session (spec section 3 "Token holder" and section 4 "Session"): kept in
 * sessionStorage so a closed tab forgets it, and shared with other open tabs through
 * localStorage events (a new tab asks, an existing tab answers, logout is broadcast).
 * This module is a Module Federation singleton: shell and remotes see one store.
 */
export interface SessionUser {
  id: number;
  name: string;
}

export interface Session {
  accessToken: string | null;
  user: SessionUser | null;
  /** Logged in through /email/login: logout goes back there (section 4). */
  emailLogin: boolean;
  /** Epoch ms of the last user activity, for the 86400 s idle logout. */
  lastActivity: number;
}

export const EMPTY_SESSION: Session = { accessToken: null, user: null, emailLogin: false, lastActivity: 0 };

const STORAGE_KEY = 'portal.session';
const ASK_KEY = 'portal.session.ask';
const SHARE_KEY = 'portal.session.share';
const LOGOUT_KEY = 'portal.session.logout';
/** A tab that refreshed hands its new access token to the other tabs of the same user. */
const TOKEN_KEY = 'portal.session.token';
const REFRESH_LOCK = 'portal.session.refresh';

function readStored(): Session {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_KEY);
    if (!raw) return EMPTY_SESSION;
    return { ...EMPTY_SESSION, ...(JSON.parse(raw) as Partial<Session>) };
  } catch {
    return EMPTY_SESSION;
  }
}

export const $session: WritableAtom<Session> = atom<Session>(readStored());

$session.listen((s) => {
  try {
    if (s.accessToken) globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(s));
    else globalThis.sessionStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or disabled (private mode): the session still lives in memory.
  }
});

export function setSession(patch: Partial<Session>): void {
  $session.set({ ...$session.get(), ...patch });
}

export function touchActivity(now = Date.now()): void {
  const s = $session.get();
  // Writing sessionStorage on every mouse move is wasteful; a minute's precision is plenty.
  if (s.accessToken && now - s.lastActivity > 60_000) setSession({ lastActivity: now });
}

export function isIdleExpired(s: Session, now = Date.now()): boolean {
  return !!s.accessToken && s.lastActivity > 0 && now - s.lastActivity > LIMITS.idleLogoutSeconds * 1000;
}

/** Clears this tab's session and tells the other tabs to do the same. */
export function clearSession(broadcast = true): void {
  $session.set(EMPTY_SESSION);
  if (broadcast) {
    try {
      globalThis.localStorage?.setItem(LOGOUT_KEY, String(Date.now()));
      globalThis.localStorage?.removeItem(LOGOUT_KEY);
    } catch {
      // Other tabs will find out on their next 401.
    }
  }
}

/** Tells the other tabs of this user about a refreshed access token, for an instant only. */
function shareToken(token: string): void {
  const user = $session.get().user;
  if (!user) return;
  try {
    globalThis.localStorage?.setItem(TOKEN_KEY, JSON.stringify({ userId: user.id, accessToken: token }));
    globalThis.localStorage?.removeItem(TOKEN_KEY);
  } catch {
    // The other tabs refresh on their own (the server's rotation grace covers a near-tie).
  }
}

type LockManager = { request<T>(name: string, fn: () => Promise<T>): Promise<T> };

/**
 * The token store the API client reads and writes. The refresh cookie is HttpOnly (the page never
 * sees it) and rotates on every use, and all tabs share it: `exclusive` runs one tab's refresh at
 * a time (Web Locks), and a refreshed token is handed to the other tabs, so a tab that waited
 * finds a fresh token instead of spending the cookie again.
 */
export const sessionTokens = {
  getAccessToken: () => $session.get().accessToken,
  setAccessToken: (token: string | null) => {
    const changed = token !== $session.get().accessToken;
    setSession({ accessToken: token });
    if (token && changed) shareToken(token);
  },
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
    return locks ? locks.request(REFRESH_LOCK, fn) : fn();
  },
};

/**
 * Starts cross-tab sharing. Returns a stop function. A tab that opens without a session asks the
 * others; one that has a session answers by writing it to localStorage for an instant (the
 * storage event carries it) and removing it again so it never rests on disk.
 */
export function startSessionSync(win: Window = window): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === ASK_KEY && e.newValue && $session.get().accessToken) {
      win.localStorage.setItem(SHARE_KEY, JSON.stringify($session.get()));
      win.localStorage.removeItem(SHARE_KEY);
    } else if (e.key === SHARE_KEY && e.newValue && !$session.get().accessToken) {
      try {
        $session.set({ ...EMPTY_SESSION, ...(JSON.parse(e.newValue) as Partial<Session>) });
      } catch {
        // A malformed share is ignored; the user logs in again.
      }
    } else if (e.key === TOKEN_KEY && e.newValue) {
      try {
        const shared = JSON.parse(e.newValue) as { userId?: unknown; accessToken?: unknown };
        const mine = $session.get();
        if (mine.accessToken && mine.user?.id === shared.userId && typeof shared.accessToken === 'string')
          setSession({ accessToken: shared.accessToken });
      } catch {
        // Ignored: this tab refreshes by itself when it needs to.
      }
    } else if (e.key === LOGOUT_KEY && e.newValue) {
      clearSession(false);
    }
  };
  win.addEventListener('storage', onStorage);
  if (!$session.get().accessToken) {
    win.localStorage.setItem(ASK_KEY, String(Date.now()));
    win.localStorage.removeItem(ASK_KEY);
  }
  return () => win.removeEventListener('storage', onStorage);
}
