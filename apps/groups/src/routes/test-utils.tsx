import { vi } from 'vitest';
import type { GroupDetail } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { answerCalls, renderRemote } from '@portal/content/testing';
import GroupsRoutes from '.';

/** Test files mock '@portal/api-client/browser' themselves; this is the mocked `call`. */
export const call = () => vi.mocked(api.call);

/** Answers api.call by endpoint name; an unexpected call fails the test loudly. */
export function answer(handlers: Parameters<typeof answerCalls>[1]) {
  answerCalls(call(), handlers);
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
  company_storage: { storage_capacity: 100, storage_used: 45.6, storage_used_bytes: 48962627174, type: 'GB', percent: 45.6 },
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
export function groupHandlers(who: Who, extra: Parameters<typeof answerCalls>[1] = {}, group: GroupDetail = GROUP) {
  return { myGroup: { items: group }, myGroupRoles: rolesOf(who), ...extra };
}

/** Mounted the way the shell mounts the remote: on a splat route at /group/*. */
export function renderAt(url: string) {
  return renderRemote(url, { mount: '/group', routes: GroupsRoutes });
}

/**
 * The group area's own calls: the group, its roles and (on the top page) its top lists; and the
 * signing of the header's images, which any page of the area makes.
 */
const AREA_CALLS = new Set(['myGroup', 'myGroupRoles', 'groupTopData', 'groupTopUnreadCount', 'signUrls']);

export function pageCalls() {
  return call().mock.calls.filter(([name]) => !AREA_CALLS.has(name as string));
}
