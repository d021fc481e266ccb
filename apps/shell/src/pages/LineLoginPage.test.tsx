import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { LINE_MODE_STORAGE_KEY } from '@portal/api-client/browser';
import { $session, EMPTY_SESSION } from '@portal/api-client/session';
import { routes } from '../routes/routes';
import { fakeRemotes, renderRoutes } from '../test/render';

afterEach(() => {
  $session.set(EMPTY_SESSION);
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const STATE = 's'.repeat(43);

function stubApi(answer: (url: string) => Response) {
  const fetch = vi.fn(async (url: string) =>
    url.endsWith('/auth/line-login/config') ? json(200, { items: { enabled: true } }) : answer(url),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const bodyOf = (fetch: ReturnType<typeof stubApi>, path: string) => {
  const hit = fetch.mock.calls.find(([u]) => String(u).endsWith(path)) as unknown as [string, RequestInit] | undefined;
  return hit ? JSON.parse(String(hit[1].body)) : undefined;
};

describe('/line-login (LINE’s callback)', () => {
  it('posts the one-time code and state once and shows the refusal (unlinked LINE account) with the button to retry', async () => {
    const fetch = stubApi(() => json(403, { status_code: 'LINE_NOT_LINKED', message: 'x' }));
    fakeRemotes({});
    renderRoutes(routes, `/line-login?code=abc123&state=${STATE}`);
    expect((await screen.findByRole('alert')).textContent).toMatch(/連携されていません/);
    expect(bodyOf(fetch, '/auth/line-login')).toEqual({ code: 'abc123', state: STATE });
    expect(fetch.mock.calls.filter(([u]) => String(u).endsWith('/auth/line-login'))).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'LINEでログイン' })).toBeTruthy();
  });

  it('finishes a link begun from account-info with the link call, not a login', async () => {
    sessionStorage.setItem(LINE_MODE_STORAGE_KEY, 'link');
    const fetch = stubApi(() => json(400, { status_code: 'LINE_LOGIN_FAILED', message: 'x' }));
    fakeRemotes({});
    renderRoutes(routes, `/line-login?code=c0de&state=${STATE}`);
    expect((await screen.findByRole('alert')).textContent).toMatch(/LINEログインを完了できませんでした/);
    expect(bodyOf(fetch, '/members/me/line-link')).toEqual({ code: 'c0de', state: STATE });
    expect(bodyOf(fetch, '/auth/line-login')).toBeUndefined();
    expect(sessionStorage.getItem(LINE_MODE_STORAGE_KEY)).toBeNull();
  });

  it('says so when the user cancelled on LINE, and sends nothing', async () => {
    const fetch = stubApi(() => json(500, {}));
    fakeRemotes({});
    renderRoutes(routes, '/line-login?error=access_denied&state=x');
    expect((await screen.findByRole('alert')).textContent).toMatch(/キャンセル/);
    await waitFor(() => expect(fetch.mock.calls.every(([u]) => String(u).endsWith('/config'))).toBe(true));
  });
});
