import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, EMPTY_SESSION } from '@portal/api-client/session';
import type { HostBus } from '@portal/api-client/realtime';

const call = vi.hoisted(() => vi.fn());
const lazy = vi.hoisted(() => ({ runFirestore: vi.fn(), broken: false }));
vi.mock('@portal/api-client/browser', () => ({ api: { call, refresh: vi.fn(async () => undefined) } }));
// The lazy chunk with the firebase SDK: replaced, and made to fail on demand (vitest caches a
// mocked module, so the failure is raised when the shell reaches into it).
vi.mock('./realtime-firestore', () => ({
  get runFirestore() {
    if (lazy.broken) throw new Error('ChunkLoadError');
    return lazy.runFirestore;
  },
}));
const { chooseTransport } = await import('./realtime');

const flush = () => new Promise((r) => setTimeout(r, 0));
const host = () => ({ start: vi.fn(), stop: vi.fn() }) as unknown as HostBus & { start: ReturnType<typeof vi.fn> };
const firestore = {
  transport: 'firestore',
  uid: '7',
  token: 't',
  expires_at: 1,
  collection_prefix: 'p',
  collections: [],
  web_config: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
};

beforeEach(() => $session.set(EMPTY_SESSION));
afterEach(() => {
  call.mockReset();
  lazy.runFirestore.mockReset();
  $session.set(EMPTY_SESSION);
});

describe('the shell picks the realtime transport by the server’s answer', () => {
  it('asks nothing without a session, then once after login; `websocket` starts the socket', async () => {
    const h = host();
    call.mockResolvedValue({ items: { transport: 'websocket' } });
    const stop = chooseTransport(h);
    await flush();
    expect(call).not.toHaveBeenCalled();
    $session.set({ ...EMPTY_SESSION, accessToken: 'a1' });
    $session.set({ ...EMPTY_SESSION, accessToken: 'a2' }); // a refreshed token asks nothing more
    await flush();
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith('firebaseToken', {});
    expect(h.start).toHaveBeenCalledTimes(1);
    expect(lazy.runFirestore).not.toHaveBeenCalled(); // the firebase chunk is never fetched
    stop();
  });

  it('`firestore` loads the Firestore transport, which drives the bus; the socket stays shut', async () => {
    $session.set({ ...EMPTY_SESSION, accessToken: 'a1' });
    const h = host();
    const stopFirestore = vi.fn();
    lazy.runFirestore.mockReturnValue(stopFirestore);
    call.mockResolvedValue({ items: firestore });
    const stop = chooseTransport(h);
    await vi.waitFor(() => expect(lazy.runFirestore).toHaveBeenCalledWith(h, firestore));
    expect(h.start).not.toHaveBeenCalled();
    stop();
    expect(stopFirestore).toHaveBeenCalled();
  });

  it('falls back to the socket when the question fails', async () => {
    $session.set({ ...EMPTY_SESSION, accessToken: 'a1' });
    const h = host();
    call.mockRejectedValue(new Error('network'));
    chooseTransport(h);
    await flush();
    expect(h.start).toHaveBeenCalledTimes(1);
  });

  it('falls back to the socket when the firebase chunk does not load', async () => {
    lazy.broken = true;
    $session.set({ ...EMPTY_SESSION, accessToken: 'a1' });
    const h = host();
    call.mockResolvedValue({ items: firestore });
    chooseTransport(h);
    await vi.waitFor(() => expect(h.start).toHaveBeenCalledTimes(1));
    lazy.broken = false;
  });
});
