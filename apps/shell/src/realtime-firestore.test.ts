import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '@portal/api-client/realtime';

/**
 * The Firestore transport with the firebase SDK replaced by a fake (it is Google's network SDK;
 * no browser-capable Firestore emulator runs here). The fake records each listener's query and
 * lets the test deliver snapshots and errors.
 */
interface Listener {
  collection: string;
  filters: [string, string, unknown][];
  next: (snap: unknown) => void;
  error: (err: unknown) => void;
  active: boolean;
}
const sdk = vi.hoisted(() => ({
  listeners: [] as Listener[],
  signIns: [] as string[],
  signInError: null as unknown,
  signOuts: 0,
  authWatchers: [] as ((user: unknown) => void)[],
}));

vi.mock('firebase/app', () => ({ initializeApp: vi.fn((config: unknown, name: string) => ({ config, name })) }));
vi.mock('firebase/auth', () => ({
  inMemoryPersistence: { type: 'NONE' },
  initializeAuth: vi.fn(() => ({ auth: true })),
  signInWithCustomToken: vi.fn(async (_auth: unknown, token: string) => {
    sdk.signIns.push(token);
    if (sdk.signInError) throw sdk.signInError;
    return { user: { uid: '7' } };
  }),
  signOut: vi.fn(async () => {
    sdk.signOuts++;
  }),
  onAuthStateChanged: vi.fn((_auth: unknown, cb: (u: unknown) => void) => {
    sdk.authWatchers.push(cb);
    return () => sdk.authWatchers.splice(sdk.authWatchers.indexOf(cb), 1);
  }),
}));
vi.mock('firebase/firestore', () => ({
  getFirestore: vi.fn(() => ({ db: true })),
  collection: (_db: unknown, name: string) => ({ name }),
  where: (field: string, op: string, value: unknown) => [field, op, value],
  query: (c: { name: string }, ...filters: [string, string, unknown][]) => ({ collection: c.name, filters }),
  onSnapshot: (q: { collection: string; filters: [string, string, unknown][] }, next: Listener['next'], error: Listener['error']) => {
    const l: Listener = { ...q, next, error, active: true };
    sdk.listeners.push(l);
    return () => (l.active = false);
  },
}));

const { createFirestoreBus, documentToEvent, LIVE_WINDOW_MS, runFirestore } = await import('./realtime-firestore');
const { $session, EMPTY_SESSION } = await import('@portal/api-client/session');
const { atom } = await import('nanostores');

const NOW = Date.UTC(2026, 10, 25, 4, 0, 0);
const COLLECTIONS = ['group_chats', 'messages', 'unread_notifications', 'like_notifications', 'comment_notifications', 'events'].map(
  (s) => `pr_${s}`,
);
const grant = (token = 'custom-1') => ({
  transport: 'firestore' as const,
  uid: '7',
  token,
  expires_at: NOW + 3_600_000,
  collection_prefix: 'pr',
  collections: COLLECTIONS,
  web_config: { apiKey: 'k', authDomain: 'p.firebaseapp.com', projectId: 'p' },
});
const ts = (ms: number) => ({ toMillis: () => ms });
const doc = (path: string, data: Record<string, unknown>) => ({ type: 'added', doc: { ref: { path }, data: () => data } });
const snap = (...changes: unknown[]) => ({ docChanges: () => changes });
const flush = () => new Promise((r) => setTimeout(r, 0));
const active = () => sdk.listeners.filter((l) => l.active);

beforeEach(() => {
  sdk.listeners.length = 0;
  sdk.signIns.length = 0;
  sdk.signInError = null;
  sdk.signOuts = 0;
  sdk.authWatchers.length = 0;
});
afterEach(() => vi.clearAllMocks());

async function started(over: Partial<Parameters<typeof createFirestoreBus>[0]> = {}) {
  const onFailure = vi.fn();
  const fetchGrant = vi.fn(async () => grant('custom-2'));
  const bus = createFirestoreBus({ first: grant(), fetchGrant, onFailure, now: () => NOW, ...over });
  const events: RealtimeEvent[] = [];
  bus.subscribe('*', (e) => events.push(e));
  bus.start();
  await flush();
  return { bus, events, onFailure, fetchGrant };
}

describe('Firestore realtime transport', () => {
  it('signs in with the custom token and listens on all six collections with the spec filters', async () => {
    const { bus, fetchGrant } = await started();
    expect(sdk.signIns).toEqual(['custom-1']);
    expect(fetchGrant).not.toHaveBeenCalled(); // the shell's answer is used first
    expect(sdk.listeners.map((l) => l.collection)).toEqual(COLLECTIONS);
    for (const l of sdk.listeners) {
      expect(l.filters).toEqual([
        ['userIds', 'array-contains', '7'],
        ['createdAt', '>', new Date(NOW - LIVE_WINDOW_MS)],
      ]);
    }
    expect(bus.status.get()).toBe('connecting');
    sdk.listeners.forEach((l) => l.next(snap()));
    expect(bus.status.get()).toBe('open');
  });

  it('maps added documents to events and drops duplicates', async () => {
    const { events } = await started();
    const chat = doc('pr_messages/a1', { kind: 'chat.message', createdAt: ts(NOW - 5), payload: '{"chat_id":3}', userIds: ['7'] });
    sdk.listeners[1]!.next(snap(chat, doc('pr_events/x', { kind: 'settings.updated', createdAt: ts(NOW - 4) })));
    // The same document again (a listener re-attached), a modification, a broken payload.
    sdk.listeners[1]!.next(
      snap(chat, { ...chat, type: 'modified' }, doc('pr_messages/bad', { kind: 'chat.message', createdAt: ts(NOW), payload: '{' })),
    );
    expect(events).toEqual([
      { kind: 'chat.message', payload: { chat_id: 3 }, at: NOW - 5 },
      { kind: 'settings.updated', at: NOW - 4 },
    ]);
    expect(documentToEvent({ createdAt: ts(NOW) })).toBeNull();
  });

  it('signs in again with a fresh token when Firebase refuses the old one, once', async () => {
    const { bus, fetchGrant, onFailure } = await started();
    sdk.listeners[0]!.error({ code: 'permission-denied' });
    sdk.listeners[3]!.error({ code: 'permission-denied' }); // every listener fails at once
    await flush();
    expect(fetchGrant).toHaveBeenCalledTimes(1);
    expect(sdk.signIns).toEqual(['custom-1', 'custom-2']);
    expect(active().length).toBe(6);
    active().forEach((l) => l.next(snap()));
    expect(bus.status.get()).toBe('open');
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('gives up (the shell falls back to the WebSocket) when sign-in fails or a listener breaks', async () => {
    sdk.signInError = { code: 'auth/invalid-custom-token' };
    const a = await started();
    await flush();
    expect(a.onFailure).toHaveBeenCalledTimes(1);
    expect(a.bus.status.get()).toBe('closed');
    sdk.signInError = null;
    sdk.listeners.length = 0;
    const b = await started();
    sdk.listeners[2]!.error({ code: 'failed-precondition' }); // e.g. the composite index is missing
    expect(b.onFailure).toHaveBeenCalledTimes(1);
    expect(active()).toEqual([]);
  });

  it('stops its listeners and signs out on stop', async () => {
    const { bus } = await started();
    bus.stop();
    expect(active()).toEqual([]);
    expect(sdk.signOuts).toBe(1);
    expect(bus.status.get()).toBe('idle');
  });
});

describe('the Firestore transport drives the page bus', () => {
  const hostBus = () => ({ emit: vi.fn(), start: vi.fn(), stop: vi.fn(), subscribe: vi.fn(), status: atom('idle') });

  it('hands its events and status to the bus, stops on logout, and on failure starts the socket', async () => {
    $session.set({ ...EMPTY_SESSION, accessToken: 'a1' });
    const host = hostBus();
    const stop = runFirestore(host as never, grant(), async () => grant('custom-2'));
    await flush();
    sdk.listeners.forEach((l) => l.next(snap()));
    expect(host.status.get()).toBe('open');
    sdk.listeners[5]!.next(snap(doc('pr_events/n', { kind: 'notification.news', createdAt: ts(NOW) })));
    expect(host.emit).toHaveBeenCalledWith({ kind: 'notification.news', at: NOW });
    $session.set(EMPTY_SESSION);
    expect(active()).toEqual([]);
    // The next login asks for a token of its own; this time sign-in fails: the socket takes over.
    sdk.signInError = { code: 'auth/network-request-failed' };
    $session.set({ ...EMPTY_SESSION, accessToken: 'b1' });
    await flush();
    expect(sdk.signIns).toEqual(['custom-1', 'custom-2', 'custom-2']); // one retry with a fresh token, then give up
    expect(host.start).toHaveBeenCalledTimes(1);
    stop();
    $session.set(EMPTY_SESSION);
  });
});
