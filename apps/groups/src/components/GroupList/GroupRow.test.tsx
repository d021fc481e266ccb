import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { GroupPickMenu } from '../GroupPickMenu/GroupPickMenu';
import { GroupList } from './GroupList';
import { group, pageOf, renderWidget } from './testing';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));
const call = vi.mocked(api.call);
const request = vi.mocked(api.request);

const ICON = '/service/api/v1/members/me/groups/1/images/icon/0123456789abcdef0123456789abcdef.png';

let release: () => void;
beforeEach(() => {
  closeModal();
  call.mockReset();
  request.mockReset();
  call.mockImplementation((async (name: string) => {
    if (name === 'groupFolders') return { items: [] };
    return pageOf([group(1, '全社連絡', { icon_image_small_path: ICON }), group(2, '総務部')]);
  }) as never);
  // The image arrives only when the test says so, to see the initials while it loads.
  const gate = new Promise<void>((resolve) => (release = resolve));
  request.mockImplementation(async () => {
    await gate;
    return new Response(new Blob(['png'], { type: 'image/png' }));
  });
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:icon/${++n}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** The row's picture: the img when loaded, else the initials; hidden from assistive tech either way. */
function pictureOf(list: HTMLElement, name: string) {
  const row = within(list).getByText(name).closest('li')!;
  return row.querySelector('.pui-avatar')!;
}

describe('group icons in the home list and the navbar menu', () => {
  it('show the uploaded icon from one shared fetch, initials while loading or without one', async () => {
    const renderResult = renderWidget(
      <>
        <GroupList />
        <GroupPickMenu />
      </>,
    );
    const { container } = renderResult;
    await waitFor(() => expect(container.querySelectorAll('ul.pgrp-list__rows, ul.pgrp-menu__list')).toHaveLength(2));
    const lists = [...container.querySelectorAll<HTMLElement>('ul.pgrp-list__rows, ul.pgrp-menu__list')];
    await waitFor(() => expect(request).toHaveBeenCalled());
    for (const list of lists) {
      const loading = pictureOf(list, '全社連絡');
      expect([loading.tagName, loading.getAttribute('aria-hidden'), loading.textContent]).toEqual(['SPAN', 'true', '全']);
    }

    release();
    for (const list of lists) {
      await waitFor(() => expect(pictureOf(list, '全社連絡').tagName).toBe('IMG'));
      const img = pictureOf(list, '全社連絡');
      // Decorative: the name is written beside it.
      expect([img.getAttribute('src'), img.getAttribute('alt')]).toEqual(['blob:icon/1', '']);
      expect(pictureOf(list, '総務部').textContent).toBe('総');
    }
    // Two places, one icon URL: one fetch, through the client that carries the token.
    expect(request.mock.calls).toEqual([['GET', ICON.slice('/service/api/v1'.length), { headers: { Accept: 'image/*' } }]]);
  });

  it('keep the initials when the icon cannot be loaded', async () => {
    request.mockRejectedValue(new Error('offline'));
    renderWidget(<GroupPickMenu />);
    const list = await screen.findByRole('list', { name: 'グループ' });
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(pictureOf(list, '全社連絡').textContent).toBe('全');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
