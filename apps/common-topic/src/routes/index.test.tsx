import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { commonStorage, DETAIL, listPage, ROW } from '@portal/content/files/testing';
import { renderRemote } from '@portal/content/testing';
import CommonTopicRoutes from '.';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));

/** Mounted the way the shell mounts it, with no cached user: pages load `me` themselves. */
const renderAt = (url: string) => renderRemote(url, { mount: '/common-topic', routes: CommonTopicRoutes });

// [url, page heading, document title]: the shared folder pages of spec section 2.
const PAGES: [string, string, string][] = [
  ['/common-topic/shared-folder', '共通共有フォルダ', '共通共有フォルダ'],
  ['/common-topic/shared-folder/file/11', '議事録.pdf', '議事録.pdf'],
  ['/common-topic/shared-folder/file/11/file-overwrite', 'ファイルの上書き', 'ファイル上書き'],
  ['/common-topic/shared-folder/file/11/update-information', 'ファイル情報の編集', 'ファイル情報編集'],
];

const FILE_ANSWERS: Record<string, unknown> = {
  me: { items: { id: 1, common_topic_role: true } },
  commonFiles: listPage([ROW]),
  commonStorage: commonStorage(10),
  commonFile: { items: { ...DETAIL, is_read: true } },
  commonFileHistory: { items: { data: [], current_page: 1, last_page: 1, total: 0 } },
};

describe('common-topic routes (spec section 2)', () => {
  it.each(PAGES)('%s is a working page: %s', async (url, heading, title) => {
    vi.mocked(api.call).mockImplementation((async (name: string) => {
      if (!(name in FILE_ANSWERS)) throw new Error(`unexpected call ${name}`);
      return FILE_ANSWERS[name];
    }) as never);
    renderAt(url);
    // The detail heading also carries the kind icon's name ("PDF").
    expect(await screen.findByRole('heading', { level: 1, name: new RegExp(`${heading.replace('.', '\\.')}$`) })).toBeTruthy();
    expect(screen.queryByText('この機能はまだ利用できません。')).toBeNull();
    expect(screen.getByRole('navigation', { name: '共通エリアのメニュー' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`グループポータル | ${title}`));
  });

  it('redirects /common-topic to the topics feed', async () => {
    vi.mocked(api.call).mockImplementation((async (name: string) =>
      name === 'commonTopicUnreadCount'
        ? { items: { count: 0 } }
        : { items: { data: [], current_page: 1, has_more: false, next_cursor: null } }) as never);
    renderAt('/common-topic');
    expect(await screen.findByRole('heading', { level: 1, name: '共通トピック' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/common-topic/topics');
  });

  it('sends unknown paths to the shell not-found page', () => {
    renderAt('/common-topic/no/such/page/here');
    expect(screen.getByText('shell catch-all')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/page-not-found');
  });
});
