// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type SessionModule = typeof import('./session');

/**
 * A browser tab: its own sessionStorage and window, a localStorage shared with the other tabs,
 * and its own copy of the session module (as two tabs have). Storage events go to the other
 * tabs only, as in browsers.
 */
interface Tab {
  win: Window;
  session: Storage;
  local: Storage;
  mod: SessionModule;
}

const tabs: Tab[] = [];
let sharedLocal: Map<string, string>;

function makeStorage(
  map: Map<string, string>,
  onChange?: (key: string, oldValue: string | null, newValue: string | null) => void,
): Storage {
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      const old = map.get(k) ?? null;
      map.set(k, String(v));
      onChange?.(k, old, String(v));
    },
    removeItem: (k: string) => {
      const old = map.get(k) ?? null;
      map.delete(k);
      onChange?.(k, old, null);
    },
    clear: () => map.clear(),
  };
}

function pointGlobalsAt(tab: Pick<Tab, 'session' | 'local'>): () => void {
  const prev = { s: globalThis.sessionStorage, l: globalThis.localStorage };
  const set = (s: Storage, l: Storage) => {
    Object.defineProperty(globalThis, 'sessionStorage', { value: s, configurable: true, writable: true });
    Object.defineProperty(globalThis, 'localStorage', { value: l, configurable: true, writable: true });
  };
  set(tab.session, tab.local);
  return () => set(prev.s, prev.l);
}

/** Runs `fn` with the globals pointing at `tab`'s storages, as code in that tab would see them. */
function inTab<T>(tab: Tab, fn: () => T): T {
  const restore = pointGlobalsAt(tab);
  try {
    return fn();
  } finally {
    restore();
  }
}

async function openTab(initialSession: Record<string, string> = {}): Promise<Tab> {
  const target = new EventTarget();
  const tab = {
    session: makeStorage(new Map(Object.entries(initialSession))),
  } as Tab;
  tab.local = makeStorage(sharedLocal, (key, oldValue, newValue) => {
    for (const other of tabs) {
      if (other === tab) continue;
      const ev = new StorageEvent('storage', { key, oldValue, newValue });
      inTab(other, () => other.win.dispatchEvent(ev));
    }
  });
  tab.win = Object.assign(target, { localStorage: tab.local }) as unknown as Window;
  // A fresh module instance per tab, initialised (readStored) against that tab's storage.
  vi.resetModules();
  const restore = pointGlobalsAt(tab);
  try {
    tab.mod = await import('./session');
  } finally {
    restore();
  }
  tabs.push(tab);
  return tab;
}

const USER = { id: 2, name: '山田 太郎' };
const stopFns: (() => void)[] = [];

beforeEach(() => {
  sharedLocal = new Map();
});
afterEach(() => {
  stopFns.splice(0).forEach((f) => f());
  tabs.splice(0);
});

describe('persistence', () => {
  it('writes the session to sessionStorage and a reloaded tab reads it back', async () => {
    const a = await openTab();
    inTab(a, () => a.mod.setSession({ accessToken: 'tok', user: USER, lastActivity: 5 }));
    const stored = JSON.parse(a.session.getItem('portal.session')!) as Record<string, unknown>;
    expect(stored).toMatchObject({ accessToken: 'tok', user: USER, emailLogin: false, lastActivity: 5 });
    expect(sharedLocal.size).toBe(0); // never rests in localStorage

    const reloaded = await openTab({ 'portal.session': a.session.getItem('portal.session')! });
    expect(reloaded.mod.$session.get()).toMatchObject({ accessToken: 'tok', user: USER });
  });

  it('a corrupt stored session is ignored', async () => {
    const a = await openTab({ 'portal.session': '{not json' });
    expect(a.mod.$session.get()).toEqual(a.mod.EMPTY_SESSION);
  });

  it('clearSession empties the store and sessionStorage, and announces the logout', async () => {
    const a = await openTab();
    const writes: string[] = [];
    const local = a.local;
    a.local = {
      ...local,
      setItem: (k: string, v: string) => (writes.push(k), local.setItem(k, v)),
      removeItem: local.removeItem,
    } as Storage;
    inTab(a, () => a.mod.setSession({ accessToken: 'tok', user: USER }));
    inTab(a, () => a.mod.clearSession());
    expect(a.mod.$session.get()).toEqual(a.mod.EMPTY_SESSION);
    expect(a.session.getItem('portal.session')).toBeNull();
    expect(writes).toEqual(['portal.session.logout']);
    expect(sharedLocal.size).toBe(0);
  });

  it('sessionTokens reads and writes the access token', async () => {
    const a = await openTab();
    inTab(a, () => a.mod.sessionTokens.setAccessToken('t2'));
    expect(a.mod.sessionTokens.getAccessToken()).toBe('t2');
    expect(JSON.parse(a.session.getItem('portal.session')!)).toMatchObject({ accessToken: 't2' });
  });
});

describe('cross-tab sync', () => {
  it('a new tab asks, a logged-in tab shares, nothing stays in localStorage', async () => {
    const a = await openTab();
    inTab(a, () => a.mod.setSession({ accessToken: 'tok', user: USER, emailLogin: true, lastActivity: 9 }));
    stopFns.push(inTab(a, () => a.mod.startSessionSync(a.win)));

    const b = await openTab();
    expect(b.mod.$session.get().accessToken).toBeNull();
    stopFns.push(inTab(b, () => b.mod.startSessionSync(b.win)));

    expect(b.mod.$session.get()).toEqual({ accessToken: 'tok', user: USER, emailLogin: true, lastActivity: 9 });
    expect(JSON.parse(b.session.getItem('portal.session')!)).toMatchObject({ accessToken: 'tok' });
    expect(sharedLocal.size).toBe(0);
  });

  it('a tab with its own session is not overwritten by another tab’s share', async () => {
    const a = await openTab();
    inTab(a, () => a.mod.setSession({ accessToken: 'A', user: USER }));
    stopFns.push(inTab(a, () => a.mod.startSessionSync(a.win)));
    const b = await openTab();
    inTab(b, () => b.mod.setSession({ accessToken: 'B', user: USER }));
    stopFns.push(inTab(b, () => b.mod.startSessionSync(b.win)));
    const c = await openTab();
    stopFns.push(inTab(c, () => c.mod.startSessionSync(c.win)));
    expect(a.mod.$session.get().accessToken).toBe('A');
    expect(b.mod.$session.get().accessToken).toBe('B');
    expect(c.mod.$session.get().accessToken).not.toBeNull();
  });

  it('logout in one tab logs out the others, without echoing back', async () => {
    const a = await openTab();
    const b = await openTab();
    inTab(a, () => a.mod.setSession({ accessToken: 'tok', user: USER }));
    inTab(b, () => b.mod.setSession({ accessToken: 'tok', user: USER }));
    stopFns.push(inTab(a, () => a.mod.startSessionSync(a.win)));
    stopFns.push(inTab(b, () => b.mod.startSessionSync(b.win)));

    inTab(a, () => a.mod.clearSession());
    expect(b.mod.$session.get()).toEqual(b.mod.EMPTY_SESSION);
    expect(b.session.getItem('portal.session')).toBeNull();
    expect(sharedLocal.size).toBe(0);
  });

  it('after stop, a tab no longer reacts', async () => {
    const a = await openTab();
    const b = await openTab();
    inTab(b, () => b.mod.setSession({ accessToken: 'tok', user: USER }));
    const stopB = inTab(b, () => b.mod.startSessionSync(b.win));
    stopB();
    inTab(a, () => a.mod.clearSession());
    expect(b.mod.$session.get().accessToken).toBe('tok');
  });

  it('a malformed share is ignored', async () => {
    const b = await openTab();
    stopFns.push(inTab(b, () => b.mod.startSessionSync(b.win)));
    const a = await openTab();
    inTab(a, () => a.local.setItem('portal.session.share', '{broken'));
    expect(b.mod.$session.get().accessToken).toBeNull();
  });
});

describe('idle logout and activity', () => {
  const DAY = 86_400_000;

  it('isIdleExpired turns true only after 86400 s without activity', async () => {
    const { isIdleExpired, EMPTY_SESSION } = (await openTab()).mod;
    const s = { ...EMPTY_SESSION, accessToken: 't', lastActivity: 1_000_000 };
    expect(isIdleExpired(s, 1_000_000 + DAY)).toBe(false);
    expect(isIdleExpired(s, 1_000_000 + DAY + 1)).toBe(true);
    expect(isIdleExpired({ ...s, accessToken: null }, 1_000_000 + 2 * DAY)).toBe(false);
    expect(isIdleExpired({ ...s, lastActivity: 0 }, 2 * DAY)).toBe(false);
  });

  it('touchActivity records at most once a minute, and only with a session', async () => {
    const a = await openTab();
    const { touchActivity, $session, setSession } = a.mod;
    inTab(a, () => touchActivity(100_000));
    expect($session.get().lastActivity).toBe(0);

    inTab(a, () => setSession({ accessToken: 't' }));
    const writes = vi.spyOn(a.session, 'setItem');
    inTab(a, () => touchActivity(100_000));
    expect($session.get().lastActivity).toBe(100_000);
    inTab(a, () => touchActivity(130_000));
    inTab(a, () => touchActivity(160_000));
    expect($session.get().lastActivity).toBe(100_000);
    inTab(a, () => touchActivity(160_001));
    expect($session.get().lastActivity).toBe(160_001);
    expect(writes).toHaveBeenCalledTimes(2);
  });
});

describe('refresh across tabs (the refresh cookie rotates on every use)', () => {
  it('a refreshed access token reaches the other tabs of the same user only, never resting in localStorage', async () => {
    const a = await openTab();
    const b = await openTab();
    const stranger = await openTab();
    for (const [tab, user] of [
      [a, USER],
      [b, USER],
      [stranger, { id: 9, name: '他人' }],
    ] as const) {
      inTab(tab, () => tab.mod.setSession({ accessToken: 'old', user }));
      stopFns.push(inTab(tab, () => tab.mod.startSessionSync(tab.win)));
    }
    inTab(a, () => a.mod.sessionTokens.setAccessToken('fresh'));
    expect(b.mod.$session.get().accessToken).toBe('fresh');
    expect(stranger.mod.$session.get().accessToken).toBe('old');
    expect(sharedLocal.size).toBe(0);
  });

  it('exclusive runs under a Web Lock when the browser has them', async () => {
    const a = await openTab();
    const names: string[] = [];
    const locks = { request: async <T>(name: string, fn: () => Promise<T>) => (names.push(name), fn()) };
    vi.stubGlobal('navigator', { locks });
    try {
      await expect(a.mod.sessionTokens.exclusive(async () => 7)).resolves.toBe(7);
      expect(names).toEqual(['portal.session.refresh']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
