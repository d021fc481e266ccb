import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, call, groupHandlers, renderAt } from '../test-utils';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

const item = (id: string, title: string, is_read: boolean, type = 1) => ({
  id,
  unread_type: type,
  unread_target_id: Number(id.split('-')[1]),
  group_id: 1,
  group_name: '営業部',
  avatar: null,
  topic_id: null,
  topic_comment_id: null,
  title,
  content: '',
  update_by_user: '鈴木',
  user_active_status: 0,
  emergency_contact: false,
  allow_anonymous_comment: false,
  updated_at: 1,
  is_read,
});

describe('group top page lists', () => {
  beforeEach(() => {
    call().mockReset();
  });

  it('shows the newest topics and files with unread marks, the news, and what the unread number counts', async () => {
    answer({
      ...groupHandlers('member'),
      groupTopData: {
        items: {
          topics: [item('1-5', '週次報告', false)],
          files: [item('3-8', '見積書', true, 3)],
          news: [
            {
              id: 4,
              type: 1,
              title: '朝会の時間変更',
              content: '<p>x</p>',
              placement: 2,
              target_type: 1,
              target_id: null,
              group_id: 1,
              group_name: '営業部',
              display_type: 2,
              is_readed: false,
              created_at: 1,
            },
          ],
        },
      },
      groupTopUnreadCount: { items: { count: 3, by_type: { '1': 2, '3': 1 } } },
      readNews: { items: { count: 1 } },
    });
    renderAt('/group/1');
    expect((await screen.findByRole('link', { name: '週次報告' })).getAttribute('href')).toBe('/group/1/topic/5');
    expect(screen.getByRole('link', { name: '見積書' }).getAttribute('href')).toBe('/group/1/shared-folder/file/8');
    expect(screen.getAllByText('未読')).toHaveLength(1);
    expect(screen.getByText('朝会の時間変更')).toBeTruthy();
    expect(screen.getByText('NEW')).toBeTruthy();
    expect((await screen.findByTestId('group-top-unread')).textContent).toBe(
      '未読 3 件（トピック・あなたへのコメント・共有フォルダのファイル）',
    );
    await waitFor(() => expect(call()).toHaveBeenCalledWith('readNews', { body: { information_ids: [4] } }));
  });
});
