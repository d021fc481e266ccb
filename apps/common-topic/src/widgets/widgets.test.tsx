import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import CommonTopicLink from './CommonTopicLink';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

function wrap(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CommonTopicLink (home)', () => {
  beforeEach(() => call.mockReset());

  it('links to the common topics with the unread count, capped at +99', async () => {
    call.mockResolvedValue({ items: { count: 120 } } as never);
    wrap(<CommonTopicLink />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/common-topic/topics');
    expect(await screen.findByText('+99')).toBeTruthy();
    expect(screen.getByText('未読 120 件')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('commonTopicUnreadCount');
  });

  it('shows no badge when everything is read', async () => {
    call.mockResolvedValue({ items: { count: 0 } } as never);
    wrap(<CommonTopicLink />);
    expect(await screen.findByText('未読 0 件')).toBeTruthy();
    expect(screen.queryByText('+99')).toBeNull();
    expect(screen.getByRole('region', { name: '共通トピック' })).toBeTruthy();
  });
});
