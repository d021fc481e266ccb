import websocket from '@fastify/websocket';
import {
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_CLOSE_UNAUTHORIZED,
  REALTIME_PATH,
  type RealtimeServerMessage,
} from '@portal/api-client/realtime';
import { realtimeClientMessageSchema } from '@portal/api-client/realtime-server';
import { API_PREFIX } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { verifyAccessToken } from '../auth';
import { topicViewable } from '../topics';
import { liveSessions } from './sessions';
import { coalesceKey, Coalescer } from './coalesce';
import { TopicViews } from './interest';
import { type RealtimeEvent, SESSION_CHANGED_EVENT, SESSION_REVOKED_EVENT } from '../../kernel';
import { counts } from '../../ops/metrics';

export interface RealtimeOptions {
  /** Heartbeat period; a socket that missed the previous ping is dropped. */
  heartbeatMs?: number;
  authTimeoutMs?: number;
  /** How often open sockets are checked against their login's expiry (idle or absolute). */
  sessionCheckMs?: number;
}

/** Close codes other than the auth one: policy violation for junk, going-away on shutdown. */
const CLOSE_BAD_MESSAGE = 1008;
const CLOSE_GOING_AWAY = 1001;
const MAX_MESSAGE_BYTES = 16 * 1024;
/** Each auth message costs a database lookup; a client refreshing its token needs a handful. */
const MAX_AUTH_PER_MINUTE = 20;
/** Each subscription costs a lookup too; a user browsing topics quickly sends two per page. */
const MAX_SUBSCRIBE_PER_MINUTE = 120;

interface Conn {
  socket: WebSocket;
  userId: number | null;
  /** The login (token family) the socket authenticated with; its end closes the socket. */
  sessionId: string | null;
  alive: boolean;
  /** Like counts and badges: at most one frame per key and second (coalesce.ts). */
  coalescer: Coalescer;
  /** Topics the page shows, and those it left lately (interest.ts). */
  viewing: Map<number, number | null>;
  recent: Map<number, { groupId: number | null; at: number }>;
}

/** Whole-audience topic events: the addressed users are everyone who may read the topic now. */
const AUDIENCE_TOPIC_EVENT = /^(?:topic|common-topic)\.(?:created|updated|delivered)$/;

/**
 * GET /service/api/v1/realtime (WebSocket). Browsers cannot put a bearer header on a
 * WebSocket, and a token in the URL would land in access logs, so the socket authenticates by
 * its first message `{type:'auth', token}`. Until that succeeds it receives nothing and is
 * closed (4401 + error code) after a timeout. A later auth message re-verifies a refreshed token
 * on the same socket. Events come from app.ctx.bus, so with Redis every process delivers the
 * events published by any process to the sockets it holds.
 */
export default async function realtimePlugin(app: FastifyInstance, opts: RealtimeOptions = {}): Promise<void> {
  const heartbeatMs = opts.heartbeatMs ?? 30_000;
  const authTimeoutMs = opts.authTimeoutMs ?? REALTIME_AUTH_TIMEOUT_MS;
  const byUser = new Map<number, Set<Conn>>();
  const all = new Set<Conn>();
  const views = new TopicViews<Conn>(() => app.ctx.now());

  // Added before @fastify/websocket so it runs before that plugin's own preClose, which would
  // close every socket with no code; 1001 tells clients to reconnect (to another process).
  app.addHook('preClose', async () => {
    for (const conn of all) conn.socket.close(CLOSE_GOING_AWAY, 'server shutting down');
  });
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });

  function attach(conn: Conn, userId: number) {
    if (conn.userId === userId) return;
    detach(conn);
    conn.userId = userId;
    let set = byUser.get(userId);
    if (!set) byUser.set(userId, (set = new Set()));
    set.add(conn);
  }

  function detach(conn: Conn) {
    views.clear(conn);
    if (conn.userId === null) return;
    const set = byUser.get(conn.userId);
    set?.delete(conn);
    if (set?.size === 0) byUser.delete(conn.userId);
    conn.userId = null;
  }

  function send(conn: Conn, data: string) {
    if (conn.socket.readyState === conn.socket.OPEN) {
      conn.socket.send(data);
      counts.realtimeFramesSent++;
    }
  }
  const frame = (msg: RealtimeServerMessage) => JSON.stringify(msg);
  const READY = frame({ type: 'ready' });
  const RESYNC = frame({ type: 'resync' });

  /**
   * The bus stopped or started hearing the other processes: events may have passed unsent, so
   * every authenticated page is told to refetch what it shows (the client's REALTIME_RESYNC).
   * Its own events this process keeps delivering meanwhile (bus.ts).
   */
  function resyncAll() {
    for (const conn of all) if (conn.userId !== null) send(conn, RESYNC);
  }
  const offDrop = app.ctx.bus.onDrop?.(resyncAll);
  const offResume = app.ctx.bus.onResume?.(resyncAll);

  /** A login ended (logout, password reset or change, refresh-token reuse): its sockets close now. */
  function closeRevoked(userIds: number[], payload: unknown) {
    const p = payload as { sessions?: string[] | 'all'; keep?: string | null };
    for (const id of userIds) {
      for (const conn of [...(byUser.get(id) ?? [])]) {
        const ended = p.sessions === 'all' ? conn.sessionId !== p.keep : p.sessions?.includes(conn.sessionId ?? '');
        if (ended) {
          detach(conn);
          conn.socket.close(REALTIME_CLOSE_UNAUTHORIZED, 'INVALID_TOKEN');
        }
      }
    }
  }

  const unsubscribe = app.ctx.bus.subscribe((userIds: number[], event: RealtimeEvent) => {
    if (byUser.size === 0) return;
    if (event.kind === SESSION_REVOKED_EVENT) return closeRevoked(userIds, event.payload);
    if (event.kind === SESSION_CHANGED_EVENT) return; // for the session caches of the processes only
    const { viewers, ...sent } = event;
    const data = frame({ type: 'event', event: sent }); // once, however many sockets get it
    const key = coalesceKey(event);
    const ids = new Set(userIds);
    const topicId = (event.payload as { topic_id?: unknown } | null)?.topic_id;
    if (typeof topicId === 'number' && AUDIENCE_TOPIC_EVENT.test(event.kind)) views.revalidate(topicId, ids);
    if (event.kind === 'group.member.removed') {
      const groupId = (event.payload as { group_id?: unknown } | null)?.group_id;
      if (typeof groupId === 'number') for (const id of ids) views.leftGroup(byUser.get(id) ?? [], groupId);
    }
    const targets = new Set<Conn>();
    for (const id of ids) for (const conn of byUser.get(id) ?? []) targets.add(conn);
    if (viewers !== undefined) for (const conn of views.viewersOf(viewers)) targets.add(conn);
    for (const conn of targets) conn.coalescer.deliver(key, data);
  });

  // Proxies and NATs drop idle connections silently; a ping keeps them up and a missing pong
  // tells us the peer is gone, so its entry does not linger in the map.
  const heartbeat = setInterval(() => {
    for (const conn of all) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  // A login that simply runs out (24 h idle, 30 days absolute) announces nothing: look.
  const sessionCheck = setInterval(() => {
    const open = [...all].filter((c) => c.sessionId !== null);
    if (open.length === 0) return;
    liveSessions(app.ctx, [...new Set(open.map((c) => c.sessionId!))])
      .then((live) => {
        for (const conn of open) {
          if (live.has(conn.sessionId!) || conn.socket.readyState !== conn.socket.OPEN) continue;
          detach(conn);
          conn.socket.close(REALTIME_CLOSE_UNAUTHORIZED, 'TOKEN_EXPIRED');
        }
      })
      .catch((err: unknown) => app.log.warn({ err }, 'realtime session check failed'));
  }, opts.sessionCheckMs ?? 60_000);
  sessionCheck.unref();

  app.addHook('onReady', async () => {
    // Wait for the Redis subscription so events from other processes are not missed right after
    // start; never block start-up for long on it (the bus keeps reconnecting on its own).
    const ready = app.ctx.bus.ready?.();
    if (!ready) return;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      ready.catch((err: unknown) => app.log.warn({ err }, 'realtime bus not ready')),
      new Promise<void>((resolve) => {
        timeout = setTimeout(() => {
          app.log.warn('realtime bus not ready after 5 s; starting anyway');
          resolve();
        }, 5000);
      }),
    ]);
    clearTimeout(timeout);
  });

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    unsubscribe();
    offDrop?.();
    offResume?.();
  });

  app.get(
    API_PREFIX + REALTIME_PATH,
    {
      websocket: true,
      // Authenticated by its first message, not by a header (see above); the flag tells the
      // route audit this is deliberate.
      config: { authByMessage: true },
    },
    (socket, req) => {
      const conn: Conn = {
        socket,
        userId: null,
        sessionId: null,
        alive: true,
        coalescer: new Coalescer(() => undefined),
        viewing: new Map(),
        recent: new Map(),
      };
      conn.coalescer = new Coalescer((data) => send(conn, data));
      all.add(conn);
      counts.realtimeSockets++;
      let verifying = Promise.resolve();
      let authWindowStart = Date.now();
      let authCount = 0;
      let subscribeCount = 0;

      const authTimer = setTimeout(() => {
        if (conn.userId === null) socket.close(REALTIME_CLOSE_UNAUTHORIZED, 'INVALID_TOKEN');
      }, authTimeoutMs);

      socket.on('pong', () => {
        conn.alive = true;
      });

      socket.on('message', (data, isBinary) => {
        let parsed;
        try {
          parsed = isBinary ? null : realtimeClientMessageSchema.safeParse(JSON.parse(data.toString()));
        } catch {
          parsed = null;
        }
        if (!parsed?.success) {
          socket.close(CLOSE_BAD_MESSAGE, 'BAD_MESSAGE');
          return;
        }
        if (Date.now() - authWindowStart > 60_000) {
          authWindowStart = Date.now();
          authCount = 0;
          subscribeCount = 0;
        }
        const msg = parsed.data;
        if (msg.type === 'auth' ? ++authCount > MAX_AUTH_PER_MINUTE : ++subscribeCount > MAX_SUBSCRIBE_PER_MINUTE) {
          socket.close(CLOSE_BAD_MESSAGE, 'API_RATE_EXCEEDED');
          return;
        }
        if (msg.type !== 'auth') {
          // In the same queue as auth, so a subscription sent after a re-auth is judged as that user.
          verifying = verifying.then(() => (msg.type === 'subscribe' ? subscribe(msg.topic_id) : views.remove(conn, msg.topic_id)));
          return;
        }
        const { token } = msg;
        // Serialised so a slow verification cannot overtake a later one (old token after new).
        verifying = verifying.then(async () => {
          const result = await verifyAccessToken(app.ctx, token).catch((err: unknown) => {
            req.log.error({ err }, 'realtime token verification failed');
            return { ok: false as const, code: 'INVALID_TOKEN' as const };
          });
          if (socket.readyState !== socket.OPEN) return;
          if (!result.ok) {
            detach(conn);
            socket.close(REALTIME_CLOSE_UNAUTHORIZED, result.code);
            return;
          }
          clearTimeout(authTimer);
          attach(conn, result.userId);
          conn.sessionId = result.sessionId;
          send(conn, READY);
        });
      });

      async function subscribe(topicId: number) {
        const userId = conn.userId;
        const found =
          userId === null
            ? null
            : (views.remembered(conn, topicId) ??
              (await topicViewable(app.ctx, userId, topicId).catch((err: unknown) => {
                req.log.error({ err }, 'realtime subscription check failed');
                return null;
              })));
        if (socket.readyState !== socket.OPEN) return;
        const ok = found !== null && conn.userId === userId && views.add(conn, topicId, found.groupId);
        send(conn, frame({ type: 'subscribed', topic_id: topicId, ok }));
      }

      socket.on('close', () => {
        clearTimeout(authTimer);
        conn.coalescer.close();
        detach(conn);
        if (all.delete(conn)) counts.realtimeSockets--;
      });
    },
  );
}
