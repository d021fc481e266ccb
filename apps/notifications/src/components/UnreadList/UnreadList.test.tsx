import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { pageOf, renderWithApp, unreadItem } from '../../test/render';
import { UnreadList } from './UnreadList';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

describe('UnreadList', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockImplementation(async (name: string) => {
      if (name === 'unreadList')
        return pageOf([
          unreadItem(1),
          unreadItem(2, { id: '2-9', unread_type: 2, topic_comment_id: 9, title: '議題', update_by_user: null }),
          unreadItem(3, { user_active_status: 1 }),
        ]) as never;
      return { items: { count: 1 } } as never;
    });
  });

  it('asks for the first page and shows kind, title, preview and the leave suffix', async () => {
    renderWithApp(<UnreadList mode="page" />);
    expect(await screen.findAllByTestId('unread-row')).toHaveLength(3);
    expect(call).toHaveBeenCalledWith('unreadList', { query: { page: 1, limit: 10 } });
    expect(screen.getByText('議題')).toBeTruthy();
    expect(screen.getByText('匿名')).toBeTruthy();
    expect(screen.getByText(/（グループ退会）/)).toBeTruthy();
  });

  it('marks ticked items read in one call; the button waits for a tick; select all ticks all', async () => {
    renderWithApp(<UnreadList mode="page" />);
    await screen.findAllByTestId('unread-row');
    const button = screen.getByRole('button', { name: /選択した項目を既読にする/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '「トピック1」を選択' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '「トピック3」を選択' }));
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(call).toHaveBeenCalledWith('markReadSelected', { body: { notification_ids: ['1-1', '1-3'] } }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'すべて選択' }));
    expect(screen.getAllByRole('checkbox').every((c) => (c as HTMLInputElement).checked)).toBe(true);
  });

  it('a click reads the item and opens it; a comment opens its topic at the comment', async () => {
    renderWithApp(<UnreadList mode="page" />);
    await screen.findAllByTestId('unread-row');
    fireEvent.click(screen.getByRole('button', { name: /議題/ }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('markReadEachItem', { params: { id: '2-9' } }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/group/5/topic/2?commentSearchId=9'));
  });

  it('shows a saved search with its new hits and opens the search result with its query', async () => {
    call.mockImplementation(async (name: string) => {
      if (name === 'unreadList') {
        const saved = {
          id: '10-4',
          unread_type: 10,
          unread_target_id: 4,
          group_id: null,
          title: '東京',
          content: '',
          search_query: 'keyword_search=%E6%9D%B1%E4%BA%AC&target_search=1',
          new_hits: 3,
        };
        return pageOf([unreadItem(4, saved)]) as never;
      }
      return { items: { count: 1 } } as never;
    });
    renderWithApp(<UnreadList mode="page" />);
    await screen.findAllByTestId('unread-row');
    expect(screen.getByText('新着 3 件')).toBeTruthy();
    expect(screen.getByText('保存した検索')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /東京/ }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('markReadEachItem', { params: { id: '10-4' } }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/search-result?keyword_search=%E6%9D%B1%E4%BA%AC&target_search=1'),
    );
  });

  it('says so when nothing is unread', async () => {
    call.mockResolvedValue(pageOf([]) as never);
    renderWithApp(<UnreadList mode="page" />);
    expect(await screen.findByText('未読の通知はありません。')).toBeTruthy();
  });
});
