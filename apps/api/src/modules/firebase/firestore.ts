import { randomBytes } from 'node:crypto';
import { authorizedFetch } from './access-token';
import type { FirebaseConfig } from './config';
import { type BusLogger, type ServerBus, SESSION_CHANGED_EVENT } from '../../kernel';

/**
 * The Firestore mirror of the realtime bus, over the Firestore REST API (documents:commit and
 * documents:runQuery) with the service account's access token. Not the `firebase` SDK: that is
 * a client SDK (it signs in as an end user and writes over a streaming WebChannel that no Node
 * stand-in serves), and firebase-admin brings gRPC and google-auth-library for two calls.
 */

type Value = { stringValue: string } | { integerValue: string } | { timestampValue: string } | { arrayValue: { values?: Value[] } };

const root = (fb: FirebaseConfig) => `projects/${fb.projectId}/databases/(default)/documents`;
const api = (fb: FirebaseConfig, method: string) => `${fb.firestoreUrl}/v1/${root(fb)}:${method}`;

async function call(fb: FirebaseConfig, method: string, body: unknown): Promise<unknown> {
  const res = await authorizedFetch(fb, api(fb, method), body);
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`firestore: ${method} answered ${res.status}`);
  }
  return res.json();
}

export async function commit(fb: FirebaseConfig, writes: unknown[]): Promise<void> {
  if (writes.length > 0) await call(fb, 'commit', { writes });
}

export interface FoundDocument {
  name: string;
  fields: Record<string, Value>;
}

/** runQuery streams one JSON array entry per document (plus entries with only a readTime). */
export async function runQuery(fb: FirebaseConfig, structuredQuery: unknown): Promise<FoundDocument[]> {
  const rows = (await call(fb, 'runQuery', { structuredQuery })) as { document?: FoundDocument }[];
  return rows.flatMap((r) => (r.document ? [r.document] : []));
}

/**
 * The spec's collections (section 4: group chats, messages, unread, like and comment
 * notifications), each a listener of its own on the client; anything else (settings, news,
 * group changes) goes to `<prefix>_events`. FIREBASE_FIRESTORE_COLLECTION is the prefix.
 */
export const COLLECTION_SUFFIXES = [
  'group_chats',
  'messages',
  'unread_notifications',
  'like_notifications',
  'comment_notifications',
  'events',
] as const;

export function collectionFor(prefix: string, kind: string): string {
  const suffix = /(^|\.)liked$/.test(kind)
    ? 'like_notifications'
    : kind.startsWith('chat.message')
      ? 'messages'
      : kind.startsWith('chat.')
        ? 'group_chats'
        : /(^|\.)comment\./.test(kind)
          ? 'comment_notifications'
          : kind.startsWith('notification.')
            ? 'unread_notifications'
            : 'events';
  return `${prefix}_${suffix}`;
}

/**
 * One event as a document: `userIds` holds the recipients as strings because a Firebase client
 * listens with its auth uid (a string; a custom token made with the portal's user id) in
 * `where('userIds', 'array-contains', uid)`, and security rules can test `request.auth.uid in
 * resource.data.userIds`. `createdAt` is a timestamp for the spec's last-minute filter. The
 * payload is a JSON string: Firestore maps refuse some JSON shapes (arrays inside arrays).
 */
export function eventDocument(fb: FirebaseConfig, userIds: number[], kind: string, payload: unknown, at: number) {
  const id = `${at.toString(36)}-${randomBytes(8).toString('hex')}`;
  return {
    update: {
      name: `${root(fb)}/${collectionFor(fb.firestoreCollection!, kind)}/${id}`,
      fields: {
        userIds: { arrayValue: { values: userIds.map((u) => ({ stringValue: String(u) })) } },
        createdAt: { timestampValue: new Date(at).toISOString() },
        kind: { stringValue: kind },
        payload: { stringValue: JSON.stringify(payload ?? null) },
      },
    },
    // A create, never an overwrite of another event's document.
    currentDocument: { exists: false },
  };
}

/** Deletes every mirror document older than the live window; returns how many went. */
export async function sweepFirestore(fb: FirebaseConfig, now: number): Promise<number> {
  let removed = 0;
  for (const suffix of COLLECTION_SUFFIXES) removed += await sweepCollection(fb, `${fb.firestoreCollection!}_${suffix}`, now);
  return removed;
}

async function sweepCollection(fb: FirebaseConfig, collectionId: string, now: number): Promise<number> {
  const batch = 300;
  let removed = 0;
  // Bounded so one run cannot spin forever against a store that refuses deletes.
  for (let round = 0; round < 50; round++) {
    const old = await runQuery(fb, {
      from: [{ collectionId }],
      where: {
        fieldFilter: {
          field: { fieldPath: 'createdAt' },
          op: 'LESS_THAN',
          value: { timestampValue: new Date(now - fb.liveWindowMs).toISOString() },
        },
      },
      select: { fields: [{ fieldPath: '__name__' }] },
      limit: batch,
    });
    await commit(
      fb,
      old.map((d) => ({ delete: d.name })),
    );
    removed += old.length;
    if (old.length < batch) break;
  }
  return removed;
}

/**
 * The bus plus a Firestore write per event, made by the process that publishes (so once per
 * event however many processes share the Redis fan-out). The write is not awaited by publish:
 * like the WebSocket, the mirror is a hint on top of committed data and must neither slow nor
 * fail the request; failures are logged without the document. close() and flush() wait for
 * writes in flight.
 */
export function withFirestoreMirror(inner: ServerBus, fb: FirebaseConfig, now: () => number, log: BusLogger): ServerBus {
  const pending = new Set<Promise<void>>();
  const flush = async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
  return {
    async publish(userIds, event) {
      await inner.publish(userIds, event);
      // session.changed tells the API processes' caches to forget a user; no client acts on it.
      if (userIds.length === 0 || event.kind === SESSION_CHANGED_EVENT) return;
      const write = commit(fb, [eventDocument(fb, userIds, event.kind, event.payload, now())])
        .catch((err: unknown) => log.warn({ err: (err as Error).message, kind: event.kind }, 'realtime: firestore mirror write failed'))
        .finally(() => pending.delete(write));
      pending.add(write);
    },
    subscribe: (handler) => inner.subscribe(handler),
    ready: () => inner.ready?.() ?? Promise.resolve(),
    // The caches and the realtime plugin follow the inner bus's state through these.
    ...(inner.listening ? { listening: () => inner.listening!() } : {}),
    ...(inner.onResume ? { onResume: (fn: () => void) => inner.onResume!(fn) } : {}),
    ...(inner.onDrop ? { onDrop: (fn: () => void) => inner.onDrop!(fn) } : {}),
    flush,
    async close() {
      await Promise.race([flush(), new Promise((r) => setTimeout(r, 5_000).unref())]);
      await inner.close();
    },
  };
}
