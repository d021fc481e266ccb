import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/harness';
import { API, sharedPgDatabase, startApi, stopApi, waitHealthy, within, type ApiProc } from '../../test/processes.test-util';
import { freePort, startRedis, stopRedis } from '../../test/redis.test-util';
import { TestSocket } from './ws-client.test-util';

/**
 * Realtime through an outage of its bus: two API processes share a database and a Redis of this
 * test's own, which is killed and started again while chat messages are sent through both. A
 * page is modelled as the shell runs it: it takes `chat.message` events and, on every `resync`
 * frame, refetches the chat. Every acknowledged message must be on every page of the receiver
 * within 2 s of Redis being back.
 */
const CATCH_UP_MS = 2000;

/** What one open page knows of a chat: message numbers from events and from its refetches. */
class Page {
  readonly seen = new Set<number>();
  readonly resyncs: number[] = [];
  private refetches: Promise<void>[] = [];

  constructor(
    readonly socket: TestSocket,
    private readonly refetch: () => Promise<number[]>,
  ) {
    socket.ws.on('message', (data) => {
      const f = JSON.parse(data.toString()) as { type: string; event?: { kind: string; payload: { no?: number } } };
      if (f.type === 'event' && f.event?.kind === 'chat.message' && typeof f.event.payload.no === 'number')
        this.seen.add(f.event.payload.no);
      if (f.type === 'resync') {
        this.resyncs.push(Date.now());
        this.refetches.push(this.refetch().then((nos) => nos.forEach((n) => this.seen.add(n))));
      }
    });
  }

  async settled(): Promise<void> {
    await Promise.all(this.refetches);
  }
}

describe.each(DIALECTS)('realtime while Redis is down and back (two API processes, %s)', (dialect) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-outage-'));
  const procs: ApiProc[] = [];
  let redisPort = 0;
  let redis: ChildProcess | null = null;
  let db: Awaited<ReturnType<typeof sharedPgDatabase>> | null = null;
  let a: ApiProc;
  let b: ApiProc;

  async function start(name: string): Promise<ApiProc> {
    // SQLite: both processes on one data folder (WAL lets two processes share the file).
    const dataDir = path.join(tmp, dialect === 'sqlite' ? 'shared' : name);
    fs.mkdirSync(dataDir, { recursive: true });
    const p = startApi(await freePort(), {
      DATA_DIR: dataDir,
      DATABASE_URL: db?.url ?? '',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SEED_ON_EMPTY: '1',
      SEED_DEMO: '1',
    });
    procs.push(p);
    await waitHealthy(p);
    return p;
  }

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    if (dialect === 'postgres') db = await sharedPgDatabase('portal_outage');
    a = await start('a'); // migrates and seeds first
    b = await start('b');
  }, 150_000);

  afterAll(async () => {
    await Promise.all(procs.map(stopApi));
    if (redis) await stopRedis(redis);
    await db?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }, 30_000);

  it('each process keeps its own sockets live, every page resyncs on drop and return, and nothing acknowledged stays unseen', async () => {
    const login = async (p: ApiProc, employee_number: string) => {
      const res = await fetch(`${p.http}${API}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ employee_number, password: 'Portal#2026' }),
      });
      if (!res.ok) throw new Error(`login ${employee_number}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { items: { access_token: string } }).items.access_token;
    };
    const call = (p: ApiProc, token: string, url: string, init: RequestInit = {}) =>
      fetch(`${p.http}${API}${url}`, { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });

    const sender = await login(a, 'E0001');
    const receiver = await login(b, 'E0002');
    const me = (await (await call(b, receiver, '/members/me')).json()) as { items: { info: { id: number } } };
    const exist = (await (await call(a, sender, `/check-group-chat-exist?user_ids=${me.items.info.id}`)).json()) as {
      items: { group_chat: { id: number } };
    };
    const chatId = exist.items.group_chat.id;

    const refetchOn = (p: ApiProc) => async () => {
      const res = await call(p, receiver, `/message/${chatId}?limit=100`);
      return ((await res.json()) as { items: { data: { index: number }[] } }).items.data.map((m) => m.index);
    };
    const open = async (p: ApiProc, token: string) => {
      const s = await TestSocket.open(`ws://127.0.0.1:${p.port}${API}/realtime`);
      await s.auth(token);
      return new Page(s, refetchOn(p));
    };
    // The receiver has a page on each process; the sender one on A (the sending process).
    const onA = await open(a, receiver);
    const onB = await open(b, receiver);
    const senderOnA = await open(a, sender);
    const pages = [onA, onB];
    const acked: number[] = [];
    let n = 0;
    const send = async (p: ApiProc, token: string) => {
      const res = await call(p, token, `/message/${chatId}`, {
        method: 'POST',
        body: JSON.stringify({ content: `停止中 ${n}`, client_message_id: `outage-${dialect}-${n++}` }),
      });
      expect(res.status).toBe(200);
      const no = ((await res.json()) as { items: { index: number } }).items.index;
      acked.push(no);
      return no;
    };

    try {
      const first = await send(a, sender);
      await within(3000, async () => pages.every((pg) => pg.seen.has(first)));

      // Redis goes away: both processes notice and tell their pages to catch up.
      await stopRedis(redis!);
      redis = null;
      await within(5000, async () => pages.every((pg) => pg.resyncs.length === 1) && senderOnA.resyncs.length === 1);
      // The pages' catch-up reads finish first: one still in flight when the next message is
      // stored would read it from the database, and B's page would have it without the bus.
      await Promise.all([...pages, senderOnA].map((pg) => pg.settled()));

      // Sent through A while the bus is down: A's own sockets still get it at once, and so does
      // B's for a message sent through B.
      const viaA = await send(a, sender);
      await within(1000, async () => onA.seen.has(viaA) && senderOnA.seen.has(viaA));
      const viaB = await send(b, receiver);
      await within(1000, async () => onB.seen.has(viaB));
      expect(onB.seen.has(viaA)).toBe(false); // B could not hear A: its page waits for the resync

      redis = await startRedis(redisPort);
      const back = Date.now();
      // Sent just after Redis is back, before either process has necessarily reconnected.
      await send(a, sender);
      await within(CATCH_UP_MS + 3000, async () => pages.every((pg) => acked.every((no) => pg.seen.has(no))));
      const late = Date.now() - back;
      console.info(`bus-outage (${dialect}): every acknowledged message on every page ${late} ms after Redis was back`);
      expect(late, `every acknowledged message on every page ${late} ms after Redis returned`).toBeLessThan(CATCH_UP_MS);
      await within(3000, async () => pages.every((pg) => pg.resyncs.length >= 2));
      for (const pg of pages) await pg.settled();

      // And the bus carries between processes again.
      const after = await send(a, sender);
      await within(3000, async () => onB.seen.has(after));
    } finally {
      for (const pg of [onA, onB, senderOnA]) pg.socket.ws.terminate();
    }
  }, 60_000);
});
