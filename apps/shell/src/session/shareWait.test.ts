import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const load = async () => {
  vi.resetModules();
  return import('./shareWait');
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('waiting for another tab to share the session', () => {
  it('waits from the start until the token arrives', async () => {
    const { $awaitingShare, awaitShare, shareWaitedOut } = await load();
    const session = atom<{ accessToken: string | null }>({ accessToken: null });
    awaitShare(session);
    expect($awaitingShare.get()).toBe(true);
    session.set({ accessToken: 'shared' });
    expect($awaitingShare.get()).toBe(false);
    expect(shareWaitedOut()).toBe(false);
  });

  it('gives up after SESSION_SHARE_WAIT_MS, and the waiting page need not wait again', async () => {
    const { $awaitingShare, awaitShare, shareWaitedOut, SESSION_SHARE_WAIT_MS } = await load();
    awaitShare(atom<{ accessToken: string | null }>({ accessToken: null }));
    await vi.advanceTimersByTimeAsync(SESSION_SHARE_WAIT_MS);
    expect($awaitingShare.get()).toBe(false);
    expect(shareWaitedOut()).toBe(true);
  });

  it('does not wait with a session of its own', async () => {
    const { $awaitingShare, awaitShare } = await load();
    awaitShare(atom<{ accessToken: string | null }>({ accessToken: 'mine' }));
    expect($awaitingShare.get()).toBe(false);
  });
});
