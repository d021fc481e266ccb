import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@portal/api-client';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { renderInShell } from '../test/render';
import { SettingDisplayPage } from './SettingDisplayPage';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

beforeEach(() => {
  call.mockReset();
  closeModal();
});

describe('SettingDisplayPage', () => {
  it('loads the stored values and saves exactly the four fields as numbers', async () => {
    const saved = {
      ...DEFAULT_USER_SETTINGS,
      setting_display: { number_item_lists: 20, number_items_list_comment: 10, display_image_video: 0 as const, first_day_of_week: 0 },
    };
    call.mockImplementation((async (name: string) => {
      if (name === 'settings') return { items: DEFAULT_USER_SETTINGS };
      if (name === 'updateSettings') return { items: saved };
      throw new Error(name);
    }) as never);
    const { queryClient } = renderInShell(<SettingDisplayPage />);
    const lists = (await screen.findByLabelText('一覧の表示件数')) as HTMLSelectElement;
    await waitFor(() => expect(lists.value).toBe('10'));
    expect((screen.getByRole('radio', { name: '表示する' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(lists, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('radio', { name: '表示しない' }));
    fireEvent.change(screen.getByLabelText('週の始まり'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));

    expect(await screen.findByText('表示設定を保存しました。')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('updateSettings', {
      params: { section: 'setting_display' },
      body: { number_item_lists: 20, number_items_list_comment: 10, display_image_video: 0, first_day_of_week: 0 },
    });
    // The shell's cached settings (list sizes, calendar) see the change at once.
    expect(queryClient.getQueryData(queryKeys.settings())).toEqual(saved);
  });
});
