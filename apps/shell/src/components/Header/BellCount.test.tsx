import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api } from '@portal/api-client/browser';
import { queryKeys } from '@portal/api-client/core';
import { $contentShown } from '../../stores/content';
import { BellCount } from './BellCount';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));

describe('the bell’s counts', () => {
  it('shows unread items and likes, caps at +99, and follows an invalidation', async () => {
    const counts = { 1: 24, 2: 4 } as Record<number, number>;
    vi.mocked(api.call).mockImplementation((async (_name: string, args: { params: { kind: 1 | 2 } }) => ({
      items: { count: counts[args.params.kind] },
    })) as never);
    const qc = new QueryClient();
    render(
      <QueryClientProvider client={qc}>
        <BellCount />
      </QueryClientProvider>,
    );
    // Nothing is asked for until the page has shown its content (stores/content.ts).
    await new Promise((r) => setTimeout(r, 20));
    expect(api.call).not.toHaveBeenCalled();
    $contentShown.set(true);
    expect((await screen.findByRole('img', { name: '未読 24件' })).textContent).toBe('24');
    expect(screen.getByRole('img', { name: 'いいね 4件' }).textContent).toBe('4');

    counts[1] = 240;
    counts[2] = 0;
    await qc.invalidateQueries({ queryKey: ['notifications'] });
    expect((await screen.findByRole('img', { name: '未読 240件' })).textContent).toBe('+99');
    expect(screen.queryByRole('img', { name: /いいね/ })).toBeNull();
    expect(qc.getQueryData(queryKeys.notificationCount(1))).toBe(240);
  });
});
