import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS, THEME_PRESETS } from '@portal/api-client';
import { queryKeys } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { renderInShell } from '../test/render';
import { SettingThemePage } from './SettingThemePage';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);
const saved = {
  ...DEFAULT_USER_SETTINGS,
  setting_themes: { theme_type: 2 as const, theme: { theme_name: 'forest', ...THEME_PRESETS.forest } },
};

beforeEach(() => {
  call.mockReset();
  closeModal();
  call.mockImplementation((async (name: string) => {
    if (name === 'settings') return { items: DEFAULT_USER_SETTINGS };
    if (name === 'updateTheme') return { items: saved };
    throw new Error(name);
  }) as never);
});

describe('SettingThemePage', () => {
  it('refuses a low-contrast custom colour before calling, then saves the custom palette', async () => {
    renderInShell(<SettingThemePage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'カスタム' }));
    const nav = screen.getByLabelText('メニューの背景色', { selector: 'input' }) as HTMLInputElement;
    expect(nav.value).toBe('#1971be');
    fireEvent.change(nav, { target: { value: '#dddddd' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('メニューの背景色と文字色のコントラストが不足しています（4.5:1以上にしてください）')).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith('updateTheme', expect.anything());

    fireEvent.change(nav, { target: { value: '#123456' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('updateTheme', {
        body: {
          theme_type: 1,
          theme_name: 'custom',
          nav_menu_bg_color: '#123456',
          banner_header_bg_color: '#1971be',
          main_bg_color: '#ffffff',
          title_color: '#212529',
          title_background: '#d3eaff',
        },
      }),
    );
  });

  it('a prescriptive theme sends its name and palette and puts the answer where the shell reads it', async () => {
    const { queryClient } = renderInShell(<SettingThemePage />);
    fireEvent.click(await screen.findByRole('radio', { name: '既定のテーマ' }));
    fireEvent.click(screen.getByRole('radio', { name: 'フォレスト' }));
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('テーマを保存しました。')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('updateTheme', { body: { theme_type: 2, theme_name: 'forest', ...THEME_PRESETS.forest } });
    expect(queryClient.getQueryData(queryKeys.settings())).toEqual(saved);
  });
});
