import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lagJudge, type LagSample, loopDelay, shedOnEventLoopLag } from './lag-shed';

function fakeSample(): LagSample & { set(ms: number): void } {
  let ms = 0;
  return { p99Ms: () => ms, reset: () => undefined, set: (v) => (ms = v) };
}

describe('lagJudge', () => {
  it('is saturated for the window after one whose p99 delay was over the threshold, and not after a calm one', () => {
    const s = fakeSample();
    const judge = lagJudge(s, 100);
    expect(judge.saturated()).toBe(false);
    s.set(250);
    judge.tick();
    expect(judge.saturated()).toBe(true);
    s.set(100);
    judge.tick();
    expect(judge.saturated()).toBe(false);
  });

  it("Node's own measure sees a blocked loop", async () => {
    const d = loopDelay(5);
    await new Promise((r) => setTimeout(r, 30));
    const until = Date.now() + 120;
    while (Date.now() < until) {
      // The CPU-bound work a saturated process is doing.
    }
    await new Promise((r) => setTimeout(r, 30));
    expect(d.p99Ms()).toBeGreaterThan(80);
    d.stop();
  });
});

describe('shedOnEventLoopLag', () => {
  afterEach(() => vi.useRealTimers());

  async function app(thresholdMs: number, minInFlight = 0) {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const sample = fakeSample();
    const a = Fastify();
    const shedder = shedOnEventLoopLag(a, { thresholdMs, windowMs: 500, minInFlight, sample });
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    a.get('/service/api/v1/things', async () => ({ ok: true }));
    a.get('/service/api/v1/slow', async () => {
      await held;
      return { ok: true };
    });
    a.post('/service/api/v1/things', async () => ({ ok: true }));
    a.get('/service/api/v1/health', async () => ({ ok: true }));
    a.get('/service/api/v1/metrics', async () => 'm');
    a.get('/shell/index.html', async () => 'page');
    await a.ready();
    return { a, sample, shedder, release };
  }

  it('while saturated, answers a new API read 503 + Retry-After at once; writes, probes and the shell go through', async () => {
    const { a, sample, shedder } = await app(200);
    expect((await a.inject({ method: 'GET', url: '/service/api/v1/things' })).statusCode).toBe(200);
    sample.set(400);
    vi.advanceTimersByTime(500);
    const busy = await a.inject({ method: 'GET', url: '/service/api/v1/things' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toMatchObject({ status_code: 'SERVICE_BUSY' });
    expect((await a.inject({ method: 'POST', url: '/service/api/v1/things' })).statusCode).toBe(200);
    expect((await a.inject({ method: 'GET', url: '/service/api/v1/health' })).statusCode).toBe(200);
    expect((await a.inject({ method: 'GET', url: '/service/api/v1/metrics' })).statusCode).toBe(200);
    expect((await a.inject({ method: 'GET', url: '/shell/index.html' })).statusCode).toBe(200);
    expect(shedder.shed()).toBe(1);
    sample.set(20);
    vi.advanceTimersByTime(500);
    expect((await a.inject({ method: 'GET', url: '/service/api/v1/things' })).statusCode).toBe(200);
    await a.close();
  });

  it('a slow loop with fewer API requests in flight than the floor is a stall, not overload: nothing is shed', async () => {
    const { a, sample, shedder, release } = await app(200, 2);
    sample.set(400);
    vi.advanceTimersByTime(500);
    expect(shedder.saturated()).toBe(true);
    expect((await a.inject({ method: 'GET', url: '/service/api/v1/things' })).statusCode).toBe(200);
    // Open sockets (upgrades) are not requests being served: they never make up the floor.
    const sockets = [1, 2].map(() => a.inject({ method: 'GET', url: '/service/api/v1/slow', headers: { upgrade: 'websocket' } }));
    expect(shedder.inFlight()).toBe(0);
    expect((await a.inject({ method: 'GET', url: '/service/api/v1/things' })).statusCode).toBe(200);
    const slow = [a.inject({ method: 'GET', url: '/service/api/v1/slow' }), a.inject({ method: 'GET', url: '/service/api/v1/slow' })];
    await vi.waitFor(() => expect(shedder.inFlight()).toBe(2));
    expect((await a.inject({ method: 'GET', url: '/service/api/v1/things' })).statusCode).toBe(503);
    release();
    expect((await Promise.all(slow)).map((r) => r.statusCode)).toEqual([200, 200]);
    await Promise.all(sockets);
    await vi.waitFor(() => expect(shedder.inFlight()).toBe(0));
    expect((await a.inject({ method: 'GET', url: '/service/api/v1/things' })).statusCode).toBe(200);
    expect(shedder.shed()).toBe(1);
    await a.close();
  });

  it('threshold 0 never sheds (the test suites run with it)', async () => {
    const { a, sample, shedder } = await app(0);
    sample.set(10_000);
    vi.advanceTimersByTime(5_000);
    expect((await a.inject({ method: 'GET', url: '/service/api/v1/things' })).statusCode).toBe(200);
    expect(shedder.saturated()).toBe(false);
    await a.close();
  });
});
