import type { FastifyInstance, FastifyReply } from 'fastify';
import { loopLimit } from './admission-limit';
import { EXEMPT, replyBusy } from './shed';

export interface AdmissionOptions {
  /** API reads of this process admitted and not yet answered, at most; 0 = no bound. */
  max: number;
  /**
   * How long the door's queue may stay non-empty before new reads are refused at once instead of
   * joining it (CoDel's interval: a burst drains within it, a backlog does not); 0: no queue.
   */
  queueWaitMs: number;
  /**
   * The event-loop lateness (ms) above which the bound on reads shrinks below `max`
   * (admission-limit.ts); 0 keeps it at `max`.
   */
  loopTargetMs?: number;
}

export interface Admission {
  inFlight(): number;
  /** The bound on reads now: `max`, or less while the loop runs late. */
  limit(): number;
  /** The Retry-After (seconds) a refusal carries now. */
  retryAfter(): string;
  waiting(): number;
  shed(): number;
}

/**
 * Writes (a person's edit, a login, a booking) get twice the configured bound, whatever the loop
 * does to the reads' bound: the client tries a shed read again by itself, but a shed write is an
 * error the person sees, so reads give way first.
 */
const WRITE_FACTOR = 2;

/**
 * A refusal is given only while the loop is punctual (no more than this many ms behind its
 * timers): then it reaches the client at once. A read met later than that has waited already;
 * it queues, in a queue allowed to grow to LATE_QUEUE_FACTOR times the bound meanwhile. (Refusing
 * late reads once the loop had been late for a window made the step back after an overload
 * refuse during every collection, 200 ms late.)
 */
const PUNCTUAL_MS = 10;
const LATE_QUEUE_FACTOR = 4;

/**
 * The bound on work in flight, at the door: at most `limit` API reads of this process are being
 * served. A read beyond it joins a FIFO (at most `max` long, see LATE_QUEUE_FACTOR) and is
 * admitted when an answered request frees a place, unless the queue is standing (not empty for
 * `queueWaitMs`): then it is answered 503 + Retry-After at once, before anything is parsed,
 * authenticated or read. So the burst of an office opening the portal at nine, or of every
 * member refetching after one comment, is served in turn, while a backlog is never built and a
 * refusal costs the client no wait. The limit itself follows the event loop (admission-limit.ts):
 * on a machine saturated by its own database it shrinks until the process answers on time again.
 * A read met while the loop runs late (a collection, a stall) has already waited that long: it
 * queues rather than being refused late, which would cost its client the wait and the retry.
 * Probes and WebSocket upgrades (open for hours) are neither counted nor shed.
 */
export function admitRequests(app: FastifyInstance, opts: AdmissionOptions): Admission {
  let inFlight = 0;
  let shed = 0;
  const queue: { admit(): void }[] = [];
  /** When the queue last went from empty to waiting. */
  let queuedSince = 0;
  let retryAfter = '1';
  const loop =
    opts.max > 0 && opts.loopTargetMs
      ? loopLimit({ max: opts.max, min: Math.max(2, Math.ceil(opts.max / 10)), targetMs: opts.loopTargetMs })
      : undefined;
  const limit = () => loop?.limit() ?? opts.max;
  const counters = { inFlight: () => inFlight, limit, waiting: () => queue.length, shed: () => shed, retryAfter: () => retryAfter };
  if (opts.max <= 0) return counters;
  // Retry-After grows with the share refused over the last second: at a share f the server takes
  // about 1 - f of what arrives, so clients spaced 1 / (1 - f) s apart come back at what it can
  // take. With a fixed second, each shed read came back within two, and retries of retries kept
  // a process busy refusing after the burst that started it had passed.
  let seen = 0;
  let shedBefore = 0;
  const window = setInterval(() => {
    const share = seen ? (shed - shedBefore) / seen : 0;
    retryAfter = String(Math.min(8, Math.max(1, Math.round(1 / (1 - Math.min(share, 0.9))))));
    seen = 0;
    shedBefore = shed;
  }, 1000);
  window.unref();
  app.addHook('onClose', async () => {
    clearInterval(window);
    loop?.stop();
  });
  const refuse = (reply: FastifyReply) => {
    shed++;
    replyBusy(reply, retryAfter);
  };
  const release = () => {
    inFlight--;
    while (queue.length > 0 && inFlight < limit()) queue.shift()!.admit();
  };
  const enter = (reply: FastifyReply, done: () => void) => {
    inFlight++;
    reply.raw.once('close', release);
    done();
  };
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/service/api/') || EXEMPT.test(req.url) || req.headers.upgrade) return done();
    seen++;
    if (req.method !== 'GET' && req.method !== 'HEAD') return inFlight < opts.max * WRITE_FACTOR ? enter(reply, done) : refuse(reply);
    if (inFlight < limit() && queue.length === 0) return enter(reply, done);
    loop?.reached();
    const now = performance.now();
    const standing = queue.length > 0 && now - queuedSince > opts.queueWaitMs;
    const late = (loop?.lateNowMs() ?? 0) > PUNCTUAL_MS;
    if (opts.queueWaitMs <= 0 || queue.length >= (late ? LATE_QUEUE_FACTOR : 1) * opts.max || (standing && !late)) return refuse(reply);
    const entry = {
      admit: () => {
        reply.raw.off('close', gone);
        enter(reply, done);
      },
    };
    // A client that hung up while waiting gives its turn to the next one.
    const gone = () => {
      const i = queue.indexOf(entry);
      if (i >= 0) queue.splice(i, 1);
    };
    reply.raw.once('close', gone);
    if (queue.length === 0) queuedSince = now;
    queue.push(entry);
  });
  return counters;
}
