import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { answer, call } from '../test-utils';
import GroupPreviewPage from './GroupPreviewPage';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));

const ICON = '/service/api/v1/members/me/groups/5/images/icon/0123456789abcdef0123456789abcdef.jpg';

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/group/:groupLink/preview" element={<GroupPreviewPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const preview = (icon: string | null) => ({
  items: {
    type: 'link',
    email: null,
    expires_at: null,
    group: { name: '営業部', icon_image_small_path: icon, letter_color: 1, member_count: 3 },
  },
});
const picture = (container: HTMLElement) => container.querySelector('.pgrp-public__group .pui-avatar')!;

beforeEach(() => {
  call().mockReset();
});

describe('group preview icon (no session)', () => {
  it('loads the uploaded icon from the public route of this very link', async () => {
    answer({ invitePreview: preview(ICON) });
    const { container } = renderAt('/group/tok%2F1/preview');
    await screen.findByText('営業部');
    const img = picture(container);
    expect(img.tagName).toBe('IMG');
    // A plain <img>: the link is the permission, no token is needed (or sent).
    expect(img.getAttribute('src')).toBe('/service/api/v1/invite-members/tok%2F1/icon?v=0123456789abcdef0123456789abcdef.jpg');
    expect(img.getAttribute('alt')).toBe('');
    expect(vi.mocked(api.request)).not.toHaveBeenCalled();

    // The link died since the preview loaded (404): initials instead of a broken picture.
    fireEvent.error(img);
    expect(picture(container).tagName).toBe('SPAN');
    expect(picture(container).textContent).toBe('営');
  });

  it('shows initials when the group has no uploaded icon', async () => {
    answer({ invitePreview: preview(null) });
    const { container } = renderAt('/group/tok1/preview');
    await screen.findByText('営業部');
    expect([picture(container).tagName, picture(container).getAttribute('aria-hidden')]).toEqual(['SPAN', 'true']);
  });
});
