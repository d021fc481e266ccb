/** The load bench's HTTP side (load-user.ts): its calls, the session refresh and the counters. */
import http from 'node:http';
import zlib from 'node:zlib';
import { REFRESH_COOKIE } from '../../apps/api/src/modules/auth/routes';
import { busyDelay } from '../../packages/api-client/src/client';
import { API, routeOf, type Sample } from './load-support';

interface Answer {
  status: number;
  retryAfter: string | null;
}

export const stats = {
  samples: [] as Sample[],
  frames: 0,
  requests: 0,
  errors: 0,
  subscribed: { ok: 0, refused: 0 },
  frameKinds: new Map<string, number>(),
};

/** A frame's kind for the report: the event's kind, or the message type (ready, subscribed…). */
export function countFrame(msg: { type: string; event?: { kind: string } }) {
  const kind = msg.type === 'event' && msg.event ? msg.event.kind : msg.type;
  stats.frameKinds.set(kind, (stats.frameKinds.get(kind) ?? 0) + 1);
}

/**
 * Kept-alive connections through node:http rather than fetch: the generator shares the two cores
 * with the servers it measures, and fetch cost it about twice the CPU per request. It asks for
 * compressed answers as a browser does (so the servers compress as they would for one) and
 * reads each answer to its end, decoding only the few a caller keeps (`keep`: home's news, whose
 * unread ids the user reports read).
 */
// Bounded per API process: when a saturated server stalls, six calls per user still pile up
// (30 000 sockets at 5 000 users), and one run ended with the generator out of file
// descriptors (EMFILE at its limit of 20 000, with 5 000 sockets of the users besides). Calls
// past the bound wait for a socket, their time still counted from the call. Idle connections are
// kept as a browser keeps its own: with the default of 256 idle per server, the rest were closed
// after each burst and reopened at the next, thousands at once, overflowing the server's accept
// queue; a dropped SYN is retried after 1, 3, 7… s, which the step then measured as the server's.
const agent = new http.Agent({ keepAlive: true, maxSockets: 6000, maxFreeSockets: 6000 });
const ACCEPT_ENCODING = 'gzip, deflate, br';

/** Calls waiting for one of the agent's sockets (their wait counts in their time), and sockets open. */
export function agentQueue(): { waiting: number; sockets: number } {
  const sum = (m: NodeJS.ReadOnlyDict<unknown[]>) => Object.values(m).reduce((n, list) => n + (list?.length ?? 0), 0);
  return { waiting: sum(agent.requests), sockets: sum(agent.sockets) };
}

/** What a call needs of its user: where it logs in and its current tokens. */
export interface Caller {
  readonly base: string;
  token: string;
  /** The browser's answer to a 401: one refresh for all calls that got it, then each retries. */
  refresh(): Promise<boolean>;
  /** The user's browser connections (ConnectionSlots): at most six requests at a time. */
  readonly slots: ConnectionSlots;
}

/**
 * A browser opens at most six HTTP/1.1 connections to one origin and queues further requests
 * (home's first view asks ten things at once). Without that bound a slowed server met a growing
 * pile of parallel requests per user, and the generator ran out of file descriptors. The wait in
 * the queue is not counted in a call's time: the pass rule measures the server's answers.
 */
export class ConnectionSlots {
  private busy = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly max = 6) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.busy >= this.max) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.busy++;
    try {
      return await fn();
    } finally {
      this.busy--;
      this.queue.shift()?.();
    }
  }
}

/** One request; the answer's status (599 for a network error) and its Retry-After. */
function send(
  base: string,
  headers: Record<string, string | number>,
  method: string,
  url: string,
  payload: string | undefined,
  route: string,
  keep?: (body: Buffer) => void,
): Promise<Answer> {
  stats.requests++;
  const t0 = performance.now();
  return new Promise<Answer>((resolve) => {
    let done = false;
    const failed = () => {
      if (done) return;
      done = true;
      stats.errors++;
      stats.samples.push({ ms: performance.now() - t0, status: 599, route });
      resolve({ status: 599, retryAfter: null });
    };
    const req = http.request(
      `${base}${API}${url}`,
      {
        method,
        agent,
        headers: {
          'accept-encoding': ACCEPT_ENCODING,
          ...headers,
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => keep && chunks.push(c));
        res.on('end', () => {
          if (done) return;
          done = true;
          const status = res.statusCode ?? 599;
          if (keep && status === 200) keep(decoded(Buffer.concat(chunks), res.headers['content-encoding']));
          stats.samples.push({ ms: performance.now() - t0, status, route });
          const retryAfter = res.headers['retry-after'];
          resolve({ status, retryAfter: typeof retryAfter === 'string' ? retryAfter : null });
        });
        res.on('error', failed);
      },
    );
    req.on('error', failed);
    req.end(payload);
  });
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

/**
 * A call as the app's client makes it: on a 401 (the access token lives 15 minutes, and a slow
 * machine's run is longer) it refreshes the session once and retries. Both show in the samples.
 */
export async function call(user: Caller, method: string, url: string, body?: unknown, keep?: (body: Buffer) => void): Promise<void> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const route = routeOf(method, url);
  for (let attempt = 1; ; attempt++) {
    const token = user.token;
    let answer = await user.slots.run(() => send(user.base, { authorization: `Bearer ${token}` }, method, url, payload, route, keep));
    if (answer.status === 401) {
      if (user.token === token && !(await user.refresh())) return;
      answer = await user.slots.run(() => send(user.base, { authorization: `Bearer ${user.token}` }, method, url, payload, route, keep));
    }
    // Shed (503): the app's client waits as its busyDelay says (Retry-After, doubling, jitter) and
    // tries a read again up to 4 tries in all; a write is left to the user (packages/api-client).
    if (answer.status !== 503 || method !== 'GET' || attempt >= BUSY_ATTEMPTS) return;
    await new Promise((r) => setTimeout(r, busyWait(attempt, answer.retryAfter)));
  }
}

const BUSY_ATTEMPTS = 4;
/** The app client's wait before another try of a shed read. */
export const busyWait = (attempt: number, retryAfter: string | null = null) => busyDelay(retryAfter, attempt, 15_000, Math.random);

/** POST /auth/refresh with the rotating cookie, from the portal's own origin as a browser sends it. */
export async function refreshSession(base: string, cookie: string): Promise<{ token: string; cookie: string } | null> {
  stats.requests++;
  const t0 = performance.now();
  const res = await fetch(`${base}${API}/auth/refresh`, { method: 'POST', headers: { cookie, origin: base } }).catch(() => null);
  if (!res) stats.errors++;
  stats.samples.push({ ms: performance.now() - t0, status: res?.status ?? 599, route: 'POST /auth/refresh' });
  if (!res?.ok) return null;
  const token = ((await res.json()) as { items: { access_token: string } }).items.access_token;
  return { token, cookie: refreshCookieIn(res) ?? cookie };
}

/** The rotating refresh cookie's name=value pair a login or refresh answer sets, if any. */
function refreshCookieIn(res: Response): string | undefined {
  return res.headers
    .getSetCookie()
    .find((x) => x.startsWith(`${REFRESH_COOKIE}=`))
    ?.split(';')[0];
}

export function refreshCookieOf(login: Response): string {
  const c = refreshCookieIn(login);
  if (!c) throw new Error('no refresh cookie on login');
  return c;
}
