import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { $session, EMPTY_SESSION, setSession } from '@portal/api-client/session';
import { routes } from '../../routes/routes';
import { fakeRemotes, renderRoutes } from '../../test/render';
import { $openMenu } from '../../stores/menus';

afterEach(() => {
  $session.set(EMPTY_SESSION);
  $openMenu.set(null);
});

function setup() {
  fakeRemotes({
    'groups/GroupPickMenu': () => <p>group pick menu</p>,
    'settings/SettingMenu': () => <p>setting menu</p>,
    'notifications/NavbarNotifications': () => <p>bell list</p>,
    'notifications/NewsList': () => <p>news</p>,
    'groups/GroupList': () => <p>group list</p>,
    'common-topic/CommonTopicLink': () => <p>common topic link</p>,
    'calendar/WeekTable': new Error('calendar is down'),
  });
  setSession({ accessToken: 't', user: { id: 1, name: 'A' }, lastActivity: Date.now() });
  return renderRoutes(routes, '/');
}

describe('header menus', () => {
  it('opening one menu closes the others, and scroll is locked with a backdrop while one is open', async () => {
    setup();
    const group = await screen.findByRole('button', { name: 'グループ' });
    const setting = screen.getByRole('button', { name: '設定' });
    const home = screen.getByRole('button', { name: 'その他のメニュー' });

    fireEvent.click(group);
    expect(await screen.findByText('group pick menu')).toBeTruthy();
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(document.body.style.overflow).toBe('hidden');
    expect(screen.getByTestId('menu-backdrop')).toBeTruthy();

    fireEvent.click(setting);
    expect(await screen.findByText('setting menu')).toBeTruthy();
    expect(screen.queryByText('group pick menu')).toBeNull();
    expect(group.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(home);
    expect(await screen.findByRole('link', { name: 'ヘルプセンター' })).toBeTruthy();
    expect(screen.queryByText('setting menu')).toBeNull();
    expect(document.body.style.overflow).toBe('hidden');

    fireEvent.click(screen.getByTestId('menu-backdrop'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'ヘルプセンター' })).toBeNull());
    expect(document.body.style.overflow).toBe('');
  });

  it('Esc closes the open menu and unlocks scrolling', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: '設定' }));
    expect(await screen.findByText('setting menu')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByText('setting menu')).toBeNull());
    expect(document.body.style.overflow).toBe('');
    expect(screen.queryByTestId('menu-backdrop')).toBeNull();
  });

  it('a failing home widget shows its own fallback while the other widgets and the header work', async () => {
    setup();
    expect(await screen.findByText('news')).toBeTruthy();
    expect(await screen.findByText('group list')).toBeTruthy();
    expect(await screen.findByText('common topic link')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('表示できませんでした');
    expect(alert.closest('[data-remote]')?.getAttribute('data-remote')).toBe('calendar/WeekTable');
    expect(screen.getByRole('button', { name: 'グループ' })).toBeTruthy();
    expect(document.title).toBe('グループポータル | ホーム');
  });

  it('the retry button of a failed area loads it again', async () => {
    setup();
    const retry = await screen.findByRole('button', { name: '再試行' });
    fakeRemotes({
      'groups/GroupList': () => <p>group list</p>,
      'notifications/NewsList': () => <p>news</p>,
      'common-topic/CommonTopicLink': () => <p>common topic link</p>,
      'calendar/WeekTable': () => <p>week table</p>,
    });
    fireEvent.click(retry);
    expect(await screen.findByText('week table')).toBeTruthy();
  });
});
