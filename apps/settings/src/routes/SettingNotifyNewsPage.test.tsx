import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@portal/api-client';
import { api } from '@portal/api-client/browser';
import { notifyErrors, SettingNotifyNewsPage } from './SettingNotifyNewsPage';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);
const notify = DEFAULT_USER_SETTINGS.setting_notify_news;

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <SettingNotifyNewsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/setting/setting-notify-news', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockImplementation(async () => ({ items: DEFAULT_USER_SETTINGS }) as never);
  });

  it('checks addresses: format, second and third differ, quiet hours need both ends', () => {
    expect(notifyErrors({ ...notify })).toEqual({});
    expect(notifyErrors({ ...notify, second_email_regular: 'a@x.jp', third_email_regular: 'a@x.jp' })).toEqual({
      third_email_regular: 'notify_settings.error_same',
    });
    expect(notifyErrors({ ...notify, first_email_emergency: 'not-mail' })).toEqual({
      first_email_emergency: 'notify_settings.error_email',
    });
    expect(notifyErrors({ ...notify, regular_stop_notify_start: '22:00' })).toEqual({
      regular_stop_notify_end: 'notify_settings.error_window',
    });
  });

  it('saves time, interval and a second address; refuses the same address twice on screen', async () => {
    renderPage();
    const second = await screen.findByRole('textbox', { name: '定期メールのアドレス2' });
    fireEvent.change(screen.getByRole('combobox', { name: '送信時刻' }), { target: { value: '18' } });
    fireEvent.change(screen.getByRole('combobox', { name: '送信間隔' }), { target: { value: '12' } });
    fireEvent.change(second, { target: { value: 'me@home.example' } });
    fireEvent.change(screen.getByRole('textbox', { name: '定期メールのアドレス3' }), { target: { value: 'me@home.example' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('ほかのアドレスと異なるアドレスを入力してください。')).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith('updateSettings', expect.anything());
    fireEvent.change(screen.getByRole('textbox', { name: '定期メールのアドレス3' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('updateSettings', {
        params: { section: 'setting_notify_news' },
        body: { ...notify, email_notify_time: 18, notify_interval: 12, second_email_regular: 'me@home.example' },
      }),
    );
  });
});
