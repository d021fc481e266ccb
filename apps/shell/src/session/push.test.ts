import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_SESSION, $session, setSession } from '@portal/api-client/session';
import { syncPushSubscription, SW_URL } from './push';
import { DEVICE_TOKEN_KEY } from './storage';

const sub = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'BP', auth: 'AU' } };

function fakeBrowser(permission: NotificationPermission, existing: object | null) {
  const subscribe = vi.fn(async () => ({ toJSON: () => sub }));
  const register = vi.fn(async () => undefined);
  const ready = Promise.resolve({
    pushManager: { getSubscription: async () => (existing ? { toJSON: () => existing } : null), subscribe },
  });
  vi.stubGlobal('Notification', { permission });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { value: { register, ready, addEventListener: vi.fn() }, configurable: true });
  return { subscribe, register };
}

const api = () => ({
  call: vi.fn(async (name: string) => (name === 'pushPublicKey' ? { items: { public_key: 'AQID' } } : { items: { ok: true } })) as never,
});

beforeEach(() => {
  localStorage.clear();
  setSession({ accessToken: 'AT', emailLogin: false, user: { id: 1, name: 'A' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  $session.set(EMPTY_SESSION);
});

describe('push subscription sync', () => {
  it('does nothing without permission (never asks by itself)', async () => {
    const b = fakeBrowser('default', null);
    const a = api();
    expect(await syncPushSubscription(a)).toBe('skipped');
    expect(b.register).not.toHaveBeenCalled();
    expect((a as { call: ReturnType<typeof vi.fn> }).call).not.toHaveBeenCalled();
  });

  it('subscribes with the server key, sends the subscription once and stores it', async () => {
    const b = fakeBrowser('granted', null);
    const a = api() as unknown as { call: ReturnType<typeof vi.fn> };
    expect(await syncPushSubscription(a as never)).toBe('sent');
    expect(b.register).toHaveBeenCalledWith(SW_URL);
    expect(b.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: new Uint8Array([1, 2, 3]) });
    expect(a.call).toHaveBeenCalledWith('updateDeviceToken', { body: { token: JSON.stringify(sub) } });
    expect(localStorage.getItem(DEVICE_TOKEN_KEY)).toBe(JSON.stringify(sub));
    fakeBrowser('granted', sub);
    expect(await syncPushSubscription(a as never)).toBe('same');
    expect(a.call.mock.calls.filter(([n]) => n === 'updateDeviceToken')).toHaveLength(1);
  });

  it('does nothing while logged out', async () => {
    fakeBrowser('granted', sub);
    $session.set(EMPTY_SESSION);
    expect(await syncPushSubscription(api())).toBe('skipped');
  });
});
