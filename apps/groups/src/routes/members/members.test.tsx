import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { closeModal } from '@portal/ui';
import { answer, call, groupHandlers, pageCalls, renderAt } from '../test-utils';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

beforeEach(() => {
  call().mockReset();
  closeModal();
});

const page = <T,>(data: T[], last = 1) => ({ items: { data, current_page: 1, last_page: last, total: data.length } });
const ROLES = { group_id: 1, role_admin: false, role_invite: false, role_edit_shared_folder: false, role_edit_topic: false };
const MEMBERS = [
  {
    id: 1,
    name: '山田 太郎',
    name_kana: 'やまだ たろう',
    email: 'a@x.jp',
    avatar_small: null,
    role: 'admin',
    roles: { ...ROLES, role_admin: true, role_invite: true, role_edit_shared_folder: true, role_edit_topic: true },
    joined_at: 1,
  },
  { id: 2, name: '佐藤 花子', name_kana: 'さとう はなこ', email: 'b@x.jp', avatar_small: null, role: 'member', roles: ROLES, joined_at: 2 },
];
const dialog = () => screen.findByRole('alertdialog');

describe('members/list', () => {
  it('lists members with kana and role label, pages and searches (not on an IME Enter)', async () => {
    answer(groupHandlers('member', { groupMembers: (a: unknown) => ({ ...page(MEMBERS, 2), a }) }));
    renderAt('/group/1/members/list');
    expect(await screen.findByText('やまだ たろう')).toBeTruthy();
    expect(screen.getAllByText('管理者').length).toBeGreaterThan(0);
    expect(screen.getByText('メンバー')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    const search = screen.getByRole('searchbox', { name: 'メンバーを検索' });
    fireEvent.change(search, { target: { value: 'さとう' } });
    fireEvent.keyDown(search, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(pageCalls()).toHaveLength(3));
    expect(pageCalls()).toEqual([
      ['groupMembers', { params: { id: 1 }, query: { page: 1, limit: 10 } }],
      ['groupMembers', { params: { id: 1 }, query: { page: 2, limit: 10 } }],
      ['groupMembers', { params: { id: 1 }, query: { page: 1, limit: 10, filter: 'さとう' } }],
    ]);
  });
});

describe('members/qr-code-invite', () => {
  it('shows the link as a QR image and re-issues it only after confirmation', async () => {
    const first = { unique_url: 'old', url: 'http://portal/group/old/preview' };
    const next = { unique_url: 'new', url: 'http://portal/group/new/preview' };
    answer(groupHandlers('inviter', { inviteLink: { items: first }, newInviteLink: { items: next } }));
    renderAt('/group/1/members/qr-code-invite');
    const img = (await screen.findByRole('img', { name: '招待リンクのQRコード' })) as HTMLImageElement;
    expect(img.src.startsWith('data:image/svg+xml')).toBe(true);
    expect((screen.getByLabelText('招待リンク') as HTMLInputElement).value).toBe(first.url);

    fireEvent.click(screen.getByRole('button', { name: 'リンクを再発行' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(pageCalls().map(([n]) => n)).toEqual(['inviteLink']);

    fireEvent.click(screen.getByRole('button', { name: 'リンクを再発行' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'リンクを再発行' }));
    await waitFor(() => expect((screen.getByLabelText('招待リンク') as HTMLInputElement).value).toBe(next.url));
    expect(pageCalls()).toEqual([
      ['inviteLink', { params: { id: 1 } }],
      ['newInviteLink', { params: { id: 1 } }],
    ]);
  });
});

describe('members/qr-code-invite-auth (invite by e-mail)', () => {
  it('checks the addresses first and sends only the invitable ones, in the UI language', async () => {
    answer(
      groupHandlers('inviter', {
        checkExistMails: {
          items: [
            { email: 'new@x.jp', state: 'new' },
            { email: 'in@x.jp', state: 'member' },
          ],
        },
        inviteMembers: { items: [{ id: 9, email: 'new@x.jp', state: 'invited', expires_at: Date.UTC(2026, 0, 12), created_at: 1 }] },
      }),
    );
    renderAt('/group/1/members/qr-code-invite-auth');
    const box = await screen.findByLabelText('招待するメールアドレス');
    fireEvent.change(box, { target: { value: 'broken, new@x.jp' } });
    fireEvent.click(screen.getByRole('button', { name: 'アドレスを確認' }));
    expect(await screen.findByText('メールアドレスの形式が正しくありません：broken')).toBeTruthy();
    expect(pageCalls()).toEqual([]);

    fireEvent.change(box, { target: { value: 'New@x.jp\nin@x.jp、new@x.jp' } });
    fireEvent.click(screen.getByRole('button', { name: 'アドレスを確認' }));
    expect(await screen.findByText('既にメンバーです（招待できません）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '1件に招待メールを送信' }));
    expect(await screen.findByText(/new@x\.jp — 有効期限 2026\/01\/12 09:00/)).toBeTruthy();
    expect(pageCalls()).toEqual([
      ['checkExistMails', { params: { id: 1 }, body: { mails: ['new@x.jp', 'in@x.jp'] } }],
      ['inviteMembers', { params: { id: 1 }, body: { mails: ['new@x.jp'], lang: 'ja' } }],
    ]);
    // Only an administrator may change who can invite.
    expect((screen.getByRole('radio', { name: 'すべてのメンバーが招待できる' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('lets an administrator change the invitation setting', async () => {
    answer(
      groupHandlers('admin', {
        updateGroup: (a: unknown) => ({ items: { ...groupHandlers('admin').myGroup.items, invite_permission: 2, a } }),
      }),
    );
    renderAt('/group/1/members/qr-code-invite-auth');
    fireEvent.click(await screen.findByRole('radio', { name: '管理者のみ招待できる' }));
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(pageCalls()).toEqual([['updateGroup', { params: { id: 1 }, body: { invite_permission: 2 } }]]));
  });
});

describe('members/invited', () => {
  it('shows states and cancels or re-invites after confirmation', async () => {
    const rows = [
      { id: 5, email: 'p@x.jp', state: 'invited', expires_at: Date.UTC(2026, 0, 12), created_at: 1 },
      { id: 6, email: 'q@x.jp', state: 'expired', expires_at: Date.UTC(2026, 0, 1), created_at: 1 },
      { id: 7, email: 'r@x.jp', state: 'accepted', expires_at: 0, created_at: 1 },
    ];
    answer(
      groupHandlers('inviter', { invitations: page(rows), cancelInvitation: { items: { result: 'cancelled' } }, reinvite: { items: [] } }),
    );
    renderAt('/group/1/members/invited');
    expect(await screen.findByText('期限切れ')).toBeTruthy();
    expect(screen.getByText('参加申請済み')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '再招待' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: '招待を取り消す' })).toHaveLength(1);
    // An expired invitation can be deleted from the list; an accepted one cannot.
    expect(screen.getAllByRole('button', { name: '削除' })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: '招待を取り消す' }));
    expect((await dialog()).textContent).toContain('p@x.jp への招待を取り消しますか？');
    fireEvent.click(within(await dialog()).getByRole('button', { name: '招待を取り消す' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'cancelInvitation')).toBe(true));
    closeModal();
    fireEvent.click(screen.getAllByRole('button', { name: '再招待' })[1]!);
    fireEvent.click(within(await dialog()).getByRole('button', { name: '再招待' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'reinvite')).toBe(true));
    closeModal();
    fireEvent.click(screen.getByRole('button', { name: '削除' }));
    expect((await dialog()).textContent).toContain('q@x.jp への招待を一覧から削除しますか？');
    fireEvent.click(within(await dialog()).getByRole('button', { name: '削除' }));
    await waitFor(() => expect(pageCalls().filter(([n]) => n === 'cancelInvitation')).toHaveLength(2));
    expect(pageCalls().filter(([n]) => n !== 'invitations')).toEqual([
      ['cancelInvitation', { params: { id: 1, inviteId: 5 } }],
      ['reinvite', { params: { id: 1, inviteId: 6 } }],
      ['cancelInvitation', { params: { id: 1, inviteId: 6 } }],
    ]);
  });
});

describe('members/join-request', () => {
  const REQUESTS = [
    { id: 11, user_id: 20, name: '鈴木 一郎', email: 's@x.jp', status: 'pending', created_at: 1 },
    { id: 12, user_id: 21, name: '高橋 次郎', email: 't@x.jp', status: 'pending', created_at: 2 },
  ];

  it('approves one, approves all after confirmation and rejects after confirmation', async () => {
    answer(
      groupHandlers('admin', {
        joinRequests: page(REQUESTS),
        approveJoinRequest: { items: { id: 11, status: 'approved' } },
        approveAllJoinRequests: { items: { approved: 1 } },
        rejectJoinRequest: { items: { ok: true } },
      }),
    );
    renderAt('/group/1/members/join-request');
    await screen.findByText('鈴木 一郎');
    fireEvent.click(screen.getAllByRole('button', { name: '承認' })[0]!);
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'approveJoinRequest')).toBe(true));
    closeModal();
    fireEvent.click(await screen.findByRole('button', { name: 'すべて承認' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'すべて承認' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'approveAllJoinRequests')).toBe(true));
    closeModal();
    await waitFor(() => expect((screen.getAllByRole('button', { name: '却下' })[1] as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getAllByRole('button', { name: '却下' })[1]!);
    expect((await dialog()).textContent).toContain('高橋 次郎 さんの参加申請を却下しますか？');
    fireEvent.click(within(await dialog()).getByRole('button', { name: '却下' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'rejectJoinRequest')).toBe(true));
    expect(pageCalls().filter(([n]) => n !== 'joinRequests')).toEqual([
      ['approveJoinRequest', { params: { group_link: '1', requestId: 11 } }],
      ['approveAllJoinRequests', { params: { group_link: '1' } }],
      ['rejectJoinRequest', { params: { group_link: '1', requestId: 12 } }],
    ]);
  });

  it('shows requests to an inviter with the deciding buttons disabled', async () => {
    answer(groupHandlers('inviter', { joinRequests: page(REQUESTS) }));
    renderAt('/group/1/members/join-request');
    await screen.findByText('鈴木 一郎');
    expect(screen.getByText('参加申請の承認・却下は管理者のみ行えます。')).toBeTruthy();
    for (const b of screen.getAllByRole('button', { name: /承認|却下/ })) expect((b as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('members/role', () => {
  it('shows an administrator as administrator only, grants a right and removes a member after confirmation', async () => {
    answer(
      groupHandlers('admin', { groupMembers: page(MEMBERS), updateRoles: { items: { ok: true } }, deleteMember: { items: { ok: true } } }),
    );
    renderAt('/group/1/members/role');
    const admin = await screen.findByRole('group', { name: '山田 太郎 さんの権限' });
    expect(within(admin).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(admin).getByText('（すべての権限を含む）')).toBeTruthy();
    const member = screen.getByRole('group', { name: '佐藤 花子 さんの権限' });
    fireEvent.click(within(member).getByRole('checkbox', { name: '招待' }));
    const row = member.closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'updateRoles')).toBe(true));
    closeModal();
    fireEvent.click(within(row).getByRole('button', { name: 'グループから削除' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'グループから削除' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'deleteMember')).toBe(true));
    expect(pageCalls().filter(([n]) => n !== 'groupMembers')).toEqual([
      [
        'updateRoles',
        {
          params: { id: 1 },
          body: { members: [{ user_id: 2, role_admin: false, role_invite: true, role_edit_shared_folder: false, role_edit_topic: false }] },
        },
      ],
      ['deleteMember', { params: { id: 1, userId: 2 } }],
    ]);
  });

  it('shows MUST_APPOINT_ADMIN when the last administrator would be withdrawn', async () => {
    answer(
      groupHandlers('admin', {
        groupMembers: page(MEMBERS),
        updateRoles: () => Promise.reject(new ApiError(400, 'MUST_APPOINT_ADMIN', 'x')),
      }),
    );
    renderAt('/group/1/members/role');
    const admin = await screen.findByRole('group', { name: '山田 太郎 さんの権限' });
    fireEvent.click(within(admin).getByRole('checkbox', { name: '管理者' }));
    fireEvent.click(within(admin.closest('tr')!).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('退会する前に、他のメンバーを管理者に任命してください。')).toBeTruthy();
  });
});
