import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys, type Settings } from '@portal/api-client/core';
import { DEFAULT_USER_SETTINGS } from '@portal/api-client';
import { api } from '@portal/api-client/browser';
import { i18n, setLanguage } from '@portal/i18n';
import { closeModal } from '@portal/ui';
import { renderInShell } from '../test/render';
import { SettingLanguagePage } from './SettingLanguagePage';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

const english: Settings = { ...DEFAULT_USER_SETTINGS, setting_language: { code: 'en' } };

beforeEach(() => {
  call.mockReset();
  closeModal();
  call.mockImplementation((async (name: string) => {
    if (name === 'settings') return { items: DEFAULT_USER_SETTINGS };
    if (name === 'updateLanguage') return { items: english };
    throw new Error(`unexpected call ${name}`);
  }) as never);
});
afterEach(async () => {
  await setLanguage('ja');
});

describe('SettingLanguagePage', () => {
  it('loads the stored language, saves the choice and switches the UI at once', async () => {
    const { queryClient } = renderInShell(<SettingLanguagePage />);
    expect(document.title).toBe('グループポータル | 言語設定');

    const ja = await screen.findByRole('radio', { name: '日本語' });
    await waitFor(() => expect((ja as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));

    // The success message and the page already speak English.
    expect(await screen.findByText('Your language setting has been saved.')).toBeTruthy();
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Language');
    expect(call.mock.calls).toEqual([['settings'], ['updateLanguage', { body: { code: 'en' } }]]);
    expect(queryClient.getQueryData(queryKeys.settings())).toEqual(english);
  });

  it('keeps Japanese and the cache when the save fails', async () => {
    call.mockImplementation((async (name: string) => {
      if (name === 'settings') return { items: DEFAULT_USER_SETTINGS };
      throw new Error('network down');
    }) as never);
    const { queryClient } = renderInShell(<SettingLanguagePage />);
    await screen.findByRole('radio', { name: '日本語', checked: true });
    fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));

    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    expect(i18n.language).toBe('ja');
    expect(queryClient.getQueryData(queryKeys.settings())).toEqual(DEFAULT_USER_SETTINGS);
  });
});
