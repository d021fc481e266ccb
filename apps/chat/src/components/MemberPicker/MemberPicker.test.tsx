import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { answerCalls, renderRemote } from '@portal/content/testing';
import ChatRoutes from '../../routes';
// The page loads the picker on demand; loaded here first, its code is ready when the test clicks.
import './MemberPicker';

// The page's code arrives through a dynamic import, which the test runner answers slowly on a busy
// machine: waits get longer than the default second (they still fail on a page that never comes).
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));

const page = (data: unknown[]) => ({ items: { data, current_page: 1, last_page: 1, total: data.length } });
const member = (id: number, name: string) => ({ id, name, avatar: null, is_in_chat: false });

describe('create-chat picker (spec section 2)', () => {
  it('searches a group, moves people with the arrows, clears them on a group change, and reopens a one-to-one chat', async () => {
    const pickerQueries: unknown[] = [];
    answerCalls(vi.mocked(api.call), {
      me: { items: { info: { id: 1, name: '佐藤 太郎' } } },
      settings: { items: { setting_display: { display_image_video: 1 } } },
      chatList: { items: { data: [], current_page: 1, last_page: 1, total: 0, total_unread: 0 } },
      myGroups: page([
        { id: 10, name: '総務部' },
        { id: 11, name: '開発チーム' },
      ]),
      chatPicker: (args) => {
        const a = args as { params: { id: number }; query: { search?: string } };
        pickerQueries.push(a);
        return a.params.id === 10 ? page([member(2, '鈴木 花子'), member(3, '高橋 健一')]) : page([member(4, '田中 美咲')]);
      },
      checkChatExist: { items: { is_existed: true, group_chat: { id: 42 } } },
      revertOriginMember: { items: { ok: true } },
      chatShow: () => {
        throw new Error('not needed');
      },
      chatMessages: { items: { data: [], has_more: false, last_no: 0, read_no: 0 } },
    });
    const r = renderRemote('/chat/list', { mount: '/chat', routes: ChatRoutes });
    fireEvent.click(await screen.findByRole('button', { name: '新しいチャット' }));
    const dialog = await screen.findByRole('dialog', { name: 'チャットを作成' });
    expect(within(dialog).getByText('グループを選択してください。')).toBeTruthy();
    const create = within(dialog).getByRole('button', { name: 'チャット' });
    expect((create as HTMLButtonElement).disabled).toBe(true);

    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(within(dialog).getByLabelText('グループ'), { target: { value: '10' } });
    const results = within(dialog).getByTestId('picker-results');
    fireEvent.click(await within(results).findByRole('checkbox', { name: /鈴木 花子/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: '選択したメンバーに追加' }));
    const chosen = within(dialog).getByTestId('picker-chosen');
    expect(within(chosen).getByText('鈴木 花子')).toBeTruthy();
    expect(within(results).queryByText('鈴木 花子')).toBeNull();

    // Back up, and down again.
    fireEvent.click(within(chosen).getByRole('checkbox', { name: /鈴木 花子/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: '選択したメンバーから外す' }));
    expect(within(chosen).queryByText('鈴木 花子')).toBeNull();
    fireEvent.click(await within(results).findByRole('checkbox', { name: /鈴木 花子/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: '選択したメンバーに追加' }));

    // The keyword is trimmed and sent with the search.
    const search = within(dialog).getByRole('searchbox', { name: 'メンバーを検索' });
    fireEvent.change(search, { target: { value: '  高橋 ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(pickerQueries.at(-1)).toMatchObject({ params: { id: 10 }, query: { search: '高橋', limit: 50, page: 1 } }));

    // Another group: the chosen people go.
    fireEvent.change(within(dialog).getByLabelText('グループ'), { target: { value: '11' } });
    expect(within(chosen).queryByText('鈴木 花子')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('グループ'), { target: { value: '10' } });
    fireEvent.change(search, { target: { value: '' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.click(await within(results).findByRole('checkbox', { name: /鈴木 花子/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: '選択したメンバーに追加' }));
    fireEvent.click(create);
    await waitFor(() => expect(r.where()).toBe('/chat/detail/42'));
    const names = vi.mocked(api.call).mock.calls.map(([n]) => n);
    expect(names).toContain('revertOriginMember');
    expect(names).not.toContain('createChat');
  });
});
