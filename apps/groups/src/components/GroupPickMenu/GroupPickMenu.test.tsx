import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { closeModal } from '@portal/ui';
import { group, pageOf, renderWidget } from '../GroupList/testing';
import { GroupPickMenu } from './GroupPickMenu';
import { MOBILE_QUERY } from './useIsMobileDevice';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);
const menuCalls = () => call.mock.calls.filter(([name]) => name === 'myGroups').map(([, args]) => args);

/** 23 groups, 10 a page: pages 1 and 2 full, page 3 has three. */
const ALL = Array.from({ length: 23 }, (_, i) => group(i + 1, `グループ${i + 1}`));
function serveAll(filterOut?: (name: string) => boolean) {
  call.mockImplementation((async (_name: string, args: { query: { page: number; limit: number; filter?: string } }) => {
    const { page, limit, filter } = args.query;
    const rows = filter ? ALL.filter((g) => g.name.includes(filter) && !filterOut?.(g.name)) : ALL;
    const last = Math.max(1, Math.ceil(rows.length / limit));
    return pageOf(rows.slice((page - 1) * limit, page * limit), page, last, rows.length);
  }) as never);
}
const names = () =>
  within(screen.getByRole('list', { name: 'グループ' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.pgrp-row__name')?.textContent);

function setMobile(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mobile && query === MOBILE_QUERY,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  call.mockReset();
  closeModal();
  setMobile(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('GroupPickMenu (navbar)', () => {
  it('appends the next page on see-more until the last page', async () => {
    serveAll();
    renderWidget(<GroupPickMenu />);
    await screen.findByText('グループ1');
    expect(names()).toHaveLength(10);

    fireEvent.click(screen.getByRole('button', { name: 'もっと見る' }));
    await waitFor(() => expect(names()).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: 'もっと見る' }));
    await waitFor(() => expect(names()).toHaveLength(23));
    expect(names()[22]).toBe('グループ23');
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull();
    expect(menuCalls()).toEqual([1, 2, 3].map((page) => ({ query: { page, limit: 10 } })));
  });

  it('searches 1000 ms after typing stops, from page 1 again', async () => {
    serveAll();
    renderWidget(<GroupPickMenu />);
    await screen.findByText('グループ1');
    fireEvent.click(screen.getByRole('button', { name: 'もっと見る' }));
    await waitFor(() => expect(names()).toHaveLength(20));

    vi.useFakeTimers();
    const box = screen.getByRole('searchbox', { name: 'グループを検索' });
    fireEvent.change(box, { target: { value: 'グループ1' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    // Typing again restarts the wait.
    fireEvent.change(box, { target: { value: 'グループ2' } });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(menuCalls()).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(menuCalls()).toHaveLength(3);
    expect(menuCalls()[2]).toEqual({ query: { page: 1, limit: 10, filter: 'グループ2' } });
    // Let React Query deliver the answer (its notifications ride on setTimeout too).
    await act(() => vi.advanceTimersByTimeAsync(50));
    vi.useRealTimers();

    // グループ2, グループ20 … グループ23: one page, nothing more to see.
    await waitFor(() => expect(names()).toEqual(['グループ2', 'グループ20', 'グループ21', 'グループ22', 'グループ23']));
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull();
  });

  it('shows the unread count capped at +99, or the muted badge', async () => {
    call.mockResolvedValue(
      pageOf([group(1, '全社連絡', { unread_count: 100 }), group(2, '総務部', { unread_count: 3, can_notify: false })]) as never,
    );
    renderWidget(<GroupPickMenu />);
    const first = (await screen.findByText('全社連絡')).closest('li')!;
    expect(within(first).getByLabelText('未読 100件').textContent).toBe('+99');
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/group/1');
    const second = screen.getByText('総務部').closest('li')!;
    expect(within(second).getByRole('img', { name: '通知オフ' })).toBeTruthy();
    expect(within(second).queryByText('3')).toBeNull();
  });

  it('offers the QR scanner only on mobile devices', async () => {
    call.mockResolvedValue(pageOf([group(1, '全社連絡')]) as never);
    renderWidget(<GroupPickMenu />);
    await screen.findByText('全社連絡');
    expect(screen.queryByRole('button', { name: 'QRコードを読み取る' })).toBeNull();
  });

  it('says so when no group matches', async () => {
    serveAll();
    renderWidget(<GroupPickMenu />);
    await screen.findByText('グループ1');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'ない' } });
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Enter' });
    expect(await screen.findByText('「ない」に一致するグループはありません。')).toBeTruthy();
  });
});
