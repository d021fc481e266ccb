import { ApiError, parseErrorBody } from './errors';
import { buildPath, type CallArgs, type CallResult } from './endpoint';
// Types only: the schemas behind `endpoints` stay off the browser's start-up path; method, path
// and auth come from the generated route table.
import type { EndpointName, Endpoints } from './endpoints';
import type { Route } from './endpoint';
import { startRoutes } from './routes.start.gen';
import { API_PREFIX } from './constants';

/** `BodyInit` is a DOM-only name; this spelling also compiles in apps/api (no DOM lib). */
type RequestBody = NonNullable<RequestInit['body']>;

export interface TokenStore {
  getAccessToken(): string | null;
  setAccessToken(token: string | null): void;
  /** Runs a refresh alone among every tab of the browser (they share the rotating cookie). */
  exclusive?<T>(fn: () => Promise<T>): Promise<T>;
}

export interface ApiClientOptions {
  /** Origin + prefix; defaults to same-origin `/service/api/v1`. */
  baseUrl?: string;
  tokens: TokenStore;
  fetch?: typeof fetch;
  /** Called once the session cannot be recovered (refresh failed, or a session-ending 401). */
  onSessionEnd?: (err: ApiError) => void;
  /** Waiting out a 503 (busyDelay); tests pin the random source and the clock. */
  busy?: BusyRetryOptions;
}

export interface BusyRetryOptions {
  /** Tries in all for a GET or HEAD answered 503, the first included (default 4). */
  attempts?: number;
  /** Cap of one wait (default 15 s). */
  maxDelayMs?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Told before each wait, e.g. to show "busy, retrying". */
  onRetry?: (info: { method: string; path: string; attempt: number; delayMs: number }) => void;
}

/**
 * The wait before try `attempt` + 1 after a 503: never earlier than the server's Retry-After
 * (seconds; 1 when absent or unreadable), doubling with each further try, plus up to as much
 * again at random so the clients a node shed together do not all come back together.
 */
export function busyDelay(retryAfter: string | null, attempt: number, maxMs: number, random: () => number): number {
  const seconds = Number(retryAfter);
  const floor = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
  const base = Math.min(maxMs, floor * 2 ** Math.max(0, attempt - 1));
  return Math.round(Math.min(maxMs, base + random() * base));
}

/** Only what may safely be sent twice is retried without the user asking: reads. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export interface ApiClient {
  call<N extends EndpointName>(name: N, args?: CallArgs<Endpoints[N]>): Promise<CallResult<Endpoints[N]>>;
  /** Raw request for binary downloads and multipart uploads; same auth and refresh handling. */
  request(method: string, path: string, init?: { body?: RequestBody; headers?: Record<string, string> }): Promise<Response>;
  refresh(): Promise<string>;
}

function toQueryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/**
 * The new access token of a refresh reply. Checked by hand because it is stored and sent on every
 * later call: a malformed reply must fail the refresh, not poison the session.
 */
function accessTokenOf(body: unknown): string {
  const token = (body as { items?: { access_token?: unknown } } | null)?.items?.access_token;
  // A plain Error: the caller turns it into the same session end as a refused refresh.
  if (typeof token !== 'string' || !token) throw new Error('malformed refresh reply');
  return token;
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Non-JSON error (proxy page, empty body): fall through to a generic error.
  }
  const parsed = parseErrorBody(body);
  if (parsed) return new ApiError(res.status, parsed.status_code, parsed.message, parsed);
  const code = res.status === 429 ? 'API_RATE_EXCEEDED' : res.status === 404 ? 'NOT_FOUND' : 'INTERNAL_ERROR';
  return new ApiError(res.status, code, res.statusText || code);
}

const startTable: Record<string, Route> = startRoutes;
let fullTable: Promise<Record<string, Route>> | null = null;

/**
 * Method, path and auth of an endpoint. The start-up calls are bundled (routes.start.gen.ts);
 * the full table of ~300 routes is its own chunk, fetched on the first call outside that set.
 * A failed fetch (flaky network) is not remembered, so the next call tries again.
 */
async function routeOf(name: string): Promise<Route | undefined> {
  if (Object.hasOwn(startTable, name)) return startTable[name];
  // By package name, not './routes.gen': the share key makes it the one copy the shell provides
  // to the remotes (their topic screens read paths from it).
  fullTable ??= import('@portal/api-client/routes').then(
    (m) => m.routes as Record<string, Route>,
    (e: unknown) => {
      fullTable = null;
      throw e;
    },
  );
  const table = await fullTable;
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/**
 * Typed client over `endpoints`: bearer token on every call, one refresh-and-retry on a 401
 * TOKEN_EXPIRED, error bodies mapped to ApiError. Concurrent 401s share one refresh.
 *
 * Success bodies are not parsed here: the API validates every reply against the endpoint's
 * response schema before sending it (apps/api/src/http/route.ts), so a second check in the
 * browser would only cost zod and the schemas on the start-up path.
 */
export function createApiClient(opts: ApiClientOptions): ApiClient {
  const base = opts.baseUrl ?? API_PREFIX;
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  let refreshing: Promise<string> | null = null;
  const attempts = Math.max(1, opts.busy?.attempts ?? 4);
  const maxDelayMs = opts.busy?.maxDelayMs ?? 15_000;
  const random = opts.busy?.random ?? Math.random;
  const sleep = opts.busy?.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  /**
   * A 503 (the server shed the request or its database was briefly away) is waited out and a
   * read tried again, a bounded number of times; a write is handed back to the caller, which
   * shows SERVICE_BUSY ("try again") rather than risk doing it twice.
   */
  async function withBusyRetry(
    method: string,
    path: string,
    body: RequestBody | undefined,
    headers: Record<string, string>,
    auth: boolean,
  ): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const res = await withRetry(method, path, body, headers, auth);
      if (res.status !== 503 || attempt >= attempts || !SAFE_METHODS.has(method)) return res;
      const delayMs = busyDelay(res.headers.get('Retry-After'), attempt, maxDelayMs, random);
      opts.busy?.onRetry?.({ method, path, attempt, delayMs });
      await res.body?.cancel().catch(() => undefined);
      await sleep(delayMs);
    }
  }

  async function send(method: string, path: string, body: RequestBody | undefined, headers: Record<string, string>, auth: boolean) {
    const h: Record<string, string> = { Accept: 'application/json', ...headers };
    const token = opts.tokens.getAccessToken();
    if (auth && token) h.Authorization = `Bearer ${token}`;
    return { token, res: await doFetch(base + path, { method, body, headers: h, credentials: 'same-origin' }) };
  }

  /**
   * POST (the server checks its Origin; the spec's GET would let any link rotate the cookie).
   * The refresh token itself is the HttpOnly cookie, which rotates on every use; a tab that
   * waited for another tab's refresh takes the token that one shared instead of refreshing again.
   */
  function refresh(): Promise<string> {
    refreshing ??= (async () => {
      const before = opts.tokens.getAccessToken();
      const run = async () => {
        const now = opts.tokens.getAccessToken();
        if (now && now !== before) return now;
        const res = await doFetch(base + startRoutes.refresh.path, {
          method: startRoutes.refresh.method,
          headers: { Accept: 'application/json' },
          credentials: 'same-origin',
        });
        if (!res.ok) throw await toApiError(res);
        const token = accessTokenOf(await res.json());
        opts.tokens.setAccessToken(token);
        return token;
      };
      try {
        return await (opts.tokens.exclusive ? opts.tokens.exclusive(run) : run());
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function withRetry(
    method: string,
    path: string,
    body: RequestBody | undefined,
    headers: Record<string, string>,
    auth: boolean,
  ): Promise<Response> {
    const first = await send(method, path, body, headers, auth);
    let res = first.res;
    if (res.status !== 401 || !auth) return res;
    const err = await toApiError(res.clone());
    if (err.code !== 'TOKEN_EXPIRED') {
      if (err.code !== 'USER_NOT_BE_LONG_TO_GROUP') opts.onSessionEnd?.(err);
      return res;
    }
    // A concurrent call may already have refreshed while this one was in flight; refreshing
    // again would spend (and, with rotating refresh tokens, burn) the refresh token for nothing.
    const current = opts.tokens.getAccessToken();
    if (!current || current === first.token) {
      try {
        await refresh();
      } catch (e) {
        const failure = e instanceof ApiError ? e : new ApiError(401, 'INVALID_TOKEN', 'refresh failed');
        opts.onSessionEnd?.(failure);
        return res;
      }
    }
    res = (await send(method, path, body, headers, auth)).res;
    if (res.status === 401) opts.onSessionEnd?.(await toApiError(res.clone()));
    return res;
  }

  return {
    refresh,
    async call(name, args) {
      const ep = await routeOf(name);
      // Only reachable from untyped callers or a stale route table (see routes.gen.ts).
      if (!ep) throw new Error(`unknown endpoint ${String(name)}`);
      const a = (args ?? {}) as { params?: Record<string, unknown>; query?: unknown; body?: unknown };
      const path = buildPath(ep.path, a.params) + toQueryString(a.query);
      const hasBody = a.body !== undefined && ep.method !== 'GET';
      const res = await withBusyRetry(
        ep.method,
        path,
        hasBody ? JSON.stringify(a.body) : undefined,
        hasBody ? { 'Content-Type': 'application/json' } : {},
        ep.auth,
      );
      if (!res.ok) throw await toApiError(res);
      return (await res.json()) as CallResult<Endpoints[typeof name]>;
    },
    async request(method, path, init) {
      const res = await withBusyRetry(method, path, init?.body, init?.headers ?? {}, true);
      if (!res.ok) throw await toApiError(res);
      return res;
    },
  };
}
