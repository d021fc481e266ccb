import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { EXEMPT, replyBusy } from './shed';

export interface LagSample {
  /** The event loop's delay over the last window, at the 99th percentile, in ms. */
  p99Ms(): number;
  reset(): void;
}

/** The event loop's delay as Node measures it (a timer every `resolutionMs`). */
export function loopDelay(resolutionMs = 10): LagSample & { stop(): void } {
  const h = monitorEventLoopDelay({ resolution: resolutionMs });
  h.enable();
  return { p99Ms: () => (h.count > 0 ? h.percentile(99) / 1e6 : 0), reset: () => h.reset(), stop: () => h.disable() };
}

/**
 * Whether the process is saturated, judged once per window: the loop's p99 delay over the last
 * window above `thresholdMs`. A CPU-bound process never fills the pool's queue (the requests
 * wait for the CPU, not for a connection), so this is what tells it is past what it can serve.
 */
export function lagJudge(sample: LagSample, thresholdMs: number): { tick(): void; saturated(): boolean } {
  let saturated = false;
  return {
    tick() {
      saturated = sample.p99Ms() > thresholdMs;
      sample.reset();
    },
    saturated: () => saturated,
  };
}

/**
 * While the event loop is saturated, a new API read (GET/HEAD) is answered 503 + Retry-After at
 * once, before anything is parsed, authenticated or read: those already admitted get the CPU and
 * finish in time. Writes are admitted (a person's edit, a login), as are probes; work already
 * started is never touched. `thresholdMs` 0 turns it off.
 *
 * A slow loop alone is not overload: a neighbour on a shared host, a start-up seed or a large
 * import stalls it too, and shedding the few readers of a quiet server then only turns their pages
 * into errors. So it sheds only while at least `minInFlight` API requests are already being served.
 */
export function shedOnEventLoopLag(
  app: FastifyInstance,
  opts: { thresholdMs: number; windowMs: number; minInFlight: number; sample?: LagSample },
): { shed(): number; saturated(): boolean; inFlight(): number } {
  let shed = 0;
  let inFlight = 0;
  if (opts.thresholdMs <= 0) return { shed: () => shed, saturated: () => false, inFlight: () => inFlight };
  const own = opts.sample ? undefined : loopDelay();
  const judge = lagJudge(opts.sample ?? own!, opts.thresholdMs);
  const timer = setInterval(judge.tick, opts.windowMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    own?.stop();
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/service/api/') || EXEMPT.test(req.url)) return done();
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (read && judge.saturated() && inFlight >= opts.minInFlight) {
      shed++;
      replyBusy(reply);
      return;
    }
    // A WebSocket stays open for hours: counted, a few sockets would hold the floor met for good.
    if (req.headers.upgrade) return done();
    inFlight++;
    reply.raw.once('close', () => inFlight--);
    done();
  });
  return { shed: () => shed, saturated: judge.saturated, inFlight: () => inFlight };
}
