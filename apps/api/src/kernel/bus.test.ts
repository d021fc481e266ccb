import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BUS_RESYNC_KIND, createBus, createInProcessBus, createRedisBus, type RealtimeEvent, type ServerBus } from './bus';

const SHARED_REDIS = 'redis://127.0.0.1:6379';
// A private redis-server on a port of our own, so the restart test cannot disturb anyone else.
const PRIVATE_PORT = 18290;
const quietLogger = { warn: () => {} };

type Received = { userIds: number[]; event: RealtimeEvent };

function collect(bus: ServerBus): Received[] {
  const got: Received[] = [];
  bus.subscribe((userIds, event) => got.push({ userIds, event }));
  return got;
}

async function until(cond: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function startRedis(): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(PRIVATE_PORT), '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${out}`)));
  });
}

function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const buses: ServerBus[] = [];
const track = (b: ServerBus) => (buses.push(b), b);
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});

describe('in-process bus', () => {
  it('delivers to every subscriber with a timestamp, and stops after unsubscribe', async () => {
    const bus = track(createBus({}));
    const a = collect(bus);
    const got: Received[] = [];
    const off = bus.subscribe((userIds, event) => got.push({ userIds, event }));
    await bus.publish([1, 2], { kind: 'x.y', payload: { n: 1 } });
    off();
    await bus.publish([3], { kind: 'x.z', payload: null });
    expect(a.map((r) => r.event.kind)).toEqual(['x.y', 'x.z']);
    expect(got).toHaveLength(1);
    expect(got[0]!.userIds).toEqual([1, 2]);
    expect(got[0]!.event.at).toBeGreaterThan(Date.now() - 5000);
  });

  it('is what createBus gives without a Redis URL', () => {
    expect(Object.keys(createBus({ redisUrl: '' }))).toEqual(Object.keys(createInProcessBus()));
  });
});

describe('redis bus', () => {
  it('fans out between two buses (two processes) including the publisher itself', async () => {
    const channel = `test:${randomUUID()}`;
    const a = track(createRedisBus({ redisUrl: SHARED_REDIS, channel, logger: quietLogger }));
    const b = track(createRedisBus({ redisUrl: SHARED_REDIS, channel, logger: quietLogger }));
    await Promise.all([a.ready!(), b.ready!()]);
    const gotA = collect(a);
    const gotB = collect(b);
    await a.publish([7, 8], { kind: 'settings.updated', payload: { section: 'display' } });
    // The publisher's own subscribers have it before publish returns, not after a round trip.
    expect(gotA).toHaveLength(1);
    await until(() => gotB.length === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(gotA).toHaveLength(1); // and not a second time when it comes back through Redis
    expect(gotB[0]!.userIds).toEqual([7, 8]);
    expect(gotB[0]!.event).toMatchObject({ kind: 'settings.updated', payload: { section: 'display' } });
    expect(gotB[0]!.event.at).toBe(gotA[0]!.event.at);
  });

  it("carries a topic event's viewers across processes, even with no user addressed", async () => {
    const channel = `test:${randomUUID()}`;
    const a = track(createRedisBus({ redisUrl: SHARED_REDIS, channel, logger: quietLogger }));
    const b = track(createRedisBus({ redisUrl: SHARED_REDIS, channel, logger: quietLogger }));
    await Promise.all([a.ready!(), b.ready!()]);
    const gotB = collect(b);
    await a.publish([], { kind: 'topic.liked', payload: { group_id: 1, topic_id: 5 }, viewers: 5 });
    await until(() => gotB.length === 1);
    expect(gotB[0]!.userIds).toEqual([]);
    expect(gotB[0]!.event).toMatchObject({ kind: 'topic.liked', viewers: 5 });
  });

  it('ignores malformed messages on the channel and keeps delivering', async () => {
    const channel = `test:${randomUUID()}`;
    const bus = track(createRedisBus({ redisUrl: SHARED_REDIS, channel, logger: quietLogger }));
    await bus.ready!();
    const got = collect(bus);
    const raw = new Redis(SHARED_REDIS);
    try {
      await raw.publish(channel, 'not json');
      await raw.publish(channel, JSON.stringify({ userIds: ['1'], event: { kind: 'k' } }));
      await raw.publish(channel, JSON.stringify({ userIds: [1] }));
      await bus.publish([1], { kind: 'ok', payload: 1 });
      await until(() => got.length > 0);
      await new Promise((r) => setTimeout(r, 50));
      expect(got.map((g) => g.event.kind)).toEqual(['ok']);
    } finally {
      raw.disconnect();
    }
  });

  it('a process that lost publishes announces it: the others resume (caches, pages catch up)', async () => {
    const channel = `test:${randomUUID()}`;
    const bus = track(createRedisBus({ redisUrl: SHARED_REDIS, channel, logger: quietLogger }));
    await bus.ready!();
    let resumes = 0;
    bus.onResume!(() => resumes++);
    const got = collect(bus);
    const raw = new Redis(SHARED_REDIS);
    try {
      await raw.publish(
        channel,
        JSON.stringify({ userIds: [], event: { kind: BUS_RESYNC_KIND, payload: null, at: Date.now() }, origin: 'another' }),
      );
      await until(() => resumes === 1);
      expect(got).toEqual([]);
    } finally {
      raw.disconnect();
    }
  });

  it('createBus picks Redis when a URL is given (messages go through the channel)', async () => {
    const bus = track(createBus({ redisUrl: SHARED_REDIS, logger: quietLogger }));
    await bus.ready!();
    const spy = new Redis(SHARED_REDIS);
    try {
      const seen: string[] = [];
      spy.on('message', (_ch: string, m: string) => seen.push(m));
      await spy.subscribe('portal:events');
      const marker = randomUUID();
      await bus.publish([424242], { kind: 'test.marker', payload: marker });
      await until(() => seen.some((m) => m.includes(marker)));
      const msg = JSON.parse(seen.find((m) => m.includes(marker))!) as { userIds: number[]; event: RealtimeEvent };
      expect(msg.userIds).toEqual([424242]);
      expect(msg.event.kind).toBe('test.marker');
    } finally {
      spy.disconnect();
    }
  });

  describe('with a private redis-server', () => {
    let server: ChildProcess | null = null;
    afterAll(async () => {
      if (server) await stopRedis(server);
    });

    it('re-subscribes after Redis restarts, and close() quits both connections', async () => {
      server = await startRedis();
      const url = `redis://127.0.0.1:${PRIVATE_PORT}`;
      const channel = `test:${randomUUID()}`;
      const bus = createRedisBus({ redisUrl: url, channel, logger: quietLogger });
      await bus.ready!();
      let resumes = 0;
      let drops = 0;
      bus.onResume!(() => resumes++);
      bus.onDrop!(() => drops++);
      await until(() => bus.listening!());
      const got = collect(bus);
      await bus.publish([1], { kind: 'before', payload: null });
      await until(() => got.length === 1);

      await stopRedis(server);
      await until(() => !bus.listening!());
      expect(drops).toBe(1);
      // While Redis is down a publish reaches this process's own subscribers only, and does not
      // hang the caller.
      const t0 = Date.now();
      await bus.publish([1], { kind: 'local', payload: null });
      expect(Date.now() - t0).toBeLessThan(2000);
      expect(got.map((g) => g.event.kind)).toEqual(['before', 'local']);

      server = await startRedis();
      const probe = new Redis(url);
      try {
        await until(async () => {
          const r = (await probe.pubsub('NUMSUB', channel)) as [string, number];
          return Number(r[1]) === 1;
        }, 15000);
        await until(() => bus.listening!());
        expect(resumes).toBe(1);
        // The publisher reconnects on its own schedule; retry until it is back.
        await until(async () => {
          await bus.publish([1], { kind: 'after', payload: null });
          return got.some((g) => g.event.kind === 'after');
        }, 15000);
        expect(got.map((g) => g.event.kind).filter((k) => k !== 'after')).toEqual(['before', 'local']);
        expect(drops).toBe(1);

        const clients = async () =>
          String(await probe.client('LIST'))
            .trim()
            .split('\n').length;
        // A publish while the publisher is still away reaches this process's own subscribers
        // too, so 'after' arriving does not prove it is back: wait for its connection.
        await until(async () => (await clients()) === 3, 15000); // probe + publisher + subscriber
        await bus.close();
        await until(async () => (await clients()) === 1);
      } finally {
        probe.disconnect();
      }
    }, 40_000);
  });
});
