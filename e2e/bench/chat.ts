/**
 * Chat figures, against the running portal (one API process, SQLite):
 * - messages per second one API process stores and announces (sends over a few connections);
 * - delivery latency p50/p99 of one message fanned out to N connected sockets (measured from the
 *   server's publish time to receipt), against a bare `ws` broadcast of the same frame to N
 *   sockets in this run (from the broadcast call to receipt) — goal p99 ≤ 1.5× the bare one;
 * - the API's memory per idle connected (authenticated) socket.
 * Both fan-outs are received by this one process, so the client side costs the same in each.
 */
import fs from 'node:fs';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { ADMIN, DEMO_PASSWORD, MEMBER } from '../support/env';

const API = '/service/api/v1';
const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 2000);
const SEND_SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 5);
const SEND_CONCURRENCY = 4;
const ROUNDS = 5;

const round1 = (n: number) => Math.round(n * 10) / 10;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

async function call<T>(baseUrl: string, method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${API}${url}`, {
    method,
    headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : null,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: HTTP ${res.status} ${text}`);
  return (JSON.parse(text) as { items: T }).items;
}

const login = async (baseUrl: string, employee_number: string) =>
  (await call<{ access_token: string }>(baseUrl, 'POST', '/auth/login', null, { employee_number, password: DEMO_PASSWORD })).access_token;

function rssKb(pid: number): number {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

/** Opens n sockets (authenticated when a token is given) and resolves once all are ready. */
async function openSockets(url: string, n: number, token?: string): Promise<WebSocket[]> {
  const out: WebSocket[] = [];
  for (let start = 0; start < n; start += 200) {
    const batch = Array.from(
      { length: Math.min(200, n - start) },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url);
          ws.once('error', reject);
          ws.once('open', () => {
            if (!token) return resolve(ws);
            ws.send(JSON.stringify({ type: 'auth', token }));
            ws.once('message', () => resolve(ws)); // { type: 'ready' }
          });
        }),
    );
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

/** Resolves with each socket's receipt time of the first frame matching `match`. */
function receipts(sockets: WebSocket[], match: (data: string) => boolean): Promise<number[]> {
  return Promise.all(
    sockets.map(
      (ws) =>
        new Promise<number>((resolve) => {
          const on = (raw: WebSocket.RawData) => {
            if (!match(raw.toString())) return;
            ws.off('message', on);
            resolve(performance.timeOrigin + performance.now());
          };
          ws.on('message', on);
        }),
    ),
  );
}

async function sendRate(baseUrl: string, token: string, chatId: number) {
  let sent = 0;
  let seq = 0;
  const until = Date.now() + SEND_SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: SEND_CONCURRENCY }, async () => {
      while (Date.now() < until) {
        await call(baseUrl, 'POST', `/message/${chatId}`, token, {
          content: `bench ${seq}`,
          client_message_id: `bench-${process.pid}-${seq++}`,
        });
        sent++;
      }
    }),
  );
  return { messages: sent, seconds: round1((performance.now() - t0) / 1000), per_second: round1(sent / ((performance.now() - t0) / 1000)) };
}

async function bareBroadcast(frame: string) {
  const child = fork(fileURLToPath(new URL('./bare-ws-server.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  const next = () =>
    new Promise<{ port?: number; at?: number }>((r) => child.once('message', (m) => r(m as { port?: number; at?: number })));
  try {
    const { port } = await next();
    const clients = await openSockets(`ws://127.0.0.1:${port}`, SOCKETS);
    const latencies: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const marker = `"round":${round}`;
      const got = receipts(clients, (d) => d.includes(marker));
      const started = next();
      child.send({ frame: frame.replace('"round":0', marker) });
      const [{ at }, times] = await Promise.all([started, got]);
      latencies.push(...times.map((t) => t - at!));
    }
    for (const c of clients) c.terminate();
    return { p50_ms: round1(pct(latencies, 50)), p99_ms: round1(pct(latencies, 99)) };
  } finally {
    child.kill();
  }
}

export async function benchChat(baseUrl: string, pid: number) {
  const sender = await login(baseUrl, ADMIN.employeeNumber);
  const receiver = await login(baseUrl, MEMBER.employeeNumber);
  const me = await call<{ info: { id: number } }>(baseUrl, 'GET', '/members/me', receiver);
  const chat = await call<{ group_chat: { id: number } | null }>(baseUrl, 'GET', `/check-group-chat-exist?user_ids=${me.info.id}`, sender);
  if (!chat.group_chat) throw new Error('the demo one-to-one chat of E0001 and E0002 is missing');
  const chatId = chat.group_chat.id;

  const rate = await sendRate(baseUrl, sender, chatId);

  const wsUrl = `${baseUrl.replace(/^http/, 'ws')}${API}/realtime`;
  const rssBefore = rssKb(pid);
  const sockets = await openSockets(wsUrl, SOCKETS, receiver);
  await new Promise((r) => setTimeout(r, 1000));
  const rssAfter = rssKb(pid);
  const latencies: number[] = [];
  let frameBytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const clientId = `fanout-${process.pid}-${round}`;
    let at = 0;
    const got = receipts(sockets, (d) => {
      if (!d.includes('"chat.message"')) return false;
      frameBytes = d.length;
      at = (JSON.parse(d) as { event: { at: number } }).event.at;
      return true;
    });
    await call(baseUrl, 'POST', `/message/${chatId}`, sender, { content: `fan-out ${round}`, client_message_id: clientId });
    latencies.push(...(await got).map((t) => t - at));
  }
  for (const s of sockets) s.terminate();
  const portal = { p50_ms: round1(pct(latencies, 50)), p99_ms: round1(pct(latencies, 99)) };
  const bare = await bareBroadcast(
    JSON.stringify({
      type: 'event',
      event: { kind: 'chat.message', payload: { group_chat_id: chatId, round: 0, pad: 'x'.repeat(Math.max(0, frameBytes - 90)) }, at: 0 },
    }),
  );
  return {
    send: rate,
    fan_out: {
      sockets: SOCKETS,
      rounds: ROUNDS,
      portal,
      bare_ws: bare,
      p99_ratio_to_bare: bare.p99_ms > 0 ? round1(portal.p99_ms / bare.p99_ms) : null,
      goal_p99_ratio: 1.5,
    },
    idle_socket_kb: round1((rssAfter - rssBefore) / SOCKETS),
  };
}
