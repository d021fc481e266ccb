import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from './errors';

/** The body of every 503: the client waits `Retry-After` seconds and may try again. */
export function busyBody(): { status_code: 'SERVICE_BUSY'; message: string } {
  return { status_code: 'SERVICE_BUSY', message: 'The server is busy. Please try again.' };
}

const BUSY_JSON = JSON.stringify(busyBody());

/**
 * The shedders' refusal at the door, before anything is parsed or read: 503 SERVICE_BUSY with
 * `Retry-After` (seconds), its body serialised once for all.
 */
export function replyBusy(reply: FastifyReply, retryAfter = '1'): void {
  reply.code(503).header('Retry-After', retryAfter).type('application/json; charset=utf-8').send(BUSY_JSON);
}

/**
 * Load shedding: work the server will not take on now is refused at once with 503 SERVICE_BUSY
 * and `Retry-After`, instead of queueing until every request is slow. The error handler adds the
 * header; the browser client waits that long (with jitter) before an idempotent call is tried again.
 */
export class Overloaded extends HttpError {
  constructor(
    readonly retryAfterS = 1,
    what = 'server',
  ) {
    super(503, 'SERVICE_BUSY', `The ${what} is busy. Please try again.`);
    this.name = 'Overloaded';
  }
}

/**
 * A queue with a bound: at most `concurrency` jobs run, at most `maxQueued` wait; beyond that
 * `run` throws Overloaded without starting anything. Counters and one array, nothing per job
 * beyond its promise.
 */
export interface BoundedQueue {
  run<T>(job: () => Promise<T>, opts?: { mayShed?: boolean }): Promise<T>;
  /** Throws Overloaded if a job submitted now would be shed (to refuse before other work). */
  admit(): void;
  stats(): { running: number; queued: number; shed: number };
  configure(opts: { concurrency?: number; maxQueued?: number }): void;
}

export function boundedQueue(concurrency: number, maxQueued: number, what: string): BoundedQueue {
  let running = 0;
  let shed = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running--;
    const go = waiting.shift();
    if (go) {
      running++;
      go();
    }
  };
  const full = () => running >= concurrency && waiting.length >= maxQueued;
  return {
    run(job, opts) {
      if (running < concurrency) {
        running++;
        return job().finally(next);
      }
      if (opts?.mayShed !== false && waiting.length >= maxQueued) {
        shed++;
        throw new Overloaded(1, what);
      }
      return new Promise<void>((resolve) => waiting.push(resolve)).then(() => job().finally(next));
    },
    admit() {
      if (full()) {
        shed++;
        throw new Overloaded(1, what);
      }
    },
    stats: () => ({ running, queued: waiting.length, shed }),
    configure(opts) {
      if (opts.concurrency !== undefined && opts.concurrency > 0) concurrency = opts.concurrency;
      if (opts.maxQueued !== undefined && opts.maxQueued >= 0) maxQueued = opts.maxQueued;
    },
  };
}

/** Probes answer whatever the load: an orchestrator must not take a busy node for a dead one. */
export const EXEMPT = /^\/service\/api\/v\d+\/(?:health|ready|live|metrics)\b/;

/**
 * Requests waiting for a pooled database connection are the backlog that made overload collapse
 * (every request slower, then all of them timing out). While `waiting()` is at `max`, a new API
 * request is answered 503 before anything is parsed or read, in well under a millisecond; those
 * already admitted keep the pool to themselves and finish in time. One counter read per request.
 */
export function shedOnPoolQueue(app: FastifyInstance, waiting: (() => number) | undefined, max: number): { shed(): number } {
  let shed = 0;
  if (waiting && max > 0) {
    app.addHook('onRequest', (req, reply, done) => {
      if (waiting() < max || !req.url.startsWith('/service/api/') || EXEMPT.test(req.url)) return done();
      shed++;
      replyBusy(reply);
    });
  }
  return { shed: () => shed };
}
