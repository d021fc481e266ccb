import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
// Hand-written checks, not zod: the shell starts the bus at start-up (see ./check.ts). The check
// of the client's messages, which only the API runs, is in ./realtime-server.ts (not shipped to
// browsers).
import { finiteNumber, record, ShapeError, string, validator } from './check';
import type { TopicComment } from './schemas/topics';

/**
 * Realtime events for the browser. The shell creates one bus and shares it (Module Federation
 * singleton) so every remote subscribes to the same connection.
 *
 * Transports sit behind `RealtimeBus`: the API's own WebSocket (below) is the default. With
 * Firebase realtime configured the shell loads the Firestore transport (apps/shell
 * realtime-firestore.ts, a lazy chunk with the firebase SDK): it listens on the spec's
 * collections (`userIds array-contains me`, createdAt within the last minute) and feeds its
 * events and status into the WebSocket bus object through `emit` and `status`, which then never
 * starts its socket (unless Firebase fails). Callers never learn which transport is running.
 */

/** An event for the current user; `kind` is a dotted name such as `settings.updated`. */
export interface RealtimeEvent {
  kind: string;
  payload?: unknown;
  /** Epoch ms when the server published it (the spec's one-minute live window uses it). */
  at: number;
}

/**
 * Topic engine events, sent to everyone who can read the topic (group members; for a common
 * topic the members of its destination groups and its author; before delivery only the author)
 * so their open pages can invalidate the lists, details and comments they hold. Group topics
 * use `topic.<action>`, common topics `common-topic.<action>`; the payload is TopicEventPayload.
 */
export const TOPIC_EVENT_ACTIONS = [
  'created',
  'updated',
  'delivered',
  'comment.added',
  'comment.deleted',
  'liked',
  'comment.liked',
] as const;
export type TopicEventAction = (typeof TOPIC_EVENT_ACTIONS)[number];
export type TopicEventKind = `topic.${TopicEventAction}` | `common-topic.${TopicEventAction}`;

export interface TopicEventPayload {
  /** null for a common topic. */
  group_id: number | null;
  topic_id: number;
  /** Set for the comment.* actions. */
  comment_id?: number;
  /**
   * `liked` on a topic whose likers every reader sees: who liked it or took the like back, so an
   * open detail updates without asking the server again. Absent when likers are hidden (their
   * names must not reach other readers): then the detail is fetched anew.
   */
  like?: TopicLikeChange;
  /**
   * `comment.added` of a comment that names its author: the comment as every other reader sees
   * it (not liked, no likes, `is_own` false), so open comment pages add it instead of reloading.
   * Absent for an anonymous comment (only its author may know it is theirs): pages reload.
   */
  comment?: TopicComment;
}

export interface TopicLikeChange {
  user: { id: number; name: string };
  on: boolean;
}

export function topicEventKind(groupId: number | null, action: TopicEventAction): TopicEventKind {
  return `${groupId === null ? 'common-topic' : 'topic'}.${action}`;
}

/** Every topic event kind, for subscribing to all of them. */
export const TOPIC_EVENT_KINDS: readonly TopicEventKind[] = TOPIC_EVENT_ACTIONS.flatMap((a) => [
  topicEventKind(1, a),
  topicEventKind(null, a),
]);

function readEvent(v: unknown, path: string): RealtimeEvent {
  const o = record(v, path);
  const event: RealtimeEvent = { kind: string(o.kind, `${path}.kind`, 1), at: finiteNumber(o.at, `${path}.at`) };
  if ('payload' in o) event.payload = o.payload;
  return event;
}

/** Wire protocol of GET /service/api/v1/realtime (WebSocket). */
export const REALTIME_PATH = '/realtime';
/** Close code for a failed or missing auth message; the close reason is the error code. */
export const REALTIME_CLOSE_UNAUTHORIZED = 4401;
/** The server waits this long for the first auth message. */
export const REALTIME_AUTH_TIMEOUT_MS = 10_000;

/**
 * Client messages. `auth` first (and again with a refreshed token). `subscribe` says the page
 * shows that topic: the detail of its likes and comments goes only to sockets that subscribed
 * and to the people the change concerns (its author, a replied-to comment's author); the server
 * grants it only for a topic the user may read and answers `subscribed` (ok false: refused).
 */
export type RealtimeClientMessage =
  | { type: 'auth'; token: string }
  | { type: 'subscribe'; topic_id: number }
  | { type: 'unsubscribe'; topic_id: number };

/** A topic id in a socket message (both directions). */
export function topicId(v: unknown): number {
  const n = finiteNumber(v, 'topic_id');
  if (!Number.isInteger(n) || n < 1) throw new ShapeError('topic_id', 'a positive integer');
  return n;
}

/**
 * `resync`: events may have passed this socket unsent (the server's fan-out between its
 * processes dropped or came back); the bus hands its subscribers a `REALTIME_RESYNC` event and
 * pages refetch what they show, as after a reconnect.
 */
export type RealtimeServerMessage =
  | { type: 'ready' }
  | { type: 'resync' }
  | { type: 'event'; event: RealtimeEvent }
  | { type: 'subscribed'; topic_id: number; ok: boolean };

/** The event kind a bus dispatches when the server says events may have been missed. */
export const REALTIME_RESYNC = 'realtime.resync';

export const realtimeServerMessageSchema = validator((v): RealtimeServerMessage => {
  const o = record(v, '');
  if (o.type === 'ready') return { type: 'ready' };
  if (o.type === 'resync') return { type: 'resync' };
  if (o.type === 'event') return { type: 'event', event: readEvent(o.event, 'event') };
  if (o.type === 'subscribed') return { type: 'subscribed', topic_id: topicId(o.topic_id), ok: o.ok === true };
  throw new ShapeError('type', "'ready', 'resync', 'event' or 'subscribed'");
});

/**
 * Topics the page shows, shared by every remote through this singleton module: a topic page
 * calls `viewTopic(id)` while it is open and the bus tells the server (again after each
 * reconnect). Counted, so two views of one topic keep it until both are gone.
 */
const viewed = new Map<number, number>();
const viewListeners = new Set<(topicId: number, on: boolean) => void>();

export function viewTopic(id: number): () => void {
  const n = viewed.get(id) ?? 0;
  viewed.set(id, n + 1);
  if (n === 0) for (const l of viewListeners) l(id, true);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const left = (viewed.get(id) ?? 1) - 1;
    if (left > 0) return void viewed.set(id, left);
    viewed.delete(id);
    for (const l of viewListeners) l(id, false);
  };
}

/** The topics viewed now (tests and the bus's resubscription after a reconnect). */
export function viewedTopics(): number[] {
  return [...viewed.keys()];
}

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

export interface RealtimeBus {
  /** `kind` '*' receives every event. Returns the unsubscribe function. */
  subscribe(kind: string, handler: (event: RealtimeEvent) => void): () => void;
  start(): void;
  stop(): void;
  status: ReadableAtom<RealtimeStatus>;
}

/** The subset of the DOM WebSocket the bus uses, so tests can pass a fake. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}
export type WebSocketCtor = new (url: string) => WebSocketLike;

/**
 * The WebSocket bus, which another transport can drive instead of its socket: `emit` hands an
 * event to the subscribers, `status` is writable. The page keeps one bus object either way.
 */
export interface HostBus extends RealtimeBus {
  emit(event: RealtimeEvent): void;
  status: WritableAtom<RealtimeStatus>;
}

export interface WebSocketBusOptions {
  /** Full ws(s):// URL; defaults to the page origin + /service/api/v1/realtime. */
  url?: string;
  getToken: () => string | null;
  /**
   * Calls back when the token may have changed (e.g. `(cb) => $session.listen(cb)`). Without
   * it the bus notices a new token only when it reconnects.
   */
  watchToken?: (onChange: () => void) => () => void;
  /** Told when the server refuses the token, e.g. to trigger an access-token refresh. */
  onAuthFailure?: (code: string) => void;
  WebSocketImpl?: WebSocketCtor;
  /** Backoff: base delay, cap, and the random source (tests pin it). */
  backoff?: { baseMs?: number; maxMs?: number; random?: () => number };
}

const OPEN = 1;

type PageLocation = { protocol: string; host: string };

export function defaultRealtimeUrl(loc: PageLocation = (globalThis as unknown as { location: PageLocation }).location): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${loc.host}/service/api/v1${REALTIME_PATH}`;
}

/** Equal jitter: half the capped exponential delay is fixed, half random, so reconnect storms spread out. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function createWebSocketBus(opts: WebSocketBusOptions): HostBus {
  const Impl = opts.WebSocketImpl ?? (globalThis as unknown as { WebSocket: WebSocketCtor }).WebSocket;
  const baseMs = opts.backoff?.baseMs ?? 1000;
  const maxMs = opts.backoff?.maxMs ?? 30_000;
  const random = opts.backoff?.random ?? Math.random;
  const status = atom<RealtimeStatus>('idle');
  const handlers = new Map<string, Set<(e: RealtimeEvent) => void>>();

  let wanted = false;
  let ws: WebSocketLike | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sentToken: string | null = null;
  /** The token the server refused; retrying with it is pointless until it changes. */
  let refusedToken: string | null = null;
  let unwatch: (() => void) | null = null;
  let unwatchViews: (() => void) | null = null;
  /** The server accepts subscriptions only once the socket is authenticated (after `ready`). */
  let authed = false;

  function sendView(id: number, on: boolean) {
    if (!authed || ws?.readyState !== OPEN) return;
    ws.send(JSON.stringify({ type: on ? 'subscribe' : 'unsubscribe', topic_id: id } satisfies RealtimeClientMessage));
  }

  function dispatch(event: RealtimeEvent) {
    for (const key of [event.kind, '*']) {
      for (const h of handlers.get(key) ?? []) {
        try {
          h(event);
        } catch (err) {
          // One broken subscriber must not starve the others.
          console.error('realtime handler failed', err);
        }
      }
    }
  }

  function clearTimer() {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  function scheduleReconnect() {
    clearTimer();
    if (!wanted) return;
    const delay = backoffDelay(attempt++, baseMs, maxMs, random);
    timer = setTimeout(connect, delay);
  }

  function sendAuth(token: string) {
    if (ws?.readyState !== OPEN) return;
    sentToken = token;
    ws.send(JSON.stringify({ type: 'auth', token } satisfies RealtimeClientMessage));
  }

  function connect() {
    clearTimer();
    if (!wanted || ws) return;
    const token = opts.getToken();
    // No session, or the same token the server already refused: wait for a new one.
    if (!token || token === refusedToken) {
      status.set('closed');
      if (!opts.watchToken) scheduleReconnect();
      return;
    }
    status.set('connecting');
    const sock = new Impl(opts.url ?? defaultRealtimeUrl());
    ws = sock;
    sock.onopen = () => {
      const current = opts.getToken();
      if (current) sendAuth(current);
      else sock.close(1000, 'logged out');
    };
    sock.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      let parsed;
      try {
        parsed = realtimeServerMessageSchema.safeParse(JSON.parse(ev.data));
      } catch {
        return;
      }
      if (!parsed.success) return; // a newer server's message type; ignore rather than break
      if (parsed.data.type === 'ready') {
        attempt = 0;
        refusedToken = null;
        // A re-auth on the same socket answers ready again; the server kept the subscriptions.
        if (!authed) {
          authed = true;
          for (const id of viewedTopics()) sendView(id, true);
        }
        status.set('open');
      } else if (parsed.data.type === 'event') {
        dispatch(parsed.data.event);
      } else if (parsed.data.type === 'resync' && authed) {
        dispatch({ kind: REALTIME_RESYNC, at: Date.now() });
      }
    };
    sock.onerror = () => {
      // onclose follows and decides what to do.
    };
    sock.onclose = (ev) => {
      if (ws !== sock) return;
      ws = null;
      authed = false;
      if (ev.code === REALTIME_CLOSE_UNAUTHORIZED) {
        refusedToken = sentToken;
        opts.onAuthFailure?.(ev.reason);
      }
      sentToken = null;
      if (!wanted) return;
      status.set('closed');
      scheduleReconnect();
    };
  }

  function onTokenChange() {
    if (!wanted) return;
    const token = opts.getToken();
    if (!token) {
      // Logged out: drop the connection; a later login reconnects through this same path.
      if (ws) {
        const sock = ws;
        ws = null;
        authed = false;
        sock.close(1000, 'logged out');
      }
      clearTimer();
      status.set('closed');
      return;
    }
    if (ws && ws.readyState === OPEN && sentToken !== token) sendAuth(token);
    else if (!ws && token !== refusedToken) {
      attempt = 0;
      connect();
    }
  }

  return {
    status,
    emit: dispatch,
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
      attempt = 0;
      unwatch = opts.watchToken?.(onTokenChange) ?? null;
      viewListeners.add(sendView);
      unwatchViews = () => viewListeners.delete(sendView);
      connect();
    },
    stop() {
      wanted = false;
      clearTimer();
      unwatch?.();
      unwatch = null;
      unwatchViews?.();
      unwatchViews = null;
      const sock = ws;
      ws = null;
      authed = false;
      sentToken = null;
      refusedToken = null;
      sock?.close(1000, 'stopped');
      status.set('idle');
    },
  };
}

export {
  realtimeReactionOwners,
  registerRealtimeReactions,
  routeRealtimeReactions,
  type RealtimeReactions,
  type RealtimeSubscriber,
} from './realtime-reactions';
