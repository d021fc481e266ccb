import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { pageOf, renderWithApp } from '../../test/render';
import NewsAdminPage from './NewsAdminPage';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

const me = (admin: boolean) => ({ items: { info: { is_company_admin: admin } } });

describe('NewsAdminPage', () => {
  beforeEach(() => {
    call.mockReset();
  });

  it('refuses a user who is not the company administrator', async () => {
    call.mockImplementation(async (name: string) => (name === 'me' ? me(false) : pageOf([])) as never);
    renderWithApp(<NewsAdminPage />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith('adminNewsList', expect.anything());
  });

  it('posts a CMS item with the chosen placement and rule; Enter in the title does not post', async () => {
    call.mockImplementation(async (name: string) => {
      if (name === 'me') return me(true) as never;
      if (name === 'myGroups') return pageOf([{ id: 4, name: '開発チーム' }]) as never;
      if (name === 'createNews') return { items: { id: 9 } } as never;
      return pageOf([]) as never;
    });
    renderWithApp(<NewsAdminPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'ニュースを投稿' }));
    const title = screen.getByRole('textbox', { name: /タイトル/ });
    fireEvent.change(title, { target: { value: '全社会議' } });
    fireEvent.keyDown(title, { key: 'Enter' });
    expect(call).not.toHaveBeenCalledWith('createNews', expect.anything());
    fireEvent.change(screen.getByRole('textbox', { name: '本文（HTML）' }), { target: { value: '<p>10時から</p>' } });
    await screen.findByRole('option', { name: '開発チーム' });
    fireEvent.change(screen.getByRole('combobox', { name: '掲載場所' }), { target: { value: '3' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'グループ' }), { target: { value: '4' } });
    fireEvent.change(screen.getByRole('combobox', { name: '表示ルール' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('createNews', {
        body: { title: '全社会議', content: '<p>10時から</p>', placement: 3, group_id: 4, target_type: 1, display_type: 1 },
      }),
    );
  });
});
