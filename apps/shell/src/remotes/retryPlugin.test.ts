import { describe, expect, it, vi } from 'vitest';
import { retryPlugin, withRetry } from './retryPlugin';

const noSleep = vi.fn(async (_ms: number) => {});

describe('retry plugin', () => {
  it('retries a failing attempt with exponential backoff, then succeeds', async () => {
    const sleep = vi.fn(async (_ms: number) => {});
    let n = 0;
    const result = await withRetry(
      async () => {
        if (++n < 3) throw new Error('flaky');
        return 'ok';
      },
      { sleep, baseDelayMs: 100 },
    );
    expect(result).toBe('ok');
    expect(sleep.mock.calls.map((c) => c[0])).toEqual([100, 200]);
  });

  it('gives up after the configured retries with the last error', async () => {
    const attempt = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(withRetry(attempt, { retries: 2, sleep: noSleep })).rejects.toThrow('down');
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('fetch hook: retries a 5xx manifest response, not a 404', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(new Response('', { status: 502 }))
      .mockResolvedValueOnce(new Response('{}', { status: 200 }));
    const plugin = retryPlugin({ fetch, sleep: noSleep });
    const res = (await (plugin.fetch as (u: string, i: RequestInit) => Promise<Response>)('/m.json', {}))!;
    expect(res.status).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(2);

    const notFound = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response('', { status: 404 }));
    const p2 = retryPlugin({ fetch: notFound, sleep: noSleep });
    expect((await (p2.fetch as (u: string, i: RequestInit) => Promise<Response>)('/m.json', {})).status).toBe(404);
    expect(notFound).toHaveBeenCalledTimes(1);
  });

  it('loadEntryError: clears the stuck in-flight load and retries the entry', async () => {
    const plugin = retryPlugin({ sleep: noSleep });
    const globalLoading: Record<string, Promise<unknown> | undefined> = { k: new Promise(() => {}) };
    const exports = { get: vi.fn(), init: vi.fn() };
    const getRemoteEntry = vi
      .fn()
      .mockRejectedValueOnce(new Error('RUNTIME_008'))
      .mockImplementationOnce(async () => {
        expect(globalLoading.k).toBeUndefined();
        return exports;
      });
    const hook = plugin.loadEntryError as (a: unknown) => Promise<unknown>;
    const result = await hook({ getRemoteEntry, origin: {}, remoteInfo: { name: 'portal_chat' }, globalLoading, uniqueKey: 'k' });
    expect(result).toBe(exports);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
  });
});
