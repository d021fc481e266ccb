import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeModal } from '@portal/ui';
import { answer, call, groupHandlers, pageCalls, renderAt } from '../test-utils';
import { COUNT, FOLDERS, feedPage, row } from './fixtures';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

beforeEach(() => {
  call().mockReset();
  closeModal();
});

const dialog = () => screen.findByRole('alertdialog');
const G = { params: { id: 1 } };
const SORT = { orderBy: 'update', sortedBy: 'desc' };
const calls = (name: string) => pageCalls().filter(([n]) => n === name);

describe('group-new-feed', () => {
  it('lists topics with marks, pages with the cursor and changes tab and sort', async () => {
    answer(
      groupHandlers('member', {
        topicCount: COUNT,
        topicFolders: FOLDERS,
        topicsAll: (a: { query: { cursor?: string } }) =>
          a.query.cursor
            ? feedPage([row(3, { title: '三件目' })])
            : feedPage([row(1, { is_read: false, emergency_contact: true }), row(2)], 'CUR1'),
        topicsUnclassified: feedPage([]),
      }),
    );
    renderAt('/group/1/new-feed');
    const first = await screen.findByRole('link', { name: 'トピック1' });
    const item = first.closest('li')!;
    expect(within(item).getByText('未読')).toBeTruthy();
    expect(within(item).getByText('緊急')).toBeTruthy();
    expect(within(item).getByText('本文1')).toBeTruthy();
    expect(within(item).getByText('山田 太郎')).toBeTruthy();
    expect(first.getAttribute('href')).toBe('/group/1/topic/1');
    // A plain member sees no selection boxes or create button.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('link', { name: 'トピックを作成' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'もっと見る' }));
    expect(await screen.findByRole('link', { name: '三件目' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull();

    fireEvent.change(screen.getByLabelText('並び順'), { target: { value: 'title_asc' } });
    await waitFor(() => expect(calls('topicsAll')).toHaveLength(3));
    fireEvent.click(screen.getByRole('tab', { name: '未読トピック（1）' }));
    await waitFor(() => expect(calls('topicsAll')).toHaveLength(4));
    fireEvent.click(screen.getByRole('tab', { name: '未分類（2）' }));
    expect(await screen.findByText('未分類のトピックはありません。')).toBeTruthy();
    expect([...calls('topicsAll'), ...calls('topicsUnclassified')]).toEqual([
      ['topicsAll', { ...G, query: SORT }],
      ['topicsAll', { ...G, query: { ...SORT, cursor: 'CUR1' } }],
      ['topicsAll', { ...G, query: { orderBy: 'title', sortedBy: 'asc' } }],
      ['topicsAll', { ...G, query: { orderBy: 'title', sortedBy: 'asc', unread_only: '1' } }],
      ['topicsUnclassified', { ...G, query: { orderBy: 'title', sortedBy: 'asc' } }],
    ]);
  });

  it('filters by title (Enter sends, never the IME-confirming Enter) and says when nothing matches', async () => {
    answer(
      groupHandlers('member', {
        topicCount: COUNT,
        topicFolders: FOLDERS,
        topicsAll: (a: { query: { title?: string } }) =>
          a.query.title === '週報' ? feedPage([row(8, { title: '週報' })]) : a.query.title ? feedPage([]) : feedPage([row(1), row(2)]),
      }),
    );
    renderAt('/group/1/new-feed');
    await screen.findByRole('link', { name: 'トピック1' });
    const filter = screen.getByLabelText('タイトルで絞り込み');
    fireEvent.change(filter, { target: { value: '週報' } });
    fireEvent.keyDown(filter, { key: 'Enter', isComposing: true });
    expect(calls('topicsAll')).toHaveLength(1);
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(await screen.findByRole('link', { name: '週報' })).toBeTruthy();
    expect(calls('topicsAll').at(-1)).toEqual(['topicsAll', { ...G, query: { ...SORT, title: '週報' } }]);
    fireEvent.change(filter, { target: { value: '該当なし' } });
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(await screen.findByText('条件に合うトピックはありません。')).toBeTruthy();
  });

  it("shows the caller's favourites on their own tab", async () => {
    answer(
      groupHandlers('member', { topicCount: COUNT, topicFolders: FOLDERS, topicsAll: feedPage([row(1)]), topicsFavorite: feedPage([]) }),
    );
    renderAt('/group/1/new-feed');
    await screen.findByRole('link', { name: 'トピック1' });
    fireEvent.click(screen.getByRole('tab', { name: 'お気に入り' }));
    expect(await screen.findByText('お気に入りのトピックはありません。')).toBeTruthy();
    expect(calls('topicsFavorite')).toEqual([['topicsFavorite', { ...G, query: SORT }]]);
  });

  it('groups the loaded topics under their folders by category, unclassified last', async () => {
    answer(
      groupHandlers('member', {
        topicCount: COUNT,
        topicFolders: {
          items: [
            { id: 7, name: '議事録', topic_count: 1 },
            { id: 8, name: '手順書', topic_count: 1 },
          ],
        },
        topicsAll: feedPage([row(1, { folder_id: null }), row(2, { folder_id: 8 }), row(3, { folder_id: 7 }), row(4, { folder_id: 8 })]),
      }),
    );
    renderAt('/group/1/new-feed');
    await screen.findByRole('link', { name: 'トピック1' });
    expect(screen.queryByRole('heading', { level: 2, name: '議事録' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'カテゴリ別' }));
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['議事録', '手順書', '未分類']);
    const titles = (name: string) =>
      within(screen.getByRole('region', { name }))
        .getAllByRole('link')
        .map((a) => a.textContent);
    expect(titles('手順書')).toEqual(['トピック2', 'トピック4']);
    expect(titles('未分類')).toEqual(['トピック1']);
    // The folder tab lists one folder: nothing to group.
    fireEvent.click(screen.getByRole('tab', { name: 'フォルダ' }));
    expect(screen.queryByRole('radio', { name: 'カテゴリ別' })).toBeNull();
  });

  it('moves selected topics to a folder and to the bin (confirmed) as an editor', async () => {
    answer(
      groupHandlers('admin', {
        topicCount: COUNT,
        topicFolders: FOLDERS,
        topicsAll: feedPage([row(1), row(2)]),
        moveTopicsToFolder: { items: { count: 2 } },
        moveTopicsToBin: { items: { count: 1 } },
      }),
    );
    renderAt('/group/1/new-feed');
    fireEvent.click(await screen.findByRole('checkbox', { name: '「トピック1」を選択' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '「トピック2」を選択' }));
    fireEvent.change(screen.getByLabelText('移動先'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: '移動' }));
    await waitFor(() =>
      expect(calls('moveTopicsToFolder')).toEqual([['moveTopicsToFolder', { ...G, body: { topic_ids: [1, 2], folder_id: 7 } }]]),
    );
    closeModal();

    fireEvent.click(await screen.findByRole('checkbox', { name: '「トピック2」を選択' }));
    fireEvent.click(screen.getByRole('button', { name: 'ゴミ箱へ移動' }));
    expect((await dialog()).textContent).toContain('選択した1件のトピックをゴミ箱へ移動しますか？');
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('moveTopicsToBin')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'ゴミ箱へ移動' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'ゴミ箱へ移動' }));
    await waitFor(() => expect(calls('moveTopicsToBin')).toEqual([['moveTopicsToBin', { ...G, body: { topic_ids: [2] } }]]));
  });

  it('deletes from the bin, restores and empties it (administrator), each confirmed', async () => {
    answer(
      groupHandlers('admin', {
        topicCount: COUNT,
        topicFolders: FOLDERS,
        topicsInBin: feedPage([row(4, { is_in_bin: true })]),
        deleteTopicsInBin: { items: { count: 1 } },
        moveTopicsToUnclassified: { items: { count: 1 } },
        emptyTopicsBin: { items: { count: 1 } },
      }),
    );
    renderAt('/group/1/new-feed?tab=bin');
    fireEvent.click(await screen.findByRole('checkbox', { name: '「トピック4」を選択' }));
    fireEvent.click(screen.getByRole('button', { name: '完全に削除' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: '完全に削除' }));
    await waitFor(() => expect(calls('deleteTopicsInBin')).toHaveLength(1));
    closeModal();
    fireEvent.click(await screen.findByRole('checkbox', { name: '「トピック4」を選択' }));
    fireEvent.click(screen.getByRole('button', { name: '未分類に戻す' }));
    await waitFor(() => expect(calls('moveTopicsToUnclassified')).toHaveLength(1));
    closeModal();
    fireEvent.click(await screen.findByRole('button', { name: 'ゴミ箱を空にする' }));
    expect((await dialog()).textContent).toContain('ゴミ箱のトピックをすべて完全に削除しますか？');
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'ゴミ箱を空にする' }));
    await waitFor(() => expect(calls('emptyTopicsBin')).toHaveLength(1));
    expect(pageCalls().filter(([n]) => !['topicsInBin', 'topicCount', 'topicFolders'].includes(n as string))).toEqual([
      ['deleteTopicsInBin', { ...G, body: { topic_ids: [4] } }],
      ['moveTopicsToUnclassified', { ...G, body: { topic_ids: [4] } }],
      ['emptyTopicsBin', { ...G, body: { group_id: 1 } }],
    ]);
  });

  it('creates, renames and deletes (confirmed) a folder on the folder tab', async () => {
    answer(
      groupHandlers('admin', {
        topicCount: COUNT,
        topicFolders: FOLDERS,
        topicsByFolder: feedPage([]),
        createTopicFolder: { items: { id: 8, name: '新規', topic_count: 0 } },
        renameTopicFolder: { items: { id: 7, name: '会議録', topic_count: 1 } },
        deleteTopicFolder: { items: { ok: true } },
      }),
    );
    renderAt('/group/1/new-feed?tab=folder');
    expect(await screen.findByText('このフォルダにトピックはありません。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'フォルダを作成' }));
    fireEvent.change(screen.getByLabelText(/フォルダ名/), { target: { value: ' 新規 ' } });
    fireEvent.click(screen.getByRole('button', { name: '作成' }));
    await waitFor(() => expect(calls('createTopicFolder')).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: '名前を変更' }));
    fireEvent.change(screen.getByLabelText(/フォルダ名/), { target: { value: '会議録' } });
    fireEvent.click(screen.getByRole('button', { name: '変更' }));
    await waitFor(() => expect(calls('renameTopicFolder')).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'フォルダを削除' }));
    expect((await dialog()).textContent).toContain('フォルダ「議事録」を削除しますか？');
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'フォルダを削除' }));
    await waitFor(() => expect(calls('deleteTopicFolder')).toHaveLength(1));
    expect(calls('topicsByFolder')[0]).toEqual(['topicsByFolder', { params: { id: 1, folderId: 7 }, query: SORT }]);
    expect([...calls('createTopicFolder'), ...calls('renameTopicFolder'), ...calls('deleteTopicFolder')]).toEqual([
      ['createTopicFolder', { ...G, body: { type: 1, folder_name: '新規' } }],
      ['renameTopicFolder', { ...G, body: { folder_id: 7, folder_name: '会議録' } }],
      ['deleteTopicFolder', { ...G, body: { folder_id: 7 } }],
    ]);
  });
});
