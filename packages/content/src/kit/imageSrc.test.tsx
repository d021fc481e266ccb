import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { apiImageKey, useApiImageSrc } from './imageSrc';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));
const request = vi.mocked(api.request);

const ICON = '/service/api/v1/members/me/groups/3/images/icon/0123456789abcdef0123456789abcdef.png';
const OTHER = '/service/api/v1/members/me/groups/4/images/icon/fedcba9876543210fedcba9876543210.jpg';

let created: string[];
let revoked: string[];
beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async (_method, path) => new Response(new Blob([`bytes of ${path}`], { type: 'image/png' })));
  created = [];
  revoked = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    const url = `blob:test/${created.length + 1}`;
    created.push(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
});
afterEach(() => vi.restoreAllMocks());

function Shown({ path, id }: { path: string | null; id: string }) {
  return <output data-testid={id}>{useApiImageSrc(path) ?? 'none'}</output>;
}
function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { ...result, client, shown: (id: string) => screen.getByTestId(id).textContent };
}

describe('useApiImageSrc', () => {
  it('fetches a URL once for every component showing it, with the token-carrying client', async () => {
    const { shown } = renderWith(
      <>
        <Shown id="row" path={ICON} />
        <Shown id="header" path={ICON} />
        <Shown id="other" path={OTHER} />
      </>,
    );
    // Initials (null) while loading.
    expect(shown('row')).toBe('none');
    await waitFor(() => expect(shown('row')).toBe(shown('header')));
    await waitFor(() => expect(shown('other')).not.toBe('none'));
    expect(shown('row')).toMatch(/^blob:test\//);
    expect(shown('other')).not.toBe(shown('row'));
    expect(request.mock.calls.map(([m, p]) => [m, p])).toEqual([
      ['GET', ICON.slice('/service/api/v1'.length)],
      ['GET', OTHER.slice('/service/api/v1'.length)],
    ]);
    expect(created).toHaveLength(2);
  });

  it('a component mounted later reuses the cached image without fetching', async () => {
    const { shown, rerender, client } = renderWith(<Shown id="a" path={ICON} />);
    await waitFor(() => expect(shown('a')).not.toBe('none'));
    rerender(
      <QueryClientProvider client={client}>
        <Shown id="a" path={ICON} />
        <Shown id="b" path={ICON} />
      </QueryClientProvider>,
    );
    expect(shown('b')).toBe(shown('a'));
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('revokes an object URL only once no one uses it: removed from the cache, or replaced', async () => {
    const { shown, unmount, client } = renderWith(<Shown id="a" path={ICON} />);
    await waitFor(() => expect(shown('a')).not.toBe('none'));
    const first = shown('a')!;

    await act(() => client.refetchQueries({ queryKey: apiImageKey(ICON) }));
    await waitFor(() => expect(shown('a')).not.toBe(first));
    expect(revoked).toEqual([first]);

    const second = shown('a')!;
    unmount();
    // Still cached (gcTime) for the next page that shows it: not revoked yet.
    expect(revoked).toEqual([first]);
    act(() => client.clear());
    expect(revoked).toEqual([first, second]);
  });

  it('shows nothing for a missing image, and passes other URLs through unfetched', async () => {
    request.mockRejectedValueOnce(new ApiError(404, 'NOT_FOUND', 'gone'));
    const { shown, client } = renderWith(
      <>
        <Shown id="gone" path={ICON} />
        <Shown id="plain" path="https://cdn.example.jp/icon.png" />
        <Shown id="empty" path={null} />
      </>,
    );
    await waitFor(() => expect(client.getQueryState(apiImageKey(ICON))?.status).toBe('error'));
    expect([shown('gone'), shown('plain'), shown('empty')]).toEqual(['none', 'https://cdn.example.jp/icon.png', 'none']);
    expect(request).toHaveBeenCalledTimes(1);
  });
});
