import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, EMPTY_SESSION } from '@portal/api-client/session';
import type { HostBus } from '@portal/api-client/realtime';

const call = vi.hoisted(() => vi.fn());
vi.mock('@portal/api-client/browser', () => ({ api: { call, refresh: vi.fn(async () => undefined) } }));
const { chooseTransport } = await import('./realtime');

const flush = () => new Promise((r) => setTimeout(r, 0));
const host = () => ({ start: vi.fn(), stop: vi.fn() }) as unknown as HostBus & { start: ReturnType<typeof vi.fn> };
const firestore = { transport: 'firestore', uid: '7', token: 't', expires_at: 1, collection_prefix: 'p', collections: [], web_config: { apiKey: 'k', authDomain: 'd', projectId: 'p' } };

beforeEach(() => $session.set(EMPTY_SESSION));
afterEach(() => {
  call.mockReset();
  $session.set(EMPTY_SESSION);
});

describe('the shell picks the realtime transport by the server’s answer', () => {
  it('asks nothing without a session, then once after login; `websocket` starts the socket', async () => {
    const h = host();
    const load = vi.fn();
    call.mockResolvedValue({ items: { transport: 'websocket' } });
    const stop = chooseTransport(h, load);
    await flush();
    expect(call).not.toHaveBeenCalled();
    $session.set({ ...EMPTY_SESSION, accessToken: 'a1' });
    $session.set({ ...EMPTY_SESSION, accessToken: 'a2' }); // a refreshed token asks nothing more
    await flush();
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith('firebaseToken', {});
    expect(h.start).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled(); // the firebase chunk is never fetched
    stop();
  });

  it('`firestore` loads the Firestore transport, which drives the bus; the socket stays shut', async () => {
    $session.set({ ...EMPTY_SESSION, accessToken: 'a1' });
    const h = host();
    const runFirestore = vi.fn(() => vi.fn());
    call.mockResolvedValue({ items: firestore });
    const stop = chooseTransport(h, async () => ({ runFirestore }) as never);
    await flush();
    expect(runFirestore).toHaveBeenCalledWith(h, firestore, expect.any(Function));
    expect(h.start).not.toHaveBeenCalled();
    stop();
    expect((runFirestore.mock.results[0]!.value as ReturnType<typeof vi.fn>)).toHaveBeenCalled();
  });

  it('falls back to the socket when the chunk does not load or the question fails', async () => {
    $session.set({ ...EMPTY_SESSION, accessToken: 'a1' });
    const h1 = host();
    call.mockResolvedValue({ items: firestore });
    chooseTransport(h1, () => Promise.reject(new Error('ChunkLoadError')));
    await flush();
    expect(h1.start).toHaveBeenCalledTimes(1);
    const h2 = host();
    call.mockRejectedValue(new Error('network'));
    chooseTransport(h2, vi.fn());
    await flush();
    expect(h2.start).toHaveBeenCalledTimes(1);
  });
});
