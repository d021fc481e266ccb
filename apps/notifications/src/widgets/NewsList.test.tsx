import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { pageOf, renderWithApp } from '../test/render';
import NewsList from './NewsList';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

const base = { placement: 1, target_id: null, group_id: null, group_name: null, created_at: Date.UTC(2026, 10, 1), is_readed: false };
const cms = { ...base, id: 1, type: 1, title: '年末年始休業', content: '<p>12/29〜1/3 は休業です</p>', target_type: 1, display_type: 2 };
const sys = {
  ...base,
  id: 2,
  type: 2,
  title: 'join_request',
  content: JSON.stringify({ group_name: '開発チーム', user_name: '新人 一郎' }),
  target_type: 3,
  target_id: 7,
  display_type: 1,
};
const perm = {
  ...base,
  id: 3,
  type: 2,
  title: 'permission_granted',
  content: JSON.stringify({ group_name: '総務部', permission_name: 'invite' }),
  target_type: 2,
  target_id: 8,
  display_type: 1,
  is_readed: true,
};

describe('NewsList', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockImplementation(async (name: string) => (name === 'readNews' ? { items: { count: 2 } } : pageOf([cms, sys, perm])) as never);
  });

  it('renders CMS HTML and system messages in the reader’s language, NEW on unread, and reports the unread ones read', async () => {
    renderWithApp(<NewsList />);
    expect(await screen.findByText('12/29〜1/3 は休業です')).toBeTruthy();
    const request = screen.getByRole('link', {
      name: '新人 一郎 さんから「開発チーム」への参加リクエストが届いています。承認してください。',
    });
    expect(request.getAttribute('href')).toBe('/group/7/members/join-request');
    expect(screen.getByRole('link', { name: '「総務部」で招待の権限が付与されました。' }).getAttribute('href')).toBe('/group/8');
    expect(screen.getAllByText('NEW')).toHaveLength(2);
    expect(call).toHaveBeenCalledWith('homeNews', { query: { page: 1, limit: 10 } });
    await waitFor(() => expect(call).toHaveBeenCalledWith('readNews', { body: { information_ids: [1, 2] } }));
  });

  it('reports a cached list once, however often home shows it again; a reload is reported afresh', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const app = (shown: boolean) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>{shown ? <NewsList /> : <p>elsewhere</p>}</MemoryRouter>
      </QueryClientProvider>
    );
    const view = render(app(true));
    await waitFor(() => expect(call).toHaveBeenCalledWith('readNews', { body: { information_ids: [1, 2] } }));
    for (let i = 0; i < 3; i++) {
      view.rerender(app(false));
      view.rerender(app(true));
      await screen.findByText('年末年始休業');
    }
    expect(call.mock.calls.filter(([name]) => name === 'readNews')).toHaveLength(1);
    expect(call.mock.calls.filter(([name]) => name === 'homeNews')).toHaveLength(1);
    await client.invalidateQueries({ queryKey: ['news'] });
    await waitFor(() => expect(call.mock.calls.filter(([name]) => name === 'readNews')).toHaveLength(2));
  });

  it('tells an administrator in their language that a canary was withdrawn by itself', async () => {
    const canary = {
      ...base,
      id: 4,
      type: 2,
      title: 'remote_canary_rolled_back',
      target_type: 1,
      display_type: 1,
      is_readed: true,
      content: JSON.stringify({
        remote: 'chat',
        canary_version: '0.2.0-bbbb',
        stable_version: '0.1.0-aaaa',
        canary_rate: '40.0 %',
        stable_rate: '0.5 %',
      }),
    };
    call.mockImplementation(async (name: string) => (name === 'readNews' ? { items: { count: 0 } } : pageOf([canary])) as never);
    renderWithApp(<NewsList />);
    expect(
      await screen.findByText(
        '「チャット」画面の先行公開 0.2.0-bbbb は読み込みの 40.0 % で失敗したため（現行版 0.5 %）、自動的に取り下げられました。全員に 0.1.0-aaaa が表示されます。',
      ),
    ).toBeTruthy();
  });

  it('tapping NEW hides that badge', async () => {
    renderWithApp(<NewsList />);
    await screen.findByText('年末年始休業');
    fireEvent.click(screen.getAllByRole('button', { name: '新着（既読にする）' })[0]!);
    expect(screen.getAllByText('NEW')).toHaveLength(1);
  });

  it('asks for the group’s news on a group page, and says when there is none', async () => {
    call.mockResolvedValue(pageOf([]) as never);
    renderWithApp(<NewsList groupId={5} />);
    expect(await screen.findByText('ニュースはありません。')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('groupNews', { params: { id: 5 }, query: { page: 1, limit: 10 } });
    expect(call).not.toHaveBeenCalledWith('readNews', expect.anything());
  });
});
