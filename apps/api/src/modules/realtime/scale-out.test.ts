import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config';
import { TestSocket } from './ws-client.test-util';

/**
 * The scale-out proof: two real API processes on one PostgreSQL database and one Redis. A
 * change made through process A must reach a WebSocket held by process B.
 */
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const API = '/service/api/v1';
// Two ports from this suite's range (18200-18299); randomised so a stale run cannot collide.
const BASE_PORT = 18200 + 2 * randomInt(0, 40);

interface Proc {
  child: ChildProcess;
  port: number;
  http: string;
  output: string[];
}

const dbName = `portal_rt_${randomBytes(6).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scale-'));
const procs: Proc[] = [];

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

function start(name: string, port: number): Proc {
  const dataDir = path.join(tmp, name);
  fs.mkdirSync(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      REDIS_URL,
      LOG_LEVEL: 'warn',
      // NODE_ENV=production seeds nothing by default; this test logs in as the demo users.
      SEED_DEMO: '1',
      // Every engineer's tests share Redis-backed limits on 127.0.0.1; ours must not trip them.
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_MAX: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const p: Proc = { child, port, http: `http://127.0.0.1:${port}`, output: [] };
  child.stdout!.on('data', (d: Buffer) => p.output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => p.output.push(d.toString()));
  procs.push(p);
  return p;
}

async function waitHealthy(p: Proc, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null) throw new Error(`API on ${p.port} exited ${p.child.exitCode}:\n${p.output.join('')}`);
    try {
      const res = await fetch(`${p.http}${API}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`API on ${p.port} not healthy in ${ms} ms:\n${p.output.join('')}`);
}

function stop(p: Proc): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
    p.child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    p.child.kill('SIGTERM');
  });
}

async function login(p: Proc, employee_number: string): Promise<string> {
  const res = await fetch(`${p.http}${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ employee_number, password: 'Portal#2026' }),
  });
  if (!res.ok) throw new Error(`login ${employee_number} on ${p.port}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { items: { access_token: string } }).items.access_token;
}

describe('realtime across two API processes (PostgreSQL + Redis)', () => {
  let a: Proc;
  let b: Proc;

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    // A first: it migrates and seeds the fresh database; then B joins the running system.
    a = start('a', BASE_PORT);
    await waitHealthy(a);
    b = start('b', BASE_PORT + 1);
    await waitHealthy(b);
  }, 150_000);

  afterAll(async () => {
    await Promise.all(procs.map(stop));
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    fs.rmSync(tmp, { recursive: true, force: true });
  }, 30_000);

  it('a settings PATCH on A is delivered to the user’s socket on B, and only to that user', async () => {
    const member = await login(a, 'E0002');
    const other = await login(b, 'E0001');
    const wsUrl = (p: Proc) => `ws://127.0.0.1:${p.port}${API}/realtime`;

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
    const stranger = await login(b, 'E0034');
    const api = (p: Proc, token: string, path: string, init: RequestInit = {}) =>
      fetch(`${p.http}${API}${path}`, { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
    const me = (await (await api(b, receiver, '/members/me')).json()) as { items: { info: { id: number } } };
    const exist = (await (await api(a, sender, `/check-group-chat-exist?user_ids=${me.items.info.id}`)).json()) as { items: { group_chat: { id: number } } };
    const chatId = exist.items.group_chat.id; // a demo one-to-one chat
    const onB = await TestSocket.open(`ws://127.0.0.1:${b.port}${API}/realtime`);
    const strangerOnB = await TestSocket.open(`ws://127.0.0.1:${b.port}${API}/realtime`);
    try {
      await onB.auth(receiver);
      await strangerOnB.auth(stranger);
      const started = Date.now();
      const sent = await api(a, sender, `/message/${chatId}`, { method: 'POST', body: JSON.stringify({ content: '別プロセスへ', client_message_id: 'scale-out-1' }) });
      expect(sent.status).toBe(200);
      const got = await onB.next((f) => f.event?.kind === 'chat.message', { timeoutMs: 5000 });
      expect(Date.now() - started).toBeLessThan(1000);
      const { no } = got.event!.payload as { no: number };
      const missed = (await (await api(b, receiver, `/message/${chatId}?after_no=${no - 1}`)).json()) as { items: { data: { content: string }[] } };
      expect(missed.items.data.map((m) => m.content)).toEqual(['別プロセスへ']);
      await new Promise((r) => setTimeout(r, 300));
      expect(onB.events('chat.message')).toHaveLength(1);
      expect(strangerOnB.frames.filter((f) => f.event?.kind.startsWith('chat.'))).toEqual([]);
    } finally {
      for (const s of [onB, strangerOnB]) s.ws.terminate();
    }
  }, 30_000);

  it('B refuses a bad token over the same route', async () => {
    const s = await TestSocket.open(`ws://127.0.0.1:${b.port}${API}/realtime`);
    s.send({ type: 'auth', token: 'forged' });
    expect(await s.closeWithin(5000)).toEqual({ code: 4401, reason: 'INVALID_TOKEN' });
  });
});
