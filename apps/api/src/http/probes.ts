import type { FastifyInstance, LogLevel } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { pendingMigrations } from '../db';

/**
 * The probes a load balancer or service manager asks, at the server's root:
 * - `/healthz`: the process answers (no dependency is asked, so a database outage does not get
 *   every process restarted);
 * - `/readyz`: send traffic here — the database answers, its migrations are those of this build,
 *   Redis answers when configured, and the process is not draining after SIGTERM.
 * Both are unauthenticated, outside the rate limit and below the access log's info level (a probe
 * every few seconds per process would drown the log). They reveal only ok/failing per check.
 */
const drains = new WeakMap<FastifyInstance, { draining: boolean }>();

/** SIGTERM received: /readyz answers 503 from now on while requests are still served. */
export function beginDrain(app: FastifyInstance): void {
  const state = drains.get(app);
  if (state) state.draining = true;
}

const CHECK_TIMEOUT_MS = 2000;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

async function probes(app: FastifyInstance, opts: { redis?: Redis | undefined }): Promise<void> {
  const state = { draining: false };
  drains.set(app, state);
  // Quieter than info, never louder than the app's own level (a route's level replaces it).
  const level = (['trace', 'debug', 'info'].includes(app.log.level) ? 'warn' : app.log.level) as LogLevel;
  const QUIET = { logLevel: level, config: { rateLimit: false } };

  app.get('/healthz', QUIET, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', QUIET, async (request, reply) => {
    const checks: Record<string, string> = {};
    let ready = !state.draining;
    checks.draining = state.draining ? 'yes' : 'no';
    try {
      const pending = await within(pendingMigrations(app.ctx.db), CHECK_TIMEOUT_MS);
      checks.database = 'ok';
      checks.migrations = pending.length === 0 ? 'ok' : `pending (${pending.length})`;
      if (pending.length) ready = false;
    } catch (err) {
      request.log.warn({ err }, 'readiness: database unreachable');
      checks.database = 'unreachable';
      checks.migrations = 'unknown';
      ready = false;
    }
    if (opts.redis) {
      try {
        await within(opts.redis.ping(), CHECK_TIMEOUT_MS);
        checks.redis = 'ok';
      } catch (err) {
        request.log.warn({ err }, 'readiness: redis unreachable');
        checks.redis = 'unreachable';
        ready = false;
      }
    } else {
      checks.redis = 'not configured';
    }
    void reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
    return { status: ready ? 'ready' : 'not ready', checks };
  });
}

/** Not encapsulated: the drain state belongs to the instance server.ts holds. */
export const probeRoutes = fp(probes, { name: 'probes' });
