import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { signUrlsAnswer } from '../testing';
import { apiImageKey, useApiImageSrc } from './imageSrc';
import { signUrl } from './signedUrl';
import { ApiAvatar } from './ApiAvatar';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));
const call = vi.mocked(api.call);

const ICON = '/service/api/v1/members/me/groups/3/images/icon/0123456789abcdef0123456789abcdef.png';
const OTHER = '/service/api/v1/members/me/groups/4/images/icon/fedcba9876543210fedcba9876543210.jpg';

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((async (_name: string, args: Record<string, unknown>) => signUrlsAnswer(args)) as never);
});

function Shown({ path, id }: { path: string | null; id: string }) {
  return <output data-testid={id}>{useApiImageSrc(path) ?? 'none'}</output>;
}
function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { ...result, client, shown: (id: string) => screen.getByTestId(id).textContent };
}
const signedPaths = () =>
  call.mock.calls.map(([name, args]) => [name, (args as { body: { items: { path: string }[] } }).body.items.map((i) => i.path)]);

describe('useApiImageSrc', () => {
  it('shows a signed link (a plain URL the browser caches), one signing request for a whole page', async () => {
    const { shown } = renderWith(
      <>
        <Shown id="row" path={ICON} />
        <Shown id="header" path={ICON} />
        <Shown id="other" path={OTHER} />
      </>,
    );
    // Initials (null) while signing.
    expect(shown('row')).toBe('none');
    await waitFor(() => expect(shown('other')).toBe(`${OTHER}?s=test`));
    expect([shown('row'), shown('header')]).toEqual([`${ICON}?s=test`, `${ICON}?s=test`]);
    expect(signedPaths()).toEqual([['signUrls', [ICON, OTHER]]]);
    // No bytes go through the page: the <img> loads them itself.
    expect(api.request).not.toHaveBeenCalled();
  });

  it('a component mounted later reuses the link without signing again', async () => {
    const { shown, rerender, client } = renderWith(<Shown id="a" path={ICON} />);
    await waitFor(() => expect(shown('a')).not.toBe('none'));
    rerender(
      <QueryClientProvider client={client}>
        <Shown id="a" path={ICON} />
        <Shown id="b" path={ICON} />
      </QueryClientProvider>,
    );
    expect(shown('b')).toBe(shown('a'));
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('shows nothing when signing fails, and passes other URLs through unsigned', async () => {
    call.mockRejectedValueOnce(new ApiError(401, 'INVALID_TOKEN', 'no'));
    const { shown, client } = renderWith(
      <>
        <Shown id="gone" path={ICON} />
        <Shown id="plain" path="https://cdn.example.jp/icon.png" />
        <Shown id="empty" path={null} />
      </>,
    );
    await waitFor(() => expect(client.getQueryState(apiImageKey(ICON))?.status).toBe('error'));
    expect([shown('gone'), shown('plain'), shown('empty')]).toEqual(['none', 'https://cdn.example.jp/icon.png', 'none']);
    expect(call).toHaveBeenCalledTimes(1);
  });
});

describe('ApiAvatar', () => {
  it('shows initials while signing, then the picture from its signed link', async () => {
    const avatar = '/service/api/v1/members/2/avatar/abc.webp';
    const { container } = renderWith(<ApiAvatar src={avatar} name="鈴木 花子" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('鈴');
    await waitFor(() => expect(container.querySelector('img')?.getAttribute('src')).toBe(`${avatar}?s=test`));
  });
});

describe('signUrl', () => {
  it('asks at most 100 at a time, answering each caller with its own link in order', async () => {
    const paths = Array.from({ length: 130 }, (_, i) => `/members/me/inline-images/${i + 1}`);
    const urls = await Promise.all(paths.map((path) => signUrl({ path })));
    expect(urls).toEqual(paths.map((p) => `/service/api/v1${p}?s=test`));
    expect(signedPaths().map(([, items]) => items?.length)).toEqual([100, 30]);
  });

  it('rejects every caller of a refused batch', async () => {
    call.mockRejectedValueOnce(new ApiError(400, 'VALIDATION_ERROR', 'bad'));
    const results = await Promise.allSettled([signUrl({ path: '/a' }), signUrl({ path: '/b' })]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
