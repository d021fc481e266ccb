import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@portal/api-client/browser';
import { group, pageOf, renderWidget } from '../components/GroupList/testing';
import GroupList from './GroupList';
import GroupPickMenu from './GroupPickMenu';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((async (name: string) => (name === 'groupFolders' ? { items: [] } : pageOf([group(3, '開発チーム')]))) as never);
});

/** What the shell loads as `groups/GroupList` and `groups/GroupPickMenu`: the real widgets on real data. */
describe('exposed widgets', () => {
  it('./GroupList lists the user’s groups under its title', async () => {
    renderWidget(<GroupList />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('グループ一覧');
    expect((await screen.findByRole('link', { name: /開発チーム/ })).getAttribute('href')).toBe('/group/3');
  });

  it('./GroupPickMenu lists the user’s groups with a search box', async () => {
    renderWidget(<GroupPickMenu />);
    expect(screen.getByRole('searchbox', { name: 'グループを検索' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: /開発チーム/ })).getAttribute('href')).toBe('/group/3');
  });
});
