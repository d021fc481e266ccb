import { describe, expect, it, vi } from 'vitest';
import { loopLimit, nextLimit } from './admission-limit';

const o = { max: 40, min: 4, targetMs: 30 };

describe('the bound on reads follows the event loop', () => {
  it('shrinks by a quarter when the loop runs late, down to its floor', () => {
    expect(nextLimit(40, 31, true, o)).toBe(30);
    expect(nextLimit(30, 200, false, o)).toBe(22);
    expect(nextLimit(5, 200, true, o)).toBe(4);
    expect(nextLimit(4, 200, true, o)).toBe(4);
  });

  it('grows by one per window where it was reached and the loop kept time, up to the configured bound', () => {
    expect(nextLimit(22, 5, true, o)).toBe(23);
    expect(nextLimit(40, 5, true, o)).toBe(40);
    // Not reached: nothing says more would be served in time.
    expect(nextLimit(22, 5, false, o)).toBe(22);
    expect(nextLimit(22, 30, true, o)).toBe(23);
  });

  it('a blocked loop lowers the live limit; a loop on time lets it climb back while reads reach it', async () => {
    const live = loopLimit({ ...o, tickMs: 5, windowTicks: 4 });
    try {
      expect(live.limit()).toBe(40);
      // A 120 ms stall of the event loop, as a saturated machine gives a descheduled process.
      const until = performance.now() + 120;
      while (performance.now() < until);
      await vi.waitFor(() => expect(live.limit()).toBeLessThanOrEqual(30), { timeout: 2_000, interval: 1 });
      expect(live.lastLateMs()).toBeGreaterThan(30);
      const low = live.limit();
      const grow = setInterval(live.reached, 2);
      await vi.waitFor(() => expect(live.limit()).toBeGreaterThan(low + 1), { timeout: 5_000, interval: 5 });
      clearInterval(grow);
    } finally {
      live.stop();
    }
  });
});
