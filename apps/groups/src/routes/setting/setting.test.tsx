import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { closeModal } from '@portal/ui';
import { answer, call, GROUP, groupHandlers, pageCalls, renderAt } from '../test-utils';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

beforeEach(() => {
  call().mockReset();
  closeModal();
});
const dialog = () => screen.findByRole('alertdialog');

describe('setting/information', () => {
  it('shows the basic information and refuses leaving clearly when the API says ONLY_ONE_MEMBER', async () => {
    answer(groupHandlers('member', { leaveGroup: () => Promise.reject(new ApiError(400, 'ONLY_ONE_MEMBER', 'x')) }));
    const view = renderAt('/group/1/setting/information');
    expect(await screen.findByText('30日')).toBeTruthy();
    expect(screen.getByText('25 MB')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '基本情報を編集' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'グループから退会' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(pageCalls()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'グループから退会' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'グループから退会' }));
    expect(await screen.findByText('メンバーが1人のみのため、グループから退会できません。')).toBeTruthy();
    expect(pageCalls()).toEqual([['leaveGroup', { params: { id: 1 } }]]);
    expect(view.where()).toBe('/group/1/setting/information');
  });

  it('the last administrator hears to appoint another before any confirmation, and nothing is left', async () => {
    answer(groupHandlers('admin', { hasOtherAdmin: { items: { has_other_admin: false } }, leaveGroup: { items: { ok: true } } }));
    const view = renderAt('/group/1/setting/information');
    fireEvent.click(await screen.findByRole('button', { name: 'グループから退会' }));
    expect(await screen.findByText('退会する前に、他のメンバーを管理者に任命してください。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'キャンセル' })).toBeNull();
    expect(pageCalls()).toEqual([['hasOtherAdmin', { params: { id: 1 } }]]);
    expect(view.where()).toBe('/group/1/setting/information');
  });

  it('goes home after leaving', async () => {
    answer(groupHandlers('admin', { hasOtherAdmin: { items: { has_other_admin: true } }, leaveGroup: { items: { ok: true } } }));
    const view = renderAt('/group/1/setting/information');
    fireEvent.click(await screen.findByRole('button', { name: 'グループから退会' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'グループから退会' }));
    await waitFor(() => expect(view.where()).toBe('/'));
  });
});

describe('setting/information-edit', () => {
  it('saves exactly the edited fields, ignores an IME Enter and shows DUPLICATE_GROUP on the name', async () => {
    let fail = true;
    answer(
      groupHandlers('admin', {
        updateGroup: () => (fail ? Promise.reject(new ApiError(400, 'DUPLICATE_GROUP', 'x')) : { items: { ...GROUP, name: '営業一部' } }),
      }),
    );
    const view = renderAt('/group/1/setting/information-edit');
    const name = await screen.findByLabelText(/グループ名/, { selector: 'input' });
    fireEvent.change(name, { target: { value: '営業一部' } });
    fireEvent.click(screen.getByRole('radio', { name: '黒' }));
    fireEvent.change(screen.getByLabelText(/タグ/, { selector: 'input' }), { target: { value: '営業, 東京、営業' } });
    fireEvent.change(screen.getByLabelText(/ゴミ箱の自動削除日数/, { selector: 'input' }), { target: { value: '14' } });
    fireEvent.keyDown(name, { key: 'Enter', isComposing: true });
    await new Promise((r) => setTimeout(r, 30));
    expect(pageCalls()).toEqual([]);

    fireEvent.keyDown(name, { key: 'Enter' });
    expect(await screen.findByText('同じ名前のグループが既に存在します。')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(view.where()).toBe('/group/1/setting/information'));
    const body = {
      name: '営業一部',
      letter_color: 2,
      notice: GROUP.notice,
      group_tags: ['営業', '東京'],
      auto_delete_day: 14,
      max_img_size_per_attachment: 25,
    };
    expect(pageCalls()).toEqual([
      ['updateGroup', { params: { id: 1 }, body }],
      ['updateGroup', { params: { id: 1 }, body }],
    ]);
  });

  it('checks the limits before calling the API', async () => {
    answer(groupHandlers('admin'));
    renderAt('/group/1/setting/information-edit');
    fireEvent.change(await screen.findByLabelText(/添付ファイルの最大サイズ/, { selector: 'input' }), { target: { value: '501' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('添付ファイルの最大サイズ（MB）は500以下の値を入力してください')).toBeTruthy();
    expect(pageCalls()).toEqual([]);
  });
});

describe('setting/equipment', () => {
  it('creates on Enter (never on an IME Enter), renames and deletes after confirmation', async () => {
    answer(
      groupHandlers('admin', {
        equipments: { items: [{ id: 4, name: '会議室A', created_at: 1 }] },
        createEquipment: { items: { id: 5, name: 'プロジェクター', created_at: 2 } },
        updateEquipment: { items: { id: 4, name: '会議室B', created_at: 1 } },
        deleteEquipment: { items: { ok: true } },
      }),
    );
    renderAt('/group/1/setting/equipment');
    await screen.findByText('会議室A');
    const input = screen.getByLabelText('新しい設備・備品');
    fireEvent.click(screen.getByRole('button', { name: '追加' }));
    expect(await screen.findByText('設備・備品名を入力してください')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'プロジェクター' } });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 });
    await new Promise((r) => setTimeout(r, 30));
    expect(pageCalls().filter(([n]) => n !== 'equipments')).toEqual([]);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'createEquipment')).toBe(true));
    closeModal();

    fireEvent.click(screen.getByRole('button', { name: '名前を変更' }));
    const rename = screen.getByLabelText('会議室A の新しい名前');
    fireEvent.change(rename, { target: { value: '会議室B' } });
    fireEvent.keyDown(rename, { key: 'Enter' });
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'updateEquipment')).toBe(true));
    closeModal();

    fireEvent.click(await screen.findByRole('button', { name: '削除' }));
    expect((await dialog()).textContent).toContain('「会議室A」を削除しますか？');
    fireEvent.click(within(await dialog()).getByRole('button', { name: '削除' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'deleteEquipment')).toBe(true));
    expect(pageCalls().filter(([n]) => n !== 'equipments')).toEqual([
      ['createEquipment', { params: { id: 1 }, body: { name: 'プロジェクター' } }],
      ['updateEquipment', { params: { id: 1, equipmentId: 4 }, body: { name: '会議室B' } }],
      ['deleteEquipment', { params: { id: 1, equipmentId: 4 } }],
    ]);
  });
  it('sets business hours: closing must be later than opening and before 23:59', async () => {
    answer(
      groupHandlers('admin', {
        equipments: { items: [{ id: 4, name: '会議室A', opening_time: null, closing_time: null, created_at: 1 }] },
        updateEquipment: { items: { id: 4, name: '会議室A', opening_time: '08:30', closing_time: '19:00', created_at: 1 } },
      }),
    );
    renderAt('/group/1/setting/equipment');
    expect(await screen.findByText('制限なし')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '営業時間を設定' }));
    fireEvent.change(screen.getByLabelText('開始時刻'), { target: { value: '19:00' } });
    fireEvent.change(screen.getByLabelText('終了時刻'), { target: { value: '08:30' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('終了時刻は開始時刻より後、23:59より前の時刻を指定してください')).toBeTruthy();
    expect(pageCalls().filter(([n]) => n !== 'equipments')).toEqual([]);
    fireEvent.change(screen.getByLabelText('開始時刻'), { target: { value: '08:30' } });
    fireEvent.change(screen.getByLabelText('終了時刻'), { target: { value: '19:00' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(pageCalls().some(([n]) => n === 'updateEquipment')).toBe(true));
    expect(pageCalls().filter(([n]) => n !== 'equipments')).toEqual([
      ['updateEquipment', { params: { id: 1, equipmentId: 4 }, body: { name: '会議室A', opening_time: '08:30', closing_time: '19:00' } }],
    ]);
  });
});
