import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session, EMPTY_SESSION, setSession } from '@portal/api-client/session';
import { $blockUi } from '@portal/ui';
import { logout } from './logout';
import { setNavigator } from './navigation';
import { DEVICE_TOKEN_KEY } from './storage';
import { LAST_GOOD_KEY } from '../remotes/manifest';

let events: string[];
let navigate: (to: string) => void;

beforeEach(() => {
  vi.useFakeTimers();
  events = [];
  navigate = vi.fn((to: string) => void events.push(`navigate ${to}`));
  setNavigator(navigate, () => '/');
});
afterEach(() => {
  vi.useRealTimers();
  $session.set(EMPTY_SESSION);
});

function fakeApi(fail?: 'logout') {
  return {
    call: vi.fn(async (name: string) => {
      events.push(`${name} @${Date.now() - start}`);
      if (name === fail) throw new Error('server down');
      return { items: { ok: true } } as never;
    }),
  };
}
let start = 0;

describe('logout sequence', () => {
  it('waits 3 s with block-UI, resets the device counter, logs out, then clears and goes to email login', async () => {
    localStorage.setItem(DEVICE_TOKEN_KEY, 'device-1');
    localStorage.setItem(LAST_GOOD_KEY, '{"kept":true}');
    localStorage.setItem('other', 'x');
    sessionStorage.setItem('portal.cache', 'y');
    setSession({ accessToken: 'AT', emailLogin: true, user: { id: 1, name: 'A' } });
    const api = fakeApi();
    const setLanguage = vi.fn((l: string) => events.push(`lang ${l}`));
    start = Date.now();

    const done = logout({ api, setLanguage });
    await vi.advanceTimersByTimeAsync(0);
    expect($blockUi.get().active).toBe(true);
    expect(api.call).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2999);
    expect(api.call).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;

    expect(events).toEqual(['resetNotification @3000', 'deleteDeviceToken @3000', 'logout @3000', 'lang ja', 'navigate /email/login']);
    expect(api.call).toHaveBeenNthCalledWith(1, 'resetNotification', { body: { token: 'device-1' } });
    expect(api.call).toHaveBeenNthCalledWith(2, 'deleteDeviceToken', { body: { token: 'device-1' } });
    expect(api.call).toHaveBeenNthCalledWith(3, 'logout', { body: { token: 'device-1' } });
    expect($session.get().accessToken).toBeNull();
    expect($blockUi.get().active).toBe(false);
    expect(localStorage.getItem('other')).toBeNull();
    expect(localStorage.getItem(DEVICE_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(LAST_GOOD_KEY)).toBe('{"kept":true}');
    expect(sessionStorage.getItem('portal.cache')).toBeNull();
  });

  it('without a device token logs out at once and goes to /login', async () => {
    setSession({ accessToken: 'AT', emailLogin: false });
    const api = fakeApi();
    start = Date.now();
    await logout({ api, setLanguage: vi.fn() });
    expect(events).toEqual(['logout @0', 'navigate /login']);
  });

  it('on a logout error goes home and keeps the session', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setSession({ accessToken: 'AT' });
    const api = fakeApi('logout');
    start = Date.now();
    await logout({ api, setLanguage: vi.fn() });
    expect(events).toEqual(['logout @0', 'navigate /']);
    expect($session.get().accessToken).toBe('AT');
    expect($blockUi.get().active).toBe(false);
  });
});
