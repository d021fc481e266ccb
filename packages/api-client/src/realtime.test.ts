import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  createWebSocketBus,
  defaultRealtimeUrl,
  REALTIME_RESYNC,
  viewedTopics,
  viewTopic,
  type RealtimeEvent,
  type WebSocketBusOptions,
  type WebSocketLike,
} from './realtime';
import { realtimeClientMessageSchema } from './realtime-server';

/** A fake WebSocket the test drives by hand: open it, push server frames, close it. */
class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data));
  }
  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }
  // Server side:
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  frame(msg: unknown) {
    this.onmessage?.({ data: typeof msg === 'string' ? msg : JSON.stringify(msg) });
  }
  serverClose(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

const last = () => FakeSocket.all.at(-1)!;
const ev = (kind: string, payload: unknown = null): RealtimeEvent => ({ kind, payload, at: 1 });

let token: string | null;
let tokenListeners: Set<() => void>;
function setToken(t: string | null) {
  token = t;
  for (const l of tokenListeners) l();
}

function makeBus(extra: Partial<WebSocketBusOptions> = {}) {
  return createWebSocketBus({
    url: 'ws://portal.test/service/api/v1/realtime',
    getToken: () => token,
    watchToken: (cb) => (tokenListeners.add(cb), () => tokenListeners.delete(cb)),
    WebSocketImpl: FakeSocket,
    // random() = 1 → the delay is exactly the capped exponential ceiling.
    backoff: { baseMs: 1000, maxMs: 8000, random: () => 1 },
    ...extra,
  });
}

/** Start, open and authenticate: the usual happy path. */
function connected(bus: ReturnType<typeof makeBus>) {
  bus.start();
  last().open();
  last().frame({ type: 'ready' });
  return last();
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  token = 'tok-1';
  tokenListeners = new Set();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('connection and auth', () => {
  it('connects on start, sends the auth message first, is open after ready', () => {
    const bus = makeBus();
    expect(bus.status.get()).toBe('idle');
    bus.start();
    expect(bus.status.get()).toBe('connecting');
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toBe('ws://portal.test/service/api/v1/realtime');
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'tok-1' }]);
    expect(bus.status.get()).toBe('connecting');
    last().frame({ type: 'ready' });
    expect(bus.status.get()).toBe('open');
  });

  it('default URL follows the page origin, wss on https', () => {
    expect(defaultRealtimeUrl({ protocol: 'https:', host: 'portal.example.jp' })).toBe('wss://portal.example.jp/service/api/v1/realtime');
    expect(defaultRealtimeUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/service/api/v1/realtime');
  });

  it('does not connect without a token, and connects once one appears', () => {
    token = null;
    const bus = makeBus();
    bus.start();
    expect(FakeSocket.all).toHaveLength(0);
    expect(bus.status.get()).toBe('closed');
    setToken('tok-2');
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('resends auth on the open socket when the token is refreshed', () => {
    const bus = makeBus();
    const sock = connected(bus);
    setToken('tok-2');
    expect(sock.sent).toEqual([
      { type: 'auth', token: 'tok-1' },
      { type: 'auth', token: 'tok-2' },
    ]);
    setToken('tok-2'); // same token: nothing new to say
    expect(sock.sent).toHaveLength(2);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('closes on logout and reconnects on the next login', () => {
    const bus = makeBus();
    const sock = connected(bus);
    setToken(null);
    expect(sock.closedWith?.code).toBe(1000);
    expect(bus.status.get()).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    setToken('tok-3');
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'tok-3' }]);
  });

  it('a refused token (4401) is not retried; a new token reconnects', () => {
    const onAuthFailure = vi.fn();
    const bus = makeBus({ onAuthFailure });
    bus.start();
    last().open();
    last().serverClose(4401, 'TOKEN_EXPIRED');
    expect(onAuthFailure).toHaveBeenCalledWith('TOKEN_EXPIRED');
    expect(bus.status.get()).toBe('closed');
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(1);
    setToken('tok-2');
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('stop closes the socket, cancels reconnects and goes idle', () => {
    const bus = makeBus();
    const sock = connected(bus);
    bus.stop();
    expect(sock.closedWith?.code).toBe(1000);
    expect(bus.status.get()).toBe('idle');
    sock.serverClose(1000); // the late close event of the old socket changes nothing
    vi.advanceTimersByTime(120_000);
    setToken('tok-9');
    expect(FakeSocket.all).toHaveLength(1);
    expect(bus.status.get()).toBe('idle');
  });
});

describe('reconnect', () => {
  it('backs off exponentially up to the cap, and resets after ready', () => {
    const bus = makeBus();
    bus.start();
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      const before = FakeSocket.all.length;
      last().serverClose(1006);
      expect(bus.status.get()).toBe('closed');
      let waited = 0;
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(250);
        waited += 250;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);

    last().open();
    last().frame({ type: 'ready' });
    last().serverClose(1006);
    vi.advanceTimersByTime(999);
    const n = FakeSocket.all.length;
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all.length).toBe(n + 1);
  });

  it('jitter keeps delays within [ceiling/2, ceiling]', () => {
    expect(backoffDelay(0, 1000, 30_000, () => 0)).toBe(500);
    expect(backoffDelay(0, 1000, 30_000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 1000, 30_000, () => 0.5)).toBe(6000);
    expect(backoffDelay(50, 1000, 30_000, () => 1)).toBe(30_000);
    expect(backoffDelay(50, 1000, 30_000, () => 0)).toBe(15_000);
  });

  it('sends the current token after a reconnect', () => {
    const bus = makeBus();
    connected(bus).serverClose(1006);
    token = 'tok-new'; // changed while disconnected, without a notification
    vi.advanceTimersByTime(1000);
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'tok-new' }]);
  });
});

describe('subscriptions', () => {
  it('delivers events by kind; "*" gets all; unsubscribe stops delivery', () => {
    const bus = makeBus();
    const settings: RealtimeEvent[] = [];
    const everything: string[] = [];
    const off = bus.subscribe('settings.updated', (e) => settings.push(e));
    bus.subscribe('*', (e) => everything.push(e.kind));
    const sock = connected(bus);
    sock.frame({ type: 'event', event: ev('settings.updated', { section: 'sort' }) });
    sock.frame({ type: 'event', event: ev('chat.message') });
    off();
    sock.frame({ type: 'event', event: ev('settings.updated') });
    expect(settings).toEqual([ev('settings.updated', { section: 'sort' })]);
    expect(everything).toEqual(['settings.updated', 'chat.message', 'settings.updated']);
  });

  it('ignores junk and unknown frames, and a throwing handler does not stop the others', () => {
    const bus = makeBus();
    const got: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    bus.subscribe('x', () => {
      throw new Error('boom');
    });
    bus.subscribe('x', (e) => got.push(e.kind));
    const sock = connected(bus);
    sock.frame('not json');
    sock.frame({ type: 'future-thing' });
    sock.frame({ type: 'event', event: { kind: 'x' } }); // no `at`: invalid
    sock.frame({ type: 'event', event: ev('x') });
    expect(got).toEqual(['x']);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(bus.status.get()).toBe('open');
    spy.mockRestore();
  });

  it('subscriptions survive reconnects', () => {
    const bus = makeBus();
    const got: string[] = [];
    bus.subscribe('a', (e) => got.push(e.kind));
    connected(bus).serverClose(1006);
    vi.advanceTimersByTime(1000);
    last().open();
    last().frame({ type: 'ready' });
    last().frame({ type: 'event', event: ev('a') });
    expect(got).toEqual(['a']);
  });

  it('a resync frame reaches the resync and "*" subscribers, on an authenticated socket only', () => {
    const bus = makeBus();
    const got: string[] = [];
    bus.subscribe(REALTIME_RESYNC, (e) => got.push(e.kind));
    bus.subscribe('*', (e) => got.push(`*${e.kind}`));
    bus.start();
    last().open();
    last().frame({ type: 'resync' }); // before ready: nothing was being delivered to miss
    expect(got).toEqual([]);
    last().frame({ type: 'ready' });
    last().frame({ type: 'resync' });
    expect(got).toEqual([REALTIME_RESYNC, `*${REALTIME_RESYNC}`]);
    expect(bus.status.get()).toBe('open');
  });
});

describe('topics the page views', () => {
  it('tells the server after ready, on change, and again on a new connection', () => {
    const bus = makeBus();
    const stopA = viewTopic(7);
    const sock = connected(bus);
    expect(sock.sent).toEqual([
      { type: 'auth', token: 'tok-1' },
      { type: 'subscribe', topic_id: 7 },
    ]);
    const stopB = viewTopic(9);
    const stopA2 = viewTopic(7); // a second view of the same topic sends nothing
    expect(sock.sent.slice(2)).toEqual([{ type: 'subscribe', topic_id: 9 }]);
    stopA();
    expect(sock.sent).toHaveLength(3);
    stopA2();
    stopA2(); // idempotent
    expect(sock.sent.slice(3)).toEqual([{ type: 'unsubscribe', topic_id: 7 }]);
    expect(viewedTopics()).toEqual([9]);

    sock.serverClose(1006);
    vi.advanceTimersByTime(1000);
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'tok-1' }]); // not before ready
    last().frame({ type: 'ready' });
    expect(last().sent.slice(1)).toEqual([{ type: 'subscribe', topic_id: 9 }]);
    // A re-auth on the same socket answers ready again: no duplicate subscription.
    setToken('tok-2');
    last().frame({ type: 'ready' });
    expect(last().sent.slice(2)).toEqual([{ type: 'auth', token: 'tok-2' }]);
    stopB();
    bus.stop();
    expect(viewedTopics()).toEqual([]);
  });

  it('the server accepts exactly these messages', () => {
    expect(realtimeClientMessageSchema.safeParse({ type: 'subscribe', topic_id: 3 }).success).toBe(true);
    expect(realtimeClientMessageSchema.safeParse({ type: 'unsubscribe', topic_id: 3 }).success).toBe(true);
    for (const bad of [
      { type: 'subscribe' },
      { type: 'subscribe', topic_id: 0 },
      { type: 'subscribe', topic_id: 1.5 },
      { type: 'subscribe', topic_id: '3' },
      { type: 'view', topic_id: 3 },
    ]) {
      expect(realtimeClientMessageSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
