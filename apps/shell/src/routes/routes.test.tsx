import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { $session, EMPTY_SESSION, setSession } from '@portal/api-client/session';
import { routes } from './routes';
import { fakeRemotes, renderRoutes } from '../test/render';
import { SESSION_SHARE_WAIT_MS } from '../pages/WaitingPage';

function ChatRoutes() {
  return <p>chat area</p>;
}

afterEach(() => $session.set(EMPTY_SESSION));

describe('route guards', () => {
  it('sends a guarded deep link without a token to /waiting with the full redirect, then to /login keeping it', async () => {
    fakeRemotes({ 'chat/routes': ChatRoutes });
    const { router } = renderRoutes(routes, '/chat/detail/3?from=list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/waiting'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/chat/detail/3?from=list');
    expect(screen.queryByText('chat area')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: SESSION_SHARE_WAIT_MS + 1000 });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/chat/detail/3?from=list');
  });

  it('/waiting forwards a logged-in user to the redirect target and mounts the remote there', async () => {
    fakeRemotes({ 'chat/routes': ChatRoutes });
    setSession({ accessToken: 't', user: { id: 1, name: 'A' }, lastActivity: Date.now() });
    const { router } = renderRoutes(routes, `/waiting?redirect=${encodeURIComponent('/chat/list')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/list'));
    expect(await screen.findByText('chat area')).toBeTruthy();
  });

  it.each(['//evil.com', 'https://evil.com/x', '/\\evil.com'])('/waiting refuses the redirect %s and goes home', async (bad) => {
    fakeRemotes({});
    setSession({ accessToken: 't', user: { id: 1, name: 'A' }, lastActivity: Date.now() });
    const { router } = renderRoutes(routes, `/waiting?redirect=${encodeURIComponent(bad)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('a logged-in user visiting /login goes home', async () => {
    fakeRemotes({});
    setSession({ accessToken: 't', user: { id: 1, name: 'A' }, lastActivity: Date.now() });
    const { router } = renderRoutes(routes, '/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('a token arriving from another tab while waiting continues to the target', async () => {
    fakeRemotes({ 'chat/routes': ChatRoutes });
    const { router } = renderRoutes(routes, `/waiting?redirect=${encodeURIComponent('/chat/list')}`);
    act(() => setSession({ accessToken: 'shared', user: { id: 1, name: 'A' }, lastActivity: Date.now() }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/list'));
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
    renderRoutes(routes, '/forgot-password', 'en');
    await waitFor(() => expect(document.title).toBe('Group Portal | Forgot your password'));
  });

  it('names the not-found page on an unknown path, in the compact layout when logged out', async () => {
    fakeRemotes({});
    renderRoutes(routes, '/no/such/page');
    await waitFor(() => expect(document.title).toBe('グループポータル | ページが見つかりません'));
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).toBeNull();
  });
});
