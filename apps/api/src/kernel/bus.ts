import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** An event for some users; `kind` is a dotted name such as `settings.updated`. */
export interface RealtimeEvent {
  kind: string;
  payload: unknown;
  /** Epoch ms when published; clients use it for the one-minute live window. */
  at: number;
  /**
   * A topic id: the event also goes to every socket that subscribed to that topic (the page
   * shows it; the plugin granted it), besides the sockets of the addressed users. Not sent on.
   */
  viewers?: number;
}

/**
 * Server-side fan-out: any module publishes to user ids, every API process delivers to the
 * sockets it holds for those users. In-process by default; through Redis when REDIS_URL is set.
 */
export interface ServerBus {
  publish(userIds: number[], event: Omit<RealtimeEvent, 'at'>): Promise<void>;
  /** Receives every event published by any process (including this one). */
  subscribe(handler: (userIds: number[], event: RealtimeEvent) => void): () => void;
  /**
   * Resolves once events published by other processes reach this one (the Redis subscription
   * is live). Optional so a bus without a remote side need not implement it.
   */
  ready?(): Promise<void>;
  /**
   * Whether this process is hearing the other processes right now, and a callback for each time
   * it starts hearing them again (a reconnect): what was published in between is lost. Caches
   * that other processes drop through the bus reuse nothing while it is false and empty
   * themselves on `onResume` (db/user-cache.ts). A bus without a remote side need not implement it.
   */
  listening?(): boolean;
  onResume?(fn: () => void): () => void;
  /**
   * Called when this process stops hearing the others (Redis dropped): until `onResume`, events
   * of other processes do not arrive, so open pages are told to catch up (the realtime plugin).
   */
  onDrop?(fn: () => void): () => void;
  /** Waits for side writes still in flight (the Firestore mirror); tests and shutdown use it. */
  flush?(): Promise<void>;
  close(): Promise<void>;
}

export interface BusLogger {
  warn(obj: unknown, msg?: string): void;
}

export const REDIS_CHANNEL = 'portal:events';

/** In-process bus; the Redis transport replaces it when configured (see createBus). */
export function createInProcessBus(): ServerBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(userIds, event) {
      emitter.emit('event', userIds, { ...event, at: Date.now() });
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    async ready() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

interface WireMessage {
  userIds: number[];
  event: RealtimeEvent;
  /** The publishing bus: it delivered the event to its own subscribers already. */
  origin?: string;
}

/**
 * A process whose publishes failed while it could still hear the bus (its publisher connection
 * alone was down) says so once it can publish again: every process treats it as a resume, since
 * events of that process may have passed unheard.
 */
export const BUS_RESYNC_KIND = 'bus.resync';

function parseWire(raw: string): WireMessage | null {
  try {
    const m = JSON.parse(raw) as Partial<WireMessage> | null;
    if (!m || !Array.isArray(m.userIds) || !m.event || typeof m.event.kind !== 'string') return null;
    if (!m.userIds.every((id) => Number.isInteger(id))) return null;
    const event: RealtimeEvent = { kind: m.event.kind, payload: m.event.payload, at: Number(m.event.at) };
    if (Number.isInteger(m.event.viewers)) event.viewers = m.event.viewers;
    return { userIds: m.userIds, event, ...(typeof m.origin === 'string' ? { origin: m.origin } : {}) };
  } catch {
    return null;
  }
}

/**
 * Pub/sub over Redis so N API processes act as one: a subscriber connection cannot issue other
 * commands, hence two connections. ioredis reconnects and re-subscribes by itself after a Redis
 * restart (autoResubscribe). A process delivers its own events to its own subscribers directly,
 * not through Redis, so its sockets stay live while Redis is away; what other processes published
 * meanwhile is lost, and `onDrop`/`onResume` tell the realtime plugin to have pages catch up.
 */
export function createRedisBus(opts: { redisUrl: string; logger?: BusLogger; channel?: string }): ServerBus {
  const channel = opts.channel ?? REDIS_CHANNEL;
  const log: BusLogger = opts.logger ?? { warn: (obj, msg) => console.warn(msg ?? '', obj) };
  // A publish must not hold an HTTP request hostage while Redis is down: fail fast instead of
  // queueing commands until it returns.
  // Reconnect attempts at most every 500 ms (ioredis's default backs off to 2 s): pages catch up
  // when the bus is back, and they should not wait seconds for it.
  const retryStrategy = (times: number) => Math.min(times * 50, 500);
  const publisher = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy });
  const subscriber = new Redis(opts.redisUrl, { maxRetriesPerRequest: null, retryStrategy });
  const handlers = new Set<(userIds: number[], event: RealtimeEvent) => void>();
  const origin = randomUUID();
  let closed = false;

  const deliver = (userIds: number[], event: RealtimeEvent) => {
    for (const h of handlers) {
      try {
        h(userIds, event);
      } catch (err) {
        log.warn({ err }, 'realtime: subscriber handler failed');
      }
    }
  };

  for (const [name, conn] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    // Without an error listener ioredis prints every failed reconnect as an unhandled error.
    conn.on('error', (err: Error) => log.warn({ err: err.message, conn: name }, 'realtime redis error'));
  }

  subscriber.on('message', (ch: string, raw: string) => {
    if (ch !== channel) return;
    const msg = parseWire(raw);
    if (!msg) {
      log.warn({ raw: raw.slice(0, 200) }, 'realtime: ignored malformed bus message');
      return;
    }
    if (msg.origin === origin) return; // delivered when published
    if (msg.event.kind === BUS_RESYNC_KIND) {
      for (const fn of resumed) fn();
      return;
    }
    deliver(msg.userIds, msg.event);
  });

  const publisherReady = new Promise<void>((resolve) => {
    if (publisher.status === 'ready') resolve();
    else publisher.once('ready', () => resolve());
  });
  // The subscriber keeps its offline queue, so this SUBSCRIBE waits for the first connection.
  const connected = Promise.all([publisherReady, subscriber.subscribe(channel)]).then(() => undefined);
  connected.catch(() => {}); // reported through ready(); not an unhandled rejection meanwhile

  // Listening from the moment Redis confirms the subscription until the connection drops. After
  // a reconnect ioredis subscribes again by itself; only the confirmation of a SUBSCRIBE sent
  // after it says messages reach us again (an idempotent repeat of the same channel).
  let listening = false;
  let started = false;
  const resumed = new Set<() => void>();
  const dropped = new Set<() => void>();
  void connected.then(() => {
    started = true;
    listening = !closed && subscriber.status === 'ready';
  });
  subscriber.on('close', () => {
    if (!listening) return;
    listening = false;
    if (!closed) for (const fn of dropped) fn();
  });
  // Set when a publish failed: the other processes missed an event of ours (see BUS_RESYNC_KIND).
  let missed = false;
  publisher.on('ready', () => {
    if (!missed || closed) return;
    missed = false;
    const msg: WireMessage = { userIds: [], event: { kind: BUS_RESYNC_KIND, payload: null, at: Date.now() }, origin };
    publisher.publish(channel, JSON.stringify(msg)).catch(() => (missed = true));
  });
  subscriber.on('ready', () => {
    if (listening || closed || !started) return;
    subscriber.subscribe(channel).then(
      () => {
        if (closed || subscriber.status !== 'ready') return;
        listening = true;
        for (const fn of resumed) fn();
      },
      () => undefined, // still down: the next 'ready' tries again
    );
  });

  return {
    async publish(userIds, event) {
      if (closed || (userIds.length === 0 && event.viewers === undefined)) return;
      const msg: WireMessage = { userIds, event: { ...event, at: Date.now() }, origin };
      deliver(userIds, msg.event);
      try {
        await publisher.publish(channel, JSON.stringify(msg));
      } catch (err) {
        // Realtime is a hint on top of data already committed; losing one must not fail the write.
        missed = true;
        log.warn({ err: (err as Error).message, kind: event.kind }, 'realtime: publish failed');
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    ready: () => connected,
    listening: () => listening,
    onResume(fn) {
      resumed.add(fn);
      return () => resumed.delete(fn);
    },
    onDrop(fn) {
      dropped.add(fn);
      return () => dropped.delete(fn);
    },
    async close() {
      if (closed) return;
      closed = true;
      listening = false;
      handlers.clear();
      // QUIT on a connection that is down would wait for a reconnect that may never come.
      await Promise.allSettled([publisher, subscriber].map((c) => (c.status === 'ready' ? c.quit() : Promise.resolve(c.disconnect()))));
    },
  };
}

export function createBus(opts: { redisUrl?: string; logger?: BusLogger }): ServerBus {
  if (opts.redisUrl) return createRedisBus({ redisUrl: opts.redisUrl, logger: opts.logger });
  return createInProcessBus();
}
