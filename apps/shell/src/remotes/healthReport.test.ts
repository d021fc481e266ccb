import { describe, expect, it, vi } from 'vitest';
import { createHealthReporter, HEALTH_ERROR_DELAY_MS, HEALTH_EVERY_MS, HEALTH_URL } from './healthReport';

function reporter(token: string | null = 'tok') {
  const fetch = vi.fn(async () => new Response('{}'));
  const r = createHealthReporter({ fetch: fetch as unknown as typeof globalThis.fetch, token: () => token });
  r.setVersions({ chat: '1.1.0-canary', calendar: '1.0.0-stable' });
  const sent = () =>
    fetch.mock.calls.map((c) => {
      const [url, init] = c as unknown as [string, RequestInit];
      return {
        url,
        auth: (init.headers as Record<string, string>).Authorization,
        keepalive: init.keepalive,
        body: JSON.parse(init.body as string),
      };
    });
  return { r, fetch, sent };
}

describe('remote health reports', () => {
  it('batches loads, load failures and render errors per build', async () => {
    const { r, sent } = reporter();
    r.loaded('chat');
    r.loaded('chat');
    const loadError = new Error('ScriptNetworkError');
    r.loadFailed('chat', loadError);
    // The boundary sees the same load failure again: not counted twice.
    r.renderFailed('chat', loadError);
    r.renderFailed('chat', new Error('render'));
    r.loaded('calendar');
    await r.flush();
    expect(sent()).toEqual([
      { url: HEALTH_URL, auth: 'Bearer tok', keepalive: true, body: { name: 'chat', version: '1.1.0-canary', loads: 3, errors: 2 } },
      { url: HEALTH_URL, auth: 'Bearer tok', keepalive: true, body: { name: 'calendar', version: '1.0.0-stable', loads: 1, errors: 0 } },
    ]);
    // Nothing new: nothing sent.
    await r.flush();
    expect(sent()).toHaveLength(2);
  });

  it('ignores remotes it has no build for, and sends nothing without a session', async () => {
    const { r, fetch } = reporter(null);
    r.loaded('settings');
    r.loaded('chat');
    await r.flush();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('caps a report at what the API accepts', async () => {
    const { r, sent } = reporter();
    for (let i = 0; i < 1500; i++) r.loadFailed('chat', new Error(String(i)));
    await r.flush();
    expect(sent()[0]!.body).toEqual({ name: 'chat', version: '1.1.0-canary', loads: 1000, errors: 1000 });
  });

  it('flushes every 30 s and when the page is hidden', async () => {
    vi.useFakeTimers();
    try {
      const { r, fetch } = reporter();
      const stop = r.start(window);
      r.loaded('chat');
      vi.advanceTimersByTime(HEALTH_EVERY_MS);
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
      r.loaded('chat');
      window.dispatchEvent(new Event('pagehide'));
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
      stop();
      r.loaded('chat');
      vi.advanceTimersByTime(HEALTH_EVERY_MS * 2);
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends an error within seconds, not at the next 30 s tick', async () => {
    vi.useFakeTimers();
    try {
      const { r, fetch } = reporter();
      r.loaded('chat');
      vi.advanceTimersByTime(HEALTH_ERROR_DELAY_MS);
      expect(fetch).not.toHaveBeenCalled();
      r.renderFailed('chat', new Error('boom'));
      r.renderFailed('chat', new Error('again'));
      vi.advanceTimersByTime(HEALTH_ERROR_DELAY_MS);
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    } finally {
      vi.useRealTimers();
    }
  });
});
