import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { queryKeys, type GroupDetail } from '@portal/api-client/core';
import { DEFAULT_USER_SETTINGS } from '@portal/api-client';
import { api } from '@portal/api-client/browser';
import { ModalProvider } from '@portal/ui';
import GroupsRoutes from '.';

/** Test files mock '@portal/api-client/browser' themselves; this is the mocked `call`. */
export const call = () => vi.mocked(api.call);

type Handler = (args: Record<string, unknown> | undefined) => unknown;

/** Answers api.call by endpoint name; an unexpected call fails the test loudly. */
export function answer(handlers: Record<string, Handler | object>) {
  call().mockImplementation((async (name: string, args?: Record<string, unknown>) => {
    const h = handlers[name];
    if (h === undefined) throw new Error(`unexpected call ${name}`);
    return typeof h === 'function' ? (h as Handler)(args) : h;
  }) as never);
}

export const GROUP: GroupDetail = {
  id: 1,
  name: '営業部',
  notice: '今週の会議は木曜です。',
  letter_color: 1,
  icon_image: 2,
  icon_image_path: null,
  icon_image_small_path: null,
  header_image: null,
  group_tags: ['営業'],
  auto_delete_day: 30,
  max_img_size_per_attachment: 25,
  invite_permission: 0,
  member_count: 3,
  created_at: Date.UTC(2026, 0, 5, 1, 0),
  storage: { storage_capacity: 10, storage_used: 1.23, storage_used_bytes: 1320702443, type: 'GB', percent: 12.3 },
  membership: null,
};

const NONE = { role_admin: false, role_invite: false, role_edit_shared_folder: false, role_edit_topic: false };
export type Who = 'admin' | 'member' | 'inviter';

/** myGroupRoles answers as the server would for an administrator, a plain member, an inviter. */
export function rolesOf(who: Who) {
  const effective =
    who === 'admin'
      ? { group_id: 1, role_admin: true, role_invite: true, role_edit_shared_folder: true, role_edit_topic: true }
      : { group_id: 1, ...NONE, role_invite: who === 'inviter' };
  const roles = who === 'admin' ? ['role_admin'] : who === 'inviter' ? ['role_invite'] : [];
  return { items: { roles, effective, can_invite: effective.role_invite } };
}

/** The group area's two loads, plus the page's own handlers. */
export function groupHandlers(who: Who, extra: Record<string, Handler | object> = {}, group: GroupDetail = GROUP) {
  return { myGroup: { items: group }, myGroupRoles: rolesOf(who), ...extra };
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Mounted the way the shell mounts the remote: on a splat route at /group/*. */
export function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(queryKeys.settings(), DEFAULT_USER_SETTINGS);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ModalProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/group/*" element={<GroupsRoutes />} />
            <Route path="*" element={<p>shell catch-all</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </ModalProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, where: () => result.getByTestId('where').textContent };
}

/** Only the calls after the group area's two loads. */
export function pageCalls() {
  return call().mock.calls.filter(([name]) => name !== 'myGroup' && name !== 'myGroupRoles');
}
