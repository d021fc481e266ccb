import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { profileFixture } from '../../test/profile-fixture';
import { renderInShell } from '../../test/render';
import { ChangeInfoPage } from './ChangeInfoPage';
import { clampCrop, initialCrop } from './crop';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));
const call = vi.mocked(api.call);
const data = profileFixture();

beforeEach(() => {
  call.mockReset();
  closeModal();
  call.mockImplementation((async (name: string, args?: { body?: object; params?: { code: string } }) => {
    if (name === 'myProfile') return { items: data };
    if (name === 'updateProfile') return { items: { ...data, profile: { ...data.profile, ...args!.body } } };
    if (name === 'updateCompanyInfo') return { items: { ...data, company_info: args!.body } };
    if (name === 'updatePersonalInfo') return { items: { ...data, personal_info: args!.body } };
    if (name === 'postalCode')
      return {
        items: args!.params!.code === '1000001' ? { zipcode: '1000001', prefecture: '東京都', city: '千代田区', town: '千代田' } : null,
      };
    throw new Error(name);
  }) as never);
});

const field = (label: RegExp | string) => screen.getByLabelText(label, { selector: 'input,select,textarea' }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: '保存する' }));

describe('ChangeInfoPage', () => {
  it('profile: checks hiragana before calling, then saves exactly the profile fields', async () => {
    renderInShell(<ChangeInfoPage />, { path: '/setting/change-info' });
    await waitFor(() => expect(field(/^姓/).value).toBe('鈴木'));
    fireEvent.change(field(/せい（ひらがな）/), { target: { value: 'スズキ' } });
    save();
    expect(await screen.findByText('せい（ひらがな）はひらがなで入力してください')).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith('updateProfile', expect.anything());

    fireEvent.change(field(/せい（ひらがな）/), { target: { value: 'すずき' } });
    fireEvent.change(field('メールアドレスの公開'), { target: { value: '1' } });
    fireEvent.change(field('自己紹介'), { target: { value: '品質保証を担当しています。' } });
    save();
    expect(await screen.findByText('保存しました。')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('updateProfile', {
      body: {
        last_name: '鈴木',
        first_name: '花子',
        last_name_kana: 'すずき',
        first_name_kana: 'はなこ',
        email_option: 1,
        self_introduction: '品質保証を担当しています。',
      },
    });
  });

  it('company info: a typed postal code fills prefecture and city; a bad phone is refused on the field', async () => {
    renderInShell(<ChangeInfoPage />, { path: '/setting/change-info?tab=company' });
    const zip = await waitFor(() => field('郵便番号'));
    fireEvent.change(zip, { target: { value: '1000001' } });
    await waitFor(() => expect(field('都道府県').value).toBe('東京都'));
    expect(field('市区町村').value).toBe('千代田区千代田');
    expect(call).toHaveBeenCalledWith('postalCode', { params: { code: '1000001' } });

    fireEvent.change(field('電話番号'), { target: { value: '03-1234-5678-999' } });
    save();
    expect(await screen.findByText('電話番号は数字とハイフンで13文字以内で入力してください')).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith('updateCompanyInfo', expect.anything());
  });

  it('personal info: an impossible birthday is refused; a server 400 lands on its field', async () => {
    renderInShell(<ChangeInfoPage />, { path: '/setting/change-info?tab=personal' });
    await waitFor(() => field('年'));
    fireEvent.change(field('年'), { target: { value: '1990' } });
    fireEvent.change(field('月'), { target: { value: '2' } });
    fireEvent.change(field('日'), { target: { value: '30' } });
    save();
    expect(await screen.findByText('正しい生年月日を入力してください')).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith('updatePersonalInfo', expect.anything());

    fireEvent.change(field('日'), { target: { value: '28' } });
    fireEvent.click(screen.getByRole('button', { name: '電話番号を追加' }));
    fireEvent.change(field('電話番号1'), { target: { value: '090-1111-2222' } });
    call.mockRejectedValueOnce(
      new ApiError(400, 'VALIDATION_ERROR', 'x', {
        status_code: 'VALIDATION_ERROR',
        message: 'x',
        errors: { nearest_station: ['validation.no_emoji'] },
      }),
    );
    save();
    expect(await screen.findByText('最寄り駅に絵文字は使用できません')).toBeTruthy();
    expect(call).toHaveBeenLastCalledWith('updatePersonalInfo', {
      body: expect.objectContaining({ birthday_year: 1990, birthday_month: 2, birthday_day: 28, phones: ['090-1111-2222'], urls: [] }),
    });
  });
});

describe('avatar crop box', () => {
  it('starts as the largest centred square and is kept inside the image', () => {
    expect(initialCrop(800, 500)).toEqual({ x: 150, y: 0, size: 500 });
    expect(clampCrop({ x: 700, y: -5, size: 300 }, 800, 500)).toEqual({ x: 500, y: 0, size: 300 });
    expect(clampCrop({ x: 0, y: 0, size: 9000 }, 800, 500)).toEqual({ x: 0, y: 0, size: 500 });
  });
});
