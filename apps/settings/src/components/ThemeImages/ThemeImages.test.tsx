import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { postMultipart } from '@portal/content/kit';
import { renderInShell } from '../../test/render';
import { ThemeImages } from './ThemeImages';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));
vi.mock('@portal/content/kit', async (orig) => ({
  ...(await orig<typeof import('@portal/content/kit')>()),
  postMultipart: vi.fn(),
  useApiImageSrc: (path: string | null | undefined) => (path ? `blob:${path}` : null),
}));
const call = vi.mocked(api.call);
const post = vi.mocked(postMultipart);

let stored: { slot: string; url: string; updated_at: number }[] = [];
beforeEach(() => {
  stored = [{ slot: 'header', url: '/service/api/v1/members/me/setting-theme/images/header?v=1', updated_at: 1 }];
  call.mockReset();
  post.mockReset();
  call.mockImplementation((async (name: string, args?: { params: { slot: string } }) => {
    if (name === 'themeImages') return { items: stored };
    if (name === 'deleteThemeImage') {
      stored = stored.filter((s) => s.slot !== args!.params.slot);
      return { items: stored };
    }
    throw new Error(name);
  }) as never);
});

describe('ThemeImages (setting-theme)', () => {
  it('shows the current picture of a slot and resets it to the plain colour', async () => {
    renderInShell(<ThemeImages />);
    expect(await screen.findByRole('img', { name: '現在の画像：ヘッダー画像' })).toBeTruthy();
    expect(screen.getAllByText('なし（色のみ）')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'ヘッダー画像を元に戻す' }));
    await waitFor(() => expect(screen.getAllByText('なし（色のみ）')).toHaveLength(5));
    expect(call).toHaveBeenCalledWith('deleteThemeImage', { params: { slot: 'header' } });
  });

  it('uploads a chosen file to its slot as the `image` field, then reloads the pictures the shell shows', async () => {
    post.mockImplementation(async () => {
      stored = [...stored, { slot: 'nav', url: '/service/api/v1/members/me/setting-theme/images/nav?v=2', updated_at: 2 }];
      return { items: stored };
    });
    renderInShell(<ThemeImages />);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'sky.png', { type: 'image/png' });
    fireEvent.change(await screen.findByLabelText('ナビゲーションの画像を選ぶ'), { target: { files: [file] } });
    expect(await screen.findByRole('img', { name: '現在の画像：ナビゲーション' })).toBeTruthy();
    expect(post.mock.calls[0]![0]).toBe('/service/api/v1/members/me/setting-theme/images/nav');
    expect(((post.mock.calls[0]![1] as () => FormData)().get('image') as File).name).toBe('sky.png');
  });
});
