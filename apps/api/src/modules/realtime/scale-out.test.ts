import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, sharedPgDatabase, startApi, stopApi, TEST_REDIS_URL, waitHealthy, type ApiProc } from '../../test/processes.test-util';
import { TestSocket } from './ws-client.test-util';

/**
 * The scale-out proof: two real API processes on one PostgreSQL database and one Redis. A
 * change made through process A must reach a WebSocket held by process B.
 */
// Two ports from this suite's range (18200-18299); randomised so a stale run cannot collide.
const BASE_PORT = 18200 + 2 * randomInt(0, 40);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scale-'));
const procs: ApiProc[] = [];

function start(name: string, port: number, dbUrl: string): ApiProc {
  const dataDir = path.join(tmp, name);
  fs.mkdirSync(dataDir);
  const p = startApi(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    REDIS_URL: TEST_REDIS_URL,
    // NODE_ENV=production seeds nothing by default; this test logs in as the demo users.
    SEED_ON_EMPTY: '1',
    SEED_DEMO: '1',
    // The longest session cache there is: a change that counts on B within a few seconds was
    // announced to B, it did not merely age out (auth/session-cache.ts).
    SESSION_CACHE_MS: '10000',
  });
  procs.push(p);
  return p;
}

async function login(p: ApiProc, employee_number: string): Promise<string> {
  const res = await fetch(`${p.http}${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ employee_number, password: 'Portal#2026' }),
  });
  if (!res.ok) throw new Error(`login ${employee_number} on ${p.port}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { items: { access_token: string } }).items.access_token;
}

describe('realtime across two API processes (PostgreSQL + Redis)', () => {
  let a: ApiProc;
  let b: ApiProc;
  let db: Awaited<ReturnType<typeof sharedPgDatabase>>;

  beforeAll(async () => {
    db = await sharedPgDatabase('portal_rt');
    // A first: it migrates and seeds the fresh database; then B joins the running system.
    a = start('a', BASE_PORT, db.url);
    await waitHealthy(a);
    b = start('b', BASE_PORT + 1, db.url);
    await waitHealthy(b);
  }, 150_000);

  afterAll(async () => {
    await Promise.all(procs.map(stopApi));
    await db?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }, 30_000);

  it('a settings PATCH on A is delivered to the user’s socket on B, and only to that user', async () => {
    const member = await login(a, 'E0002');
    const other = await login(b, 'E0001');
    const wsUrl = (p: ApiProc) => `ws://127.0.0.1:${p.port}${API}/realtime`;

    const onB = await TestSocket.open(wsUrl(b));
    const onA = await TestSocket.open(wsUrl(a));
    const otherOnB = await TestSocket.open(wsUrl(b));
    try {
      // The token was issued by A; B verifies it against the shared database.
      await onB.auth(member);
      await onA.auth(member);
      await otherOnB.auth(other);

      const res = await fetch(`${a.http}${API}/members/me/settings/setting_display`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${member}` },
        body: JSON.stringify({ number_item_lists: 25 }),
      });
      expect(res.status).toBe(200);

      const got = await onB.next((f) => f.event?.kind === 'settings.updated', { timeoutMs: 5000 });
      expect(got.event!.payload).toEqual({ section: 'setting_display' });
      await onA.next((f) => f.event?.kind === 'settings.updated', { timeoutMs: 5000 });
      await new Promise((r) => setTimeout(r, 300));
      expect(otherOnB.events('settings.updated')).toEqual([]);
      expect(onB.events('settings.updated')).toHaveLength(1);
    } finally {
      for (const s of [onB, onA, otherOnB]) s.ws.terminate();
    }
  }, 30_000);

  it('a chat message sent through A reaches the other member’s socket on B, stored, and no one else', async () => {
    const sender = await login(a, 'E0001');
    const receiver = await login(b, 'E0002');
    const stranger = await login(b, 'E0003'); // in groups, not in this one-to-one chat
    const api = (p: ApiProc, token: string, path: string, init: RequestInit = {}) =>
      fetch(`${p.http}${API}${path}`, { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
    const me = (await (await api(b, receiver, '/members/me')).json()) as { items: { info: { id: number } } };
    const exist = (await (await api(a, sender, `/check-group-chat-exist?user_ids=${me.items.info.id}`)).json()) as {
      items: { group_chat: { id: number } };
    };
    const chatId = exist.items.group_chat.id; // a demo one-to-one chat
    const onB = await TestSocket.open(`ws://127.0.0.1:${b.port}${API}/realtime`);
    const strangerOnB = await TestSocket.open(`ws://127.0.0.1:${b.port}${API}/realtime`);
    try {
      await onB.auth(receiver);
      await strangerOnB.auth(stranger);
      const started = Date.now();
      const sent = await api(a, sender, `/message/${chatId}`, {
        method: 'POST',
        body: JSON.stringify({ content: '別プロセスへ', client_message_id: 'scale-out-1' }),
      });
      expect(sent.status).toBe(200);
      const got = await onB.next((f) => f.event?.kind === 'chat.message', { timeoutMs: 5000 });
      expect(Date.now() - started).toBeLessThan(1000);
      const { no } = got.event!.payload as { no: number };
      const missed = (await (await api(b, receiver, `/message/${chatId}?after_no=${no - 1}`)).json()) as {
        items: { data: { content: string }[] };
      };
      expect(missed.items.data.map((m) => m.content)).toEqual(['別プロセスへ']);
      await new Promise((r) => setTimeout(r, 300));
      expect(onB.events('chat.message')).toHaveLength(1);
      expect(strangerOnB.frames.filter((f) => f.event?.kind.startsWith('chat.'))).toEqual([]);
    } finally {
      for (const s of [onB, strangerOnB]) s.ws.terminate();
    }
  }, 30_000);

  it('a logout on A and rights withdrawn on A count on B at once, though B had cached the session', async () => {
    const api = (p: ApiProc, token: string, path: string, init: RequestInit = {}) =>
      fetch(`${p.http}${API}${path}`, { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
    /** Polls B until it answers `status` (the bus message takes milliseconds; the cache holds 10 s). */
    const soon = async (token: string, path: string, status: number) => {
      const started = Date.now();
      for (;;) {
        const res = await api(b, token, path);
        if (res.status === status || Date.now() - started > 3000) return res.status;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const admin = await login(a, 'E0001');
    const member = await login(a, 'E0002');
    expect((await api(b, member, '/members/me')).status).toBe(200);
    const { items } = (await (await api(b, member, '/members/me')).json()) as { items: { info: { id: number } } };
    expect((await api(b, member, '/company/users?page=1')).status).toBe(403);

    const rights = (on: boolean) =>
      api(a, admin, `/company/users/${items.info.id}/rights`, { method: 'PUT', body: JSON.stringify({ is_company_admin: on }) });
    expect((await rights(true)).status).toBe(200);
    expect(await soon(member, '/company/users?page=1', 200)).toBe(200);
    expect((await rights(false)).status).toBe(200);
    expect(await soon(member, '/company/users?page=1', 403)).toBe(403);

    expect((await api(a, member, '/auth/logout', { method: 'POST', body: '{}' })).status).toBe(200);
    expect(await soon(member, '/members/me', 401)).toBe(401);
  }, 30_000);

  it('B refuses a bad token over the same route', async () => {
    const s = await TestSocket.open(`ws://127.0.0.1:${b.port}${API}/realtime`);
    s.send({ type: 'auth', token: 'forged' });
    expect(await s.closeWithin(5000)).toEqual({ code: 4401, reason: 'INVALID_TOKEN' });
  });
});
