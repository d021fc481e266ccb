/**
 * How many reads the door admits at once, moved by how late this process's event loop runs.
 *
 * A fixed bound does not keep a saturated machine responsive: on two cores shared with the
 * database, every admitted read keeps a database backend runnable, and forty of them per process
 * left the API's own thread waiting for the CPU behind its backends, so even a refusal took half a
 * second. A timer that should fire every `tickMs` measures that wait (its lateness is what a new
 * request waits before this process reads it); when the worst lateness of a window passes
 * `targetMs`, the limit shrinks by a quarter, and it grows by one per window in which it was
 * reached and the loop was on time (additive increase, multiplicative decrease, as TCP does).
 */
export interface LoopLimit {
  limit(): number;
  /** A read found the limit reached: the limit may grow next window if the loop keeps up. */
  reached(): void;
  /** The worst lateness of the last complete window, ms. */
  lastLateMs(): number;
  /**
   * How late the loop runs now: ms past the tick that should have run, or how late the last tick
   * ran. Large inside a long turn, and in the turn after one: what is read then arrived while
   * the long turn ran and has already waited about that long.
   */
  lateNowMs(): number;
  stop(): void;
}

export interface LoopLimitOptions {
  max: number;
  /** The floor: even a slow loop serves this many at once (a stalled disk is not overload). */
  min: number;
  targetMs: number;
  tickMs?: number;
  windowTicks?: number;
}

/** One window's step: the next limit from the current one and what the window saw. */
export function nextLimit(limit: number, worstLateMs: number, reached: boolean, o: LoopLimitOptions): number {
  if (worstLateMs > o.targetMs) return Math.max(o.min, Math.floor(limit * 0.75));
  if (reached) return Math.min(o.max, limit + 1);
  return limit;
}

export function loopLimit(o: LoopLimitOptions): LoopLimit {
  const tickMs = o.tickMs ?? 10;
  const windowTicks = o.windowTicks ?? 10;
  let limit = o.max;
  let reached = false;
  let worst = 0;
  let last = 0;
  let ticks = 0;
  let prev = performance.now();
  let tickLate = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    tickLate = now - prev - tickMs;
    worst = Math.max(worst, tickLate);
    prev = now;
    if (++ticks < windowTicks) return;
    limit = nextLimit(limit, worst, reached, o);
    last = worst;
    ticks = 0;
    worst = 0;
    reached = false;
  }, tickMs);
  timer.unref();
  return {
    limit: () => limit,
    reached: () => void (reached = true),
    lastLateMs: () => last,
    lateNowMs: () => Math.max(0, tickLate, performance.now() - prev - tickMs),
    stop: () => clearInterval(timer),
  };
}
