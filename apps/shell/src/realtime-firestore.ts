import { initializeApp, type FirebaseApp } from 'firebase/app';
import { initializeAuth, inMemoryPersistence, onAuthStateChanged, signInWithCustomToken, signOut, type Auth } from 'firebase/auth';
import { collection, getFirestore, onSnapshot, query, where, type DocumentData } from 'firebase/firestore';
import { atom } from 'nanostores';
import type { FirebaseTokenAnswer } from '@portal/api-client/schemas/firebase';
import type { HostBus, RealtimeBus, RealtimeEvent, RealtimeStatus } from '@portal/api-client/realtime';
import { $session } from '@portal/api-client/session';
import { api } from '@portal/api-client/browser';

/**
 * The Firestore realtime transport. Loaded ONLY by dynamic import when the server's
 * POST /realtime/firebase-token answers `firestore`, so the firebase SDK stays out of the shell's
 * start-up chunks. The server mirrors every realtime event into the spec's six collections as
 * `{ userIds, createdAt, kind, payload: JSON string }` (apps/api modules/firebase/firestore.ts).
 */

export type FirestoreGrant = Extract<FirebaseTokenAnswer, { transport: 'firestore' }>;

/** Spec section 9: the listeners ask for what was published within the last minute. */
export const LIVE_WINDOW_MS = 60_000;

export interface FirestoreBusOptions {
  /** A fresh answer of POST /realtime/firebase-token (new custom token). */
  fetchGrant: () => Promise<FirebaseTokenAnswer>;
  /** The answer the shell already holds: the first sign-in uses it instead of asking again. */
  first?: FirestoreGrant;
  /** Sign-in or the listeners failed for good: the caller falls back to the WebSocket. */
  onFailure: (err: unknown) => void;
  now?: () => number;
}

type Handler = (event: RealtimeEvent) => void;

/** A mirror document as an event; null for a shape this client does not understand. */
export function documentToEvent(data: DocumentData): RealtimeEvent | null {
  if (typeof data.kind !== 'string' || !data.kind) return null;
  const created = data.createdAt as { toMillis?: () => number } | undefined;
  const at = typeof created?.toMillis === 'function' ? created.toMillis() : NaN;
  if (!Number.isFinite(at)) return null;
  const event: RealtimeEvent = { kind: data.kind, at };
  if (typeof data.payload === 'string') {
    try {
      event.payload = JSON.parse(data.payload);
    } catch {
      return null;
    }
  }
  return event;
}

const isAuthError = (err: unknown) => /permission-denied|unauthenticated|auth\//.test(String((err as { code?: unknown })?.code ?? ''));

export function createFirestoreBus(opts: FirestoreBusOptions): RealtimeBus {
  const now = opts.now ?? Date.now;
  const status = atom<RealtimeStatus>('idle');
  const handlers = new Map<string, Set<Handler>>();
  /** Document paths already dispatched (a re-attached listener sees the last minute again). */
  const seen = new Map<string, number>();
  let first = opts.first;
  let wanted = false;
  /** Bumped by every (re)connect and stop, so a late answer of an older attempt is ignored. */
  let attempt = 0;
  let app: FirebaseApp | null = null;
  let auth: Auth | null = null;
  let listeners: (() => void)[] = [];
  let offAuth: (() => void) | null = null;
  /** One re-sign-in per failure streak; a second failure in a row gives up. */
  let resigned = false;

  function dispatch(event: RealtimeEvent) {
    for (const key of [event.kind, '*']) {
      for (const h of handlers.get(key) ?? []) {
        try {
          h(event);
        } catch (err) {
          console.error('realtime handler failed', err);
        }
      }
    }
  }

  function firstSight(path: string, at: number): boolean {
    if (seen.has(path)) return false;
    seen.set(path, at);
    // Older than two windows can never come back through the createdAt filter.
    for (const [p, t] of seen) if (t < now() - 2 * LIVE_WINDOW_MS) seen.delete(p);
    return true;
  }

  function detach() {
    listeners.forEach((off) => off());
    listeners = [];
    offAuth?.();
    offAuth = null;
  }

  function fail(mine: number, err: unknown) {
    if (mine !== attempt || !wanted) return;
    if (isAuthError(err) && !resigned) {
      // The custom token or Firebase's own session ran out: sign in again with a fresh one.
      resigned = true;
      void connect();
      return;
    }
    detach();
    wanted = false;
    status.set('closed');
    opts.onFailure(err);
  }

  async function grant(): Promise<FirestoreGrant> {
    const g = first ?? (await opts.fetchGrant());
    first = undefined;
    if (g.transport !== 'firestore') throw new Error('firebase realtime is off on the server');
    return g;
  }

  async function connect() {
    const mine = ++attempt;
    detach();
    status.set('connecting');
    try {
      const g = await grant();
      if (mine !== attempt) return;
      app ??= initializeApp(g.web_config, 'portal-realtime');
      // In memory: the Firebase session must not outlive the portal session in this browser.
      auth ??= initializeAuth(app, { persistence: inMemoryPersistence });
      await signInWithCustomToken(auth, g.token);
      if (mine !== attempt) return;
      const db = getFirestore(app);
      const since = new Date(now() - LIVE_WINDOW_MS);
      const waiting = new Set(g.collections);
      listeners = g.collections.map((name) =>
        onSnapshot(
          query(collection(db, name), where('userIds', 'array-contains', g.uid), where('createdAt', '>', since)),
          (snap) => {
            if (mine !== attempt) return;
            waiting.delete(name);
            if (waiting.size === 0 && status.get() !== 'open') {
              resigned = false;
              status.set('open');
            }
            for (const change of snap.docChanges()) {
              if (change.type !== 'added') continue;
              const event = documentToEvent(change.doc.data());
              if (event && firstSight(change.doc.ref.path, event.at)) dispatch(event);
            }
          },
          (err) => fail(mine, err),
        ),
      );
      // Signed out under us (Firebase could not refresh its ID token): sign in again.
      offAuth = onAuthStateChanged(auth, (user) => {
        if (!user && mine === attempt && wanted) fail(mine, { code: 'auth/signed-out' });
      });
    } catch (err) {
      fail(mine, err);
    }
  }

  return {
    status,
    subscribe(kind, handler) {
      let set = handlers.get(kind);
      if (!set) handlers.set(kind, (set = new Set()));
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(kind);
      };
    },
    start() {
      if (wanted) return;
      wanted = true;
      resigned = false;
      void connect();
    },
    stop() {
      if (!wanted) return;
      wanted = false;
      attempt++;
      detach();
      if (auth) void signOut(auth).catch(() => undefined);
      status.set('idle');
    },
  };
}

/**
 * Runs the Firestore bus in place of the WebSocket's socket: its events and status go into the
 * page's one bus (`host`, whose socket was not started). Stops on logout (the next user gets a
 * token of their own on login); on failure the host's WebSocket starts instead. Returns stop.
 */
export function runFirestore(
  host: HostBus,
  first: FirestoreGrant,
  fetchGrant: () => Promise<FirebaseTokenAnswer> = () => api.call('firebaseToken', {}).then((r) => r.items),
): () => void {
  const offs: (() => void)[] = [];
  const stop = () => {
    offs.splice(0).forEach((off) => off());
    bus.stop();
  };
  const bus = createFirestoreBus({
    first,
    fetchGrant,
    onFailure: () => {
      stop();
      host.start();
    },
  });
  offs.push(
    bus.subscribe('*', host.emit),
    bus.status.listen((s) => host.status.set(s)),
    $session.listen(({ accessToken }) => (accessToken ? bus.start() : bus.stop())),
  );
  bus.start();
  return stop;
}
