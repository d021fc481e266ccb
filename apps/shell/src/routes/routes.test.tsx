import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { $session, EMPTY_SESSION, setSession } from '@portal/api-client/session';
import { createI18n } from '@portal/i18n';
import { routes } from './routes';
import { RootRoute } from './RootRoute';
import { currentPathname, navigateTo } from '../session/navigation';
import { fakeRemotes, renderRoutes } from '../test/render';
import { SESSION_SHARE_WAIT_MS } from '../pages/WaitingPage';

function ChatRoutes() {
  return <p>chat area</p>;
}

afterEach(() => $session.set(EMPTY_SESSION));

describe('route guards', () => {
  it('sends a guarded deep link without a token to /waiting with the full redirect, then to /login keeping it', async () => {
    fakeRemotes({ 'chat/routes': ChatRoutes });
    const { location } = renderRoutes(routes, '/chat/detail/3?from=list');
    await waitFor(() => expect(location().pathname).toBe('/waiting'));
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/chat/detail/3?from=list');
    expect(screen.queryByText('chat area')).toBeNull();
    await waitFor(() => expect(location().pathname).toBe('/login'), { timeout: SESSION_SHARE_WAIT_MS + 5000 });
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/chat/detail/3?from=list');
  });

  it('/waiting forwards a logged-in user to the redirect target and mounts the remote there', async () => {
    fakeRemotes({ 'chat/routes': ChatRoutes });
    setSession({ accessToken: 't', user: { id: 1, name: 'A' }, lastActivity: Date.now() });
    const { location } = renderRoutes(routes, `/waiting?redirect=${encodeURIComponent('/chat/list')}`);
    await waitFor(() => expect(location().pathname).toBe('/chat/list'));
    expect(await screen.findByText('chat area')).toBeTruthy();
  });

  it.each(['//evil.com', 'https://evil.com/x', '/\\evil.com'])('/waiting refuses the redirect %s and goes home', async (bad) => {
    fakeRemotes({});
    setSession({ accessToken: 't', user: { id: 1, name: 'A' }, lastActivity: Date.now() });
    const { location } = renderRoutes(routes, `/waiting?redirect=${encodeURIComponent(bad)}`);
    await waitFor(() => expect(location().pathname).toBe('/'));
  });

  it('/calendar goes to /calendar/list in the shell, before the calendar remote has loaded', async () => {
    // No calendar remote at all: only the shell can have redirected.
    fakeRemotes({});
    setSession({ accessToken: 't', user: { id: 1, name: 'A' }, lastActivity: Date.now() });
    const { location } = renderRoutes(routes, '/calendar');
    await waitFor(() => expect(location().pathname).toBe('/calendar/list'));
  });

  it('a logged-in user visiting /login goes home', async () => {
    fakeRemotes({});
    setSession({ accessToken: 't', user: { id: 1, name: 'A' }, lastActivity: Date.now() });
    const { location } = renderRoutes(routes, '/login');
    await waitFor(() => expect(location().pathname).toBe('/'));
  });

  it('a login page that holds a redirect, once logged in, goes straight to it (not through home)', async () => {
    fakeRemotes({ 'calendar/routes': () => <p>calendar</p> });
    const { location } = renderRoutes(routes, `/login?redirect=${encodeURIComponent('/calendar/week?date=2026-11-04')}`);
    const seen: string[] = [];
    act(() => setSession({ accessToken: 't', user: { id: 1, name: 'A' }, lastActivity: Date.now() }));
    await waitFor(() => {
      seen.push(location().pathname);
      expect(location().pathname).toBe('/calendar/week');
    });
    expect(seen).not.toContain('/');
  });

  it('a token arriving from another tab while waiting continues to the target', async () => {
    fakeRemotes({ 'chat/routes': ChatRoutes });
    const { location } = renderRoutes(routes, `/waiting?redirect=${encodeURIComponent('/chat/list')}`);
    act(() => setSession({ accessToken: 'shared', user: { id: 1, name: 'A' }, lastActivity: Date.now() }));
    await waitFor(() => expect(location().pathname).toBe('/chat/list'));
  });
});

describe('document title', () => {
  it('is the product name plus the route title, and follows the language', async () => {
    fakeRemotes({});
    renderRoutes(routes, '/login');
    await waitFor(() => expect(document.title).toBe('グループポータル | ログイン'));
  });

  it('uses the English product name and title in English', async () => {
    fakeRemotes({});
    renderRoutes(routes, '/forgot-password', { lang: 'en' });
    // A lazy page with zod and the English strings: a busy machine takes more than a second.
    await waitFor(() => expect(document.title).toBe('Group Portal | Forgot your password'), { timeout: 5000 });
  });

  it('names the not-found page on an unknown path, in the compact layout when logged out', async () => {
    fakeRemotes({});
    renderRoutes(routes, '/no/such/page');
    await waitFor(() => expect(document.title).toBe('グループポータル | ページが見つかりません'));
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).toBeNull();
  });
});

describe('strings loaded on demand', () => {
  it('a lazy page whose namespace is not loaded yet renders translated, never raw keys', async () => {
    fakeRemotes({});
    const i18n = createI18n();
    expect(i18n.hasResourceBundle('ja', 'auth')).toBe(false);
    renderRoutes(routes, '/login', { i18n });
    expect(await screen.findByLabelText('社員番号')).toBeTruthy();
    expect(screen.queryByText(/^(titles|fields|login)\./)).toBeNull();
    await waitFor(() => expect(document.title).toBe('グループポータル | ログイン'));
  });

  it('home does not load the login pages’ strings', async () => {
    fakeRemotes({});
    setSession({ accessToken: 't', user: { id: 1, name: 'A' }, lastActivity: Date.now() });
    const i18n = createI18n();
    renderRoutes(routes, '/', { i18n });
    expect(await screen.findByRole('navigation', { name: 'メインメニュー' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('グループポータル | ホーム'));
    expect(i18n.hasResourceBundle('ja', 'auth')).toBe(false);
  });
});

describe('root route', () => {
  function Boom(): never {
    throw new Error('render failed');
  }
  const tree = [
    {
      element: <RootRoute />,
      children: [
        { path: 'boom', element: <Boom /> },
        { path: 'fine', element: <p>fine page</p> },
      ],
    },
  ];

  it('shows a reload offer for a render error outside any remote, and clears it on navigation', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { location } = renderRoutes(tree, '/boom');
    expect(await screen.findByRole('button', { name: 'ホームに戻る' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('render failed');
    act(() => navigateTo('/fine'));
    expect(await screen.findByText('fine page')).toBeTruthy();
    expect(location().pathname).toBe('/fine');
    quiet.mockRestore();
  });
});

describe('navigation outside React', () => {
  it('navigateTo and currentPathname go through the mounted router', async () => {
    fakeRemotes({});
    const { location } = renderRoutes(routes, '/terms');
    await waitFor(() => expect(currentPathname()).toBe('/terms'));
    act(() => navigateTo('/policy', { replace: true }));
    await waitFor(() => expect(location().pathname).toBe('/policy'));
    expect(currentPathname()).toBe('/policy');
  });
});
