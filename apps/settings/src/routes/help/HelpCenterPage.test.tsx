import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { renderInShell } from '../../test/render';
import HelpCenterPage from './HelpCenterPage';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);
const articles = [
  { id: 1, kind: 'help', title_ja: 'グループを作るには', title_en: 'Creating a group', sort_order: 1, updated_at: 1 },
  { id: 2, kind: 'help', title_ja: 'ログインできないとき', title_en: 'When you cannot log in', sort_order: 2, updated_at: 1 },
];

function answer(admin: boolean) {
  call.mockImplementation((async (name: string, args?: { query?: { search?: string } }) => {
    if (name === 'helpCenter') return { items: args?.query?.search ? articles.slice(1) : articles };
    if (name === 'me') return { items: { info: { is_company_admin: admin } } };
    if (name === 'helpArticles') return { items: articles };
    throw new Error(name);
  }) as never);
}

beforeEach(() => {
  call.mockReset();
});

describe('HelpCenterPage', () => {
  it('lists articles in the order given, links each to its page and searches by title', async () => {
    answer(false);
    renderInShell(<HelpCenterPage />, { path: '/help-center' });
    const links = await screen.findAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['グループを作るには', '/help-center/1'],
      ['ログインできないとき', '/help-center/2'],
    ]);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'ログイン' } });
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Enter' });
    await waitFor(() => expect(call).toHaveBeenCalledWith('helpCenter', { query: { search: 'ログイン' } }));
    await waitFor(() => expect(screen.queryByText('グループを作るには')).toBeNull());
    expect(screen.queryByText('記事の管理（会社管理者）')).toBeNull();
  });

  it('a company administrator also sees the article manager', async () => {
    answer(true);
    renderInShell(<HelpCenterPage />, { path: '/help-center' });
    expect(await screen.findByText('記事の管理（会社管理者）')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '記事を追加' })).toBeTruthy();
  });
});
