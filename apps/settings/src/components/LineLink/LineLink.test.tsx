import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, beginLineFlow } from '@portal/api-client/browser';
import { renderInShell } from '../../test/render';
import { LineLink } from './LineLink';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() }, beginLineFlow: vi.fn() }));
const call = vi.mocked(api.call);
const begin = vi.mocked(beginLineFlow);

beforeEach(() => {
  call.mockReset();
  begin.mockReset();
});

const status = (s: { enabled: boolean; linked: boolean; linked_at: number | null }) => {
  call.mockImplementation(async (name) => {
    if (name === 'lineLinkStatus') return { items: s } as never;
    if (name === 'lineUnlink') {
      s.linked = false;
      s.linked_at = null;
      return { items: { ok: true } } as never;
    }
    throw new Error(`unexpected ${String(name)}`);
  });
};

describe('LineLink (account info)', () => {
  it('is absent when LINE login is not configured', async () => {
    status({ enabled: false, linked: false, linked_at: null });
    const { container } = renderInShell(
      <dl>
        <LineLink />
      </dl>,
    );
    await waitFor(() => expect(call).toHaveBeenCalledWith('lineLinkStatus'));
    expect(container.textContent).toBe('');
  });

  it('starts the link round trip through LINE when not linked', async () => {
    status({ enabled: true, linked: false, linked_at: null });
    begin.mockResolvedValue();
    renderInShell(
      <dl>
        <LineLink />
      </dl>,
    );
    expect(await screen.findByText('未連携')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'LINEアカウントを連携する' }));
    await waitFor(() => expect(begin).toHaveBeenCalledWith('link'));
  });

  it('unlinks a linked account and shows it as not linked', async () => {
    status({ enabled: true, linked: true, linked_at: Date.now() - 60_000 });
    renderInShell(
      <dl>
        <LineLink />
      </dl>,
    );
    fireEvent.click(await screen.findByRole('button', { name: '連携を解除' }));
    expect(await screen.findByText('未連携')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('lineUnlink');
  });
});
