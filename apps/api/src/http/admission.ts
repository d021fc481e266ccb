import type { FastifyInstance, FastifyReply } from 'fastify';
import { EXEMPT, replyBusy } from './shed';

export interface AdmissionOptions {
  /** API requests of this process admitted and not yet answered, beyond which reads wait or are shed; 0 = no bound. */
  max: number;
  /** How long a read may wait at the door for a place before it is answered 503 (0: shed at once). */
  queueWaitMs: number;
}

export interface Admission {
  inFlight(): number;
  /** The Retry-After (seconds) a refusal carries now. */
  retryAfter(): string;
  waiting(): number;
  shed(): number;
}

/**
 * Writes (a person's edit, a login, a booking) get twice the reads' bound: the client tries a shed
 * read again by itself, but a shed write is an error the person sees, so reads give way first.
 */
const WRITE_FACTOR = 2;

/**
 * The bound on work in flight, at the door: at most `max` API requests of this process are being
 * served; a read beyond that waits in a short FIFO (at most `max` of them, at most `queueWaitMs`)
 * for an answered request's place, and is answered 503 + Retry-After when none frees in time. The
 * wait is before anything is parsed, authenticated or read, so a burst of an office at once is
 * served in turn while a backlog of seconds is never built: by Little's law the admitted calls'
 * time stays near `max` divided by what the process answers per second, however many arrive.
 * Probes and WebSocket upgrades (open for hours) are neither counted nor shed.
 */
export function admitRequests(app: FastifyInstance, opts: AdmissionOptions): Admission {
  let inFlight = 0;
  let shed = 0;
  const queue: { admit(): void }[] = [];
  let retryAfter = '1';
  const counters = { inFlight: () => inFlight, waiting: () => queue.length, shed: () => shed, retryAfter: () => retryAfter };
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
  app.addHook('onClose', async () => clearInterval(window));
  const refuse = (reply: FastifyReply) => {
    shed++;
    replyBusy(reply, retryAfter);
  };
  const release = () => {
    inFlight--;
    if (inFlight < opts.max) queue.shift()?.admit();
  };
  const enter = (reply: FastifyReply, done: () => void) => {
    inFlight++;
    reply.raw.once('close', release);
    done();
  };
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/service/api/') || EXEMPT.test(req.url) || req.headers.upgrade) return done();
    seen++;
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (inFlight < (read ? opts.max : opts.max * WRITE_FACTOR)) return enter(reply, done);
    if (!read || opts.queueWaitMs <= 0 || queue.length >= opts.max) return refuse(reply);
    const entry = {
      admit: () => {
        clearTimeout(timer);
        reply.raw.off('close', gone);
        enter(reply, done);
      },
    };
    const leave = () => {
      const i = queue.indexOf(entry);
      if (i >= 0) queue.splice(i, 1);
    };
    // A client that hung up while waiting gives its turn to the next one.
    const gone = () => {
      clearTimeout(timer);
      leave();
    };
    const timer = setTimeout(() => {
      reply.raw.off('close', gone);
      leave();
      refuse(reply);
    }, opts.queueWaitMs);
    reply.raw.once('close', gone);
    queue.push(entry);
  });
  return counters;
}
