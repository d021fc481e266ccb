import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { GroupList } from './GroupList';
import { group, pageOf, renderWidget } from './testing';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

const FOLDERS = [
  { id: 7, name: '部署', memo: '', display_order: 1, group_ids: [3] },
  { id: 8, name: 'プロジェクト', memo: '', display_order: 2, group_ids: [2] },
];

type Handler = (name: string, args?: { query?: Record<string, unknown> }) => unknown;
function respond(handler: Handler) {
  call.mockImplementation((async (name: string, args?: { query?: Record<string, unknown> }) => {
    if (name === 'groupFolders') return { items: FOLDERS };
    return handler(name, args);
  }) as never);
}
const groupCalls = () => call.mock.calls.filter(([name]) => name === 'myGroups').map(([, args]) => args);

beforeEach(() => {
  call.mockReset();
  closeModal();
});

describe('GroupList (home)', () => {
  it('shows page 1 of 10 under folder headers in folder order, unfiled last, with capped and muted badges', async () => {
    respond(() =>
      pageOf([
        group(1, '全社連絡', { unread_count: 150 }),
        group(2, '開発チーム', { folder: { id: 8, name: 'プロジェクト' }, unread_count: 99 }),
        group(3, '総務部', { folder: { id: 7, name: '部署' }, can_notify: false, unread_count: 5 }),
        group(4, '東京支社'),
      ]),
    );
    renderWidget(<GroupList />);

    await screen.findByRole('link', { name: /全社連絡/ });
    // Page 1 is cut from every group, the list home's calendar picker reads too (one request).
    expect(groupCalls()).toEqual([{ query: { page: 1, limit: 99999 } }]);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['部署', 'プロジェクト', '未分類']);

    const unfiled = screen.getByRole('region', { name: '未分類' });
    expect(
      within(unfiled)
        .getAllByRole('link')
        .map((a) => [a.querySelector('.pgrp-row__name')?.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['全社連絡', '/group/1'],
      ['東京支社', '/group/4'],
    ]);
    // Above 99 shows +99; 99 itself is shown as is.
    expect(within(unfiled).getByLabelText('未読 150件').textContent).toBe('+99');
    expect(within(screen.getByRole('region', { name: 'プロジェクト' })).getByLabelText('未読 99件').textContent).toBe('99');
    // Muted: the grey dot replaces the count.
    const muted = within(screen.getByRole('region', { name: '部署' }));
    expect(muted.getByRole('img', { name: '通知オフ' }).className).toContain('pui-badge--muted');
    expect(muted.queryByLabelText('未読 5件')).toBeNull();
    // One page only: no pager.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('searches with the keyword from page 1 and pages through the results', async () => {
    const all = Array.from({ length: 21 }, (_, i) => group(i + 1, `グループ${i + 1}`));
    respond((_name, args) => {
      const page = Number(args?.query?.page);
      const limit = Number(args?.query?.limit);
      return limit > 10 ? pageOf(all, 1, 1, 21) : pageOf(all.slice((page - 1) * 10, page * 10), page, 3, 21);
    });
    const { queryClient } = renderWidget(<GroupList />);
    await screen.findByText('グループ1');
    expect(screen.queryByText('グループ11')).toBeNull();
    expect(screen.getByText('1 / 3 ページ（全21件）')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    await screen.findByText('グループ11');
    expect(screen.getByText('2 / 3 ページ（全21件）')).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: 'グループを検索' });
    fireEvent.change(box, { target: { value: ' とうきょう ' } });
    // Enter that confirms an IME conversion must not search.
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 229 });
    expect(groupCalls()).toHaveLength(2);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(groupCalls()).toHaveLength(3));
    expect(groupCalls()).toEqual([
      { query: { page: 1, limit: 99999 } },
      { query: { page: 2, limit: 10 } },
      { query: { page: 1, limit: 10, filter: 'とうきょう' } },
    ]);
    expect(screen.getByRole('button', { name: '前へ' }).hasAttribute('disabled')).toBe(true);
    // The whole list is the one the other pickers read.
    expect(queryClient.getQueryData(['groups', 'mine', { page: 1, limit: 99999 }])).toHaveLength(21);
  });

  it('says when nothing matches, and when the user has no group', async () => {
    respond(() => pageOf([], 1, 1, 0));
    renderWidget(<GroupList />);
    expect(await screen.findByText('参加しているグループはありません。')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '存在しない' } });
    fireEvent.click(screen.getByRole('button', { name: '検索する' }));
    expect(await screen.findByText('「存在しない」に一致するグループはありません。')).toBeTruthy();
  });

  it('shows an inline error with a retry instead of a fake list', async () => {
    let fail = true;
    respond(() => {
      if (fail) throw new ApiError(500, 'INTERNAL_ERROR', 'boom');
      return pageOf([group(1, '全社連絡')]);
    });
    renderWidget(<GroupList />);
    expect((await screen.findByRole('alert')).textContent).toContain('グループ一覧を読み込めませんでした。');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByRole('link', { name: /全社連絡/ })).toBeTruthy();
  });

  it('opens the folder manager from the list', async () => {
    respond(() => pageOf([group(1, '全社連絡')]));
    renderWidget(<GroupList />);
    fireEvent.click(await screen.findByRole('button', { name: 'フォルダ管理' }));
    // The manager is a lazy chunk (zod and the schemas): its first import in a test run is
    // transformed on demand, which can take longer than findBy's default second on a busy machine.
    expect(await screen.findByRole('dialog', { name: 'フォルダ管理' }, { timeout: 10_000 })).toBeTruthy();
  });
});
