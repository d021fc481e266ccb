import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: its state is once per page load. */
const load = async () => {
  vi.resetModules();
  return import('./content');
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('work that waits for the page content', () => {
  it("starts once the page's loads have settled and the browser is idle, failed loads included", async () => {
    const { afterContent, waitForContent, $contentShown } = await load();
    const started = vi.fn();
    afterContent(started);
    let finish!: () => void;
    waitForContent([new Promise<void>((r) => (finish = r)), Promise.reject(new Error('remote down'))]);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).not.toHaveBeenCalled();
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect($contentShown.get()).toBe(true);
    expect(started).toHaveBeenCalledTimes(1);
    // Later callers run at once.
    const late = vi.fn();
    afterContent(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after CONTENT_WAIT_MAX_MS; the first call decides', async () => {
    const { afterContent, waitForContent, CONTENT_WAIT_MAX_MS } = await load();
    const started = vi.fn();
    afterContent(started);
    waitForContent([new Promise(() => undefined)]);
    // A later call (the render's fallback) does not move the decision earlier.
    waitForContent([]);
    await vi.advanceTimersByTimeAsync(CONTENT_WAIT_MAX_MS - 10);
    expect(started).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(started).toHaveBeenCalledTimes(1);
  });
});
