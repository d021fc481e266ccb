import { describe, expect, it, vi } from 'vitest';
import { busyDelay, createApiClient, type TokenStore } from './client';
import { ApiError } from './errors';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

type Handler = (req: Seen) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const tokenBody = (t: string) => ({
  items: { access_token: t, token_type: 'Bearer', expires_in: 900 },
});
const expired = () => json(401, { status_code: 'TOKEN_EXPIRED', message: 'expired' });

/** A fake server: records every request and answers from `handler`. */
function setup(handler: Handler, initialToken: string | null = 'old') {
  const seen: Seen[] = [];
  let token = initialToken;
  const tokens: TokenStore & { set: ReturnType<typeof vi.fn<(t: string | null) => void>> } = {
    getAccessToken: () => token,
    setAccessToken: (t) => {
      token = t;
      tokens.set(t);
    },
    set: vi.fn(),
  };
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req: Seen = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body as string | undefined,
    };
    seen.push(req);
    return handler(req);
  });
  const onSessionEnd = vi.fn();
  const client = createApiClient({ tokens, fetch: fetchImpl as typeof fetch, onSessionEnd });
  return { client, seen, tokens, onSessionEnd, fetchImpl };
}

const isRefresh = (r: Seen) => r.url === '/service/api/v1/auth/refresh';
const okBody = { items: { ok: true } };

describe('requests', () => {
  it('auth:false call: prefixed URL, JSON body, no bearer even with a token', async () => {
    const { client, seen } = setup(() => json(200, tokenBody('t1')), 'present');
    const out = await client.call('login', { body: { employee_number: 'E0002', password: 'Portal#2026' } });
    expect(out.items.access_token).toBe('t1');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toEqual({
      url: '/service/api/v1/auth/login',
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ employee_number: 'E0002', password: 'Portal#2026' }),
    });
  });

  it('auth call: bearer header, encoded path params, JSON body', async () => {
    const { client, seen } = setup(() => json(200, { items: {} }));
    await client.call('updateSettings', { params: { section: 'a b/ç?' as never }, body: { number_item_lists: 20 } }).catch(() => {});
    expect(seen[0]!.url).toBe('/service/api/v1/members/me/settings/a%20b%2F%C3%A7%3F');
    expect(seen[0]!.method).toBe('PATCH');
    expect(seen[0]!.headers.Authorization).toBe('Bearer old');
    expect(seen[0]!.headers['Content-Type']).toBe('application/json');
    expect(seen[0]!.body).toBe('{"number_item_lists":20}');
  });

  it('query string: set values encoded, undefined ones left out; GET has no body', async () => {
    const policy = { items: { title: 't', content: 'c', updated_at: 1 } };
    const { client, seen } = setup(() => json(200, policy));
    await client.call('privacyPolicy', { query: { lang: 'en' } });
    await client.call('termOfUse', { query: { lang: undefined } });
    expect(seen.map((s) => s.url)).toEqual(['/service/api/v1/privacy-policy?lang=en', '/service/api/v1/term-of-use']);
    expect(seen[0]!.body).toBeUndefined();
    expect(seen[0]!.headers.Authorization).toBeUndefined();
    expect(seen[0]!.headers['Content-Type']).toBeUndefined();
  });

  it('uses baseUrl when given', async () => {
    const seen: string[] = [];
    const client = createApiClient({
      baseUrl: 'https://api.example.jp/service/api/v1',
      tokens: { getAccessToken: () => 'x', setAccessToken: () => {} },
      fetch: (async (u: string) => (seen.push(u), json(200, okBody))) as typeof fetch,
    });
    await client.call('logout', { body: {} });
    expect(seen).toEqual(['https://api.example.jp/service/api/v1/auth/logout']);
  });

  it('missing path parameter throws before any request', async () => {
    const { client, fetchImpl } = setup(() => json(200, {}));
    await expect(client.call('updateSettings', { params: {} as never, body: {} })).rejects.toThrow(/section/);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('token refresh', () => {
  it('refreshes by POST with the cookie only (no token in the request)', async () => {
    const { client, seen } = setup((r) =>
      isRefresh(r) ? json(200, tokenBody('new')) : r.headers.Authorization === 'Bearer new' ? json(200, okBody) : expired(),
    );
    await client.call('logout', { body: {} });
    const refresh = seen.find(isRefresh)!;
    expect(refresh.method).toBe('POST');
    expect(refresh.headers.Authorization).toBeUndefined();
    expect(refresh.body).toBeUndefined();
  });

  it('a tab that waited for another tab’s refresh takes its shared token instead of spending the cookie', async () => {
    const { client, seen, tokens } = setup((r) => (isRefresh(r) ? json(200, tokenBody('mine')) : json(200, okBody)));
    // While this tab waits for the lock, the other tab refreshes and shares its token.
    tokens.exclusive = async (fn) => {
      tokens.setAccessToken('from-other-tab');
      return fn();
    };
    await expect(client.refresh()).resolves.toBe('from-other-tab');
    expect(seen.filter(isRefresh)).toHaveLength(0);
    // Without a newer token, the tab refreshes inside the lock.
    let locked = false;
    tokens.exclusive = async (fn) => {
      locked = true;
      return fn();
    };
    await expect(client.refresh()).resolves.toBe('mine');
    expect(locked).toBe(true);
    expect(seen.filter(isRefresh)).toHaveLength(1);
  });

  it('one refresh and one retry on 401 TOKEN_EXPIRED', async () => {
    const { client, seen, tokens, onSessionEnd } = setup((r) => {
      if (isRefresh(r)) return json(200, tokenBody('new'));
      return r.headers.Authorization === 'Bearer new' ? json(200, okBody) : expired();
    });
    await expect(client.call('logout', { body: {} })).resolves.toEqual(okBody);
    expect(seen.map((s) => [s.url, s.headers.Authorization])).toEqual([
      ['/service/api/v1/auth/logout', 'Bearer old'],
      ['/service/api/v1/auth/refresh', undefined],
      ['/service/api/v1/auth/logout', 'Bearer new'],
    ]);
    expect(seen[2]!.body).toBe('{}');
    expect(tokens.set).toHaveBeenCalledWith('new');
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('concurrent 401s share one refresh', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { client, seen } = setup(async (r) => {
      if (isRefresh(r)) {
        await gate;
        return json(200, tokenBody('new'));
      }
      return r.headers.Authorization === 'Bearer new' ? json(200, okBody) : expired();
    });
    const calls = [1, 2, 3].map(() => client.call('logout', { body: {} }));
    await vi.waitFor(() => expect(seen.filter(isRefresh)).toHaveLength(1));
    // Let the other 401s arrive while the refresh is still pending.
    await new Promise((r) => setTimeout(r, 10));
    release();
    await expect(Promise.all(calls)).resolves.toHaveLength(3);
    expect(seen.filter(isRefresh)).toHaveLength(1);
    expect(seen.filter((s) => s.headers.Authorization === 'Bearer new')).toHaveLength(3);
  });

  it('a 401 arriving after another call already refreshed retries without refreshing again', async () => {
    let slowRelease!: () => void;
    const slow = new Promise<void>((r) => (slowRelease = r));
    let first = true;
    const { client, seen } = setup(async (r) => {
      if (isRefresh(r)) return json(200, tokenBody('new'));
      if (r.headers.Authorization === 'Bearer new') return json(200, okBody);
      if (first) {
        first = false;
        await slow; // this call's 401 comes back late
      }
      return expired();
    });
    const late = client.call('logout', { body: {} });
    await client.call('logout', { body: {} });
    slowRelease();
    await late;
    expect(seen.filter(isRefresh)).toHaveLength(1);
  });

  it('refresh failure ends the session and the call fails with the original error', async () => {
    const { client, onSessionEnd, seen } = setup((r) =>
      isRefresh(r) ? json(401, { status_code: 'INVALID_TOKEN', message: 'bad refresh' }) : expired(),
    );
    const err = await client.call('me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('TOKEN_EXPIRED');
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    expect((onSessionEnd.mock.calls[0]![0] as ApiError).code).toBe('INVALID_TOKEN');
    expect(seen).toHaveLength(2);
  });

  it('still 401 after a successful refresh ends the session', async () => {
    let n = 0;
    const { client, onSessionEnd, seen } = setup((r) => {
      if (isRefresh(r)) return json(200, tokenBody('new'));
      return n++ === 0 ? expired() : json(401, { status_code: 'INVALID_USER', message: 'gone' });
    });
    await expect(client.call('me')).rejects.toMatchObject({ code: 'INVALID_USER' });
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(3);
  });

  it.each(['INVALID_TOKEN', 'INVALID_USER'])('%s ends the session without a refresh', async (code) => {
    const { client, onSessionEnd, seen } = setup(() => json(401, { status_code: code, message: 'no' }));
    await expect(client.call('me')).rejects.toMatchObject({ status: 401, code });
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    expect(seen.some(isRefresh)).toBe(false);
  });

  it('USER_NOT_BE_LONG_TO_GROUP neither refreshes nor ends the session', async () => {
    const { client, onSessionEnd, seen } = setup(() => json(401, { status_code: 'USER_NOT_BE_LONG_TO_GROUP', message: 'no group' }));
    await expect(client.call('checkGroupUserLogin')).rejects.toMatchObject({ code: 'USER_NOT_BE_LONG_TO_GROUP' });
    expect(onSessionEnd).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
  });

  it('a 401 on an auth:false call is just an error (wrong password is not a session end)', async () => {
    const { client, onSessionEnd, seen } = setup(() => json(401, { status_code: 'LOGIN_FAILED', message: 'x' }));
    await expect(client.call('login', { body: { employee_number: 'a', password: 'b' } })).rejects.toMatchObject({
      code: 'LOGIN_FAILED',
    });
    expect(onSessionEnd).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
  });

  it('raw request() gets the same bearer and refresh handling', async () => {
    const { client, seen } = setup((r) => {
      if (isRefresh(r)) return json(200, tokenBody('new'));
      return r.headers.Authorization === 'Bearer new' ? new Response('bytes') : expired();
    });
    const res = await client.request('POST', '/download-files', {
      body: '{"file_ids":[1]}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(await res.text()).toBe('bytes');
    expect(seen[2]).toMatchObject({ url: '/service/api/v1/download-files', method: 'POST', body: '{"file_ids":[1]}' });
  });
});

describe('errors and responses', () => {
  it('maps an error body to ApiError with code, message and field errors', async () => {
    const body = { status_code: 'VALIDATION_ERROR', message: 'invalid', errors: { email: ['validation.email'] } };
    const { client } = setup(() => json(400, body));
    const err = (await client.call('forgotPassword', { body: { email: 'x' } }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'invalid' });
    expect(err.body?.errors).toEqual({ email: ['validation.email'] });
  });

  it.each([
    [502, 'INTERNAL_ERROR'],
    [500, 'INTERNAL_ERROR'],
    [429, 'API_RATE_EXCEEDED'],
    [404, 'NOT_FOUND'],
  ])('non-JSON %i error becomes generic code %s', async (status, code) => {
    const { client } = setup(() => new Response('<html>Bad Gateway</html>', { status, statusText: 'Oops' }));
    await expect(client.call('me')).rejects.toMatchObject({ status, code, message: 'Oops' });
  });

  it('a JSON error without the error shape is generic too', async () => {
    const { client } = setup(() => json(500, { error: 'boom' }));
    await expect(client.call('me')).rejects.toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
  });

  it('a success body reaches the caller as sent (the API validated it against the contract)', async () => {
    const body = { items: { access_token: 't', token_type: 'Bearer', expires_in: 900 } };
    const { client } = setup(() => json(200, body));
    await expect(client.call('login', { body: { employee_number: 'a', password: 'b' } })).resolves.toEqual(body);
  });

  it('a success reply that is not JSON rejects', async () => {
    const { client } = setup(() => new Response('<html>proxy</html>', { status: 200 }));
    await expect(client.call('me')).rejects.toThrow();
  });

  it('a refresh reply without an access token ends the session and keeps the old token', async () => {
    const { client, onSessionEnd, tokens } = setup((r) => (isRefresh(r) ? json(200, { items: { access_token: 42 } }) : expired()));
    await expect(client.call('me')).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    expect(tokens.set).not.toHaveBeenCalled();
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    expect((onSessionEnd.mock.calls[0]![0] as ApiError).code).toBe('INVALID_TOKEN');
  });

  it('an endpoint missing from the route table is refused before any request', async () => {
    const { client, seen } = setup(() => json(200, okBody));
    await expect(client.call('noSuchEndpoint' as 'me')).rejects.toThrow('unknown endpoint noSuchEndpoint');
    await expect(client.call('toString' as 'me')).rejects.toThrow('unknown endpoint toString');
    expect(seen).toHaveLength(0);
  });
});

describe('a busy server (503 + Retry-After)', () => {
  const busy = (retryAfter?: string) =>
    new Response(JSON.stringify({ status_code: 'SERVICE_BUSY', message: 'busy' }), {
      status: 503,
      headers: { 'Content-Type': 'application/json', ...(retryAfter ? { 'Retry-After': retryAfter } : {}) },
    });

  function busyClient(answers: Response[], random = () => 0.5) {
    const seen: string[] = [];
    const waits: number[] = [];
    const retries: number[] = [];
    const client = createApiClient({
      tokens: { getAccessToken: () => 'tok', setAccessToken: () => undefined },
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        seen.push(`${init?.method ?? 'GET'} ${String(input)}`);
        return answers.shift() ?? json(200, okBody);
      }) as typeof fetch,
      busy: { random, sleep: async (ms) => void waits.push(ms), onRetry: ({ attempt }) => retries.push(attempt) },
    });
    return { client, seen, waits, retries };
  }

  it('busyDelay honours Retry-After, doubles per try, adds up to as much again at random, and is capped', () => {
    expect(busyDelay('2', 1, 15_000, () => 0)).toBe(2000);
    expect(busyDelay('2', 1, 15_000, () => 1)).toBe(4000);
    expect(busyDelay('2', 2, 15_000, () => 0)).toBe(4000);
    expect(busyDelay(null, 1, 15_000, () => 0)).toBe(1000);
    expect(busyDelay('soon', 1, 15_000, () => 0)).toBe(1000);
    expect(busyDelay('1', 10, 15_000, () => 1)).toBe(15_000);
    for (let i = 0; i < 50; i++) {
      const d = busyDelay('1', 1, 15_000, Math.random);
      expect(d).toBeGreaterThanOrEqual(1000);
      expect(d).toBeLessThanOrEqual(2000);
    }
  });

  it('a read is tried again after the wait the server asked for, and succeeds', async () => {
    const { client, seen, waits, retries } = busyClient([busy('1'), busy('1')]);
    await expect(client.call('me')).resolves.toEqual(okBody);
    expect(seen).toEqual(Array(3).fill('GET /service/api/v1/members/me'));
    expect(waits).toEqual([1500, 3000]);
    expect(retries).toEqual([1, 2]);
  });

  it('gives up after a bounded number of tries with SERVICE_BUSY', async () => {
    const { client, seen, waits } = busyClient([busy('1'), busy('1'), busy('1'), busy('1'), busy('1')]);
    const err = await client.call('me').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('SERVICE_BUSY');
    expect(seen).toHaveLength(4);
    expect(waits).toHaveLength(3);
  });

  it('a write (a login included) is never sent twice on its own: the caller shows "try again"', async () => {
    const { client, seen, waits } = busyClient([busy('1')]);
    const err = await client.call('login', { body: { employee_number: 'E0002', password: 'x' } }).catch((e: unknown) => e);
    expect((err as ApiError).code).toBe('SERVICE_BUSY');
    expect((err as ApiError).status).toBe(503);
    expect(seen).toEqual(['POST /service/api/v1/auth/login']);
    expect(waits).toEqual([]);
  });
});
