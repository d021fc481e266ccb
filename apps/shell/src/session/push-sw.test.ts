import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

/** Runs public/push-sw.js against a fake service-worker global and returns its handlers. */
function loadWorker(opts: { tabs?: { url: string }[] } = {}) {
  const handlers: Record<string, (e: unknown) => void> = {};
  const tabs = (opts.tabs ?? []).map((t) => ({ ...t, focus: vi.fn(async () => undefined), postMessage: vi.fn() }));
  const self = {
    addEventListener: (type: string, fn: (e: unknown) => void) => (handlers[type] = fn),
    registration: { showNotification: vi.fn(async () => undefined) },
    navigator: { setAppBadge: vi.fn(async () => undefined) },
    location: { origin: 'https://portal.example' },
    clients: { matchAll: vi.fn(async () => tabs), openWindow: vi.fn(async () => undefined) },
  };
  const code = fs.readFileSync(path.resolve(__dirname, '../../public/push-sw.js'), 'utf8');
  new Function('self', code)(self);
  return { handlers, self, tabs };
}

const pushEvent = (data: unknown) => {
  let done: Promise<unknown> = Promise.resolve();
  return {
    event: { data: { json: () => data, text: () => String(data) }, waitUntil: (p: Promise<unknown>) => (done = p) },
    done: () => done,
  };
};

describe('push service worker', () => {
  it('shows the message with its page and sets the badge', async () => {
    const { handlers, self } = loadWorker();
    const e = pushEvent({ title: '【緊急連絡】停電', body: '総務部', redirect_to: '/group/1/topic/2', badge: 3 });
    handlers.push!(e.event);
    await e.done();
    expect(self.navigator.setAppBadge).toHaveBeenCalledWith(3);
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      '【緊急連絡】停電',
      expect.objectContaining({ body: '総務部', data: { url: '/group/1/topic/2' } }),
    );
  });

  it('never follows a link off the portal', async () => {
    const { handlers, self } = loadWorker();
    const e = pushEvent({ title: 'x', body: '', redirect_to: '//evil.example/a' });
    handlers.push!(e.event);
    await e.done();
    expect(self.registration.showNotification).toHaveBeenCalledWith('x', expect.objectContaining({ data: { url: '/' } }));
  });

  it('on click routes an open tab inside the SPA, or opens a window', async () => {
    const open = loadWorker({ tabs: [{ url: 'https://portal.example/' }] });
    let done: Promise<unknown> = Promise.resolve();
    open.handlers.notificationclick!({
      notification: { close: vi.fn(), data: { url: '/chat/detail/4' } },
      waitUntil: (p: Promise<unknown>) => (done = p),
    });
    await done;
    expect(open.tabs[0]!.postMessage).toHaveBeenCalledWith({ type: 'portal:open', url: '/chat/detail/4' });
    const none = loadWorker();
    none.handlers.notificationclick!({
      notification: { close: vi.fn(), data: { url: '/chat/detail/4' } },
      waitUntil: (p: Promise<unknown>) => (done = p),
    });
    await done;
    expect(none.self.clients.openWindow).toHaveBeenCalledWith('https://portal.example/chat/detail/4');
  });
});
