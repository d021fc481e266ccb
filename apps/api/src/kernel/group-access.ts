import { InvitePermission, MAX_ROW_ID, type GroupRole } from '@portal/api-client';
import type { AppContext, AuthUser } from './context';
import { HttpError } from '../http/errors';
import { forbidden } from './errors';
import type { FoundAccess, MemberFlags } from './group-access-cache';
import { effectiveRole } from './roles';
import { compiledQuery } from '../db/compiled';
import type { GroupsTable } from '../db/types';
import type { Selectable } from 'kysely';

/**
 * Who may do what with a group (spec section 6), in one place. Every handler calls
 * `authorizeGroup` first and then the `require…` helper for each further id in the request, so
 * no id vouches for another: an invitation, join request, member, equipment or folder is looked
 * up inside the group (or user) that was authorised, never on its own.
 */

export type GroupAction =
  /** Read the group as a member. */
  | 'member'
  /** Read the group as a member, or as an administrator of the group's company. */
  | 'member-or-company-admin'
  | 'role_admin'
  | 'invite'
  | 'role_edit_shared_folder'
  | 'role_edit_topic';

export interface GroupAccess {
  group: Selectable<GroupsTable>;
  /** null only for a company administrator reading a group they are not in. */
  member: MemberFlags | null;
  role: GroupRole | null;
}

/** Invitation setting: role_invite holders (default), every member, or administrators only. */
export function canInvite(role: GroupRole, invitePermission: number): boolean {
  if (invitePermission === InvitePermission.ADMIN_ONLY) return role.role_admin;
  if (invitePermission === InvitePermission.ALL_MEMBERS) return true;
  return role.role_invite;
}

export function allows(role: GroupRole, invitePermission: number, action: GroupAction): boolean {
  switch (action) {
    case 'member':
    case 'member-or-company-admin':
      return true;
    case 'invite':
      return canInvite(role, invitePermission);
    default:
      return role[action];
  }
}

/**
 * Rights as stored for display: an administrator is listed as administrator only, because
 * holding ADMIN makes the other flags meaningless (section 6).
 */
export function heldRoleNames(flags: Omit<MemberFlags, 'can_notify'>) {
  if (flags.role_admin === 1) return ['role_admin' as const];
  return (['role_invite', 'role_edit_shared_folder', 'role_edit_topic'] as const).filter((r) => flags[r] === 1);
}

/** Stored flags for a rights update: ADMIN clears the others so "admin only" holds in the data too. */
export function normalizedFlags(r: {
  role_admin: boolean;
  role_invite: boolean;
  role_edit_shared_folder: boolean;
  role_edit_topic: boolean;
}) {
  const bit = (b: boolean) => (b ? 1 : 0) as 0 | 1;
  if (r.role_admin) return { role_admin: 1, role_invite: 0, role_edit_shared_folder: 0, role_edit_topic: 0 } as const;
  return {
    role_admin: 0,
    role_invite: bit(r.role_invite),
    role_edit_shared_folder: bit(r.role_edit_shared_folder),
    role_edit_topic: bit(r.role_edit_topic),
  } as const;
}

/**
 * The group (within the caller's company) and the caller's membership row, in one query: every
 * group route runs it first, so it is compiled once (db/compiled.ts).
 */
const accessQuery = compiledQuery<{ groupId: number; companyId: number; userId: number }>()((db, slot) =>
  db
    .selectFrom('groups as g')
    .leftJoin('group_members as m', (j) => j.onRef('m.group_id', '=', 'g.id').on('m.user_id', '=', slot('userId')))
    .selectAll('g')
    .select(['m.user_id as m_user_id', 'm.role_admin as m_role_admin', 'm.role_invite as m_role_invite'])
    .select([
      'm.role_edit_shared_folder as m_role_edit_shared_folder',
      'm.role_edit_topic as m_role_edit_topic',
      'm.can_notify as m_can_notify',
    ])
    .where('g.id', '=', slot('groupId'))
    .where('g.company_id', '=', slot('companyId')),
);

/** The group columns plus the caller's membership flags (m_…, null when not a member). */
export type AccessRow = Selectable<GroupsTable> & {
  m_user_id: number | null;
  m_role_admin: number | null;
  m_role_invite: number | null;
  m_role_edit_shared_folder: number | null;
  m_role_edit_topic: number | null;
  m_can_notify: number | null;
};

export function splitAccessRow(row: AccessRow): FoundAccess {
  const { m_user_id, m_role_admin, m_role_invite, m_role_edit_shared_folder, m_role_edit_topic, m_can_notify, ...group } = row;
  const member: MemberFlags | null =
    m_user_id === null
      ? null
      : {
          role_admin: m_role_admin!,
          role_invite: m_role_invite!,
          role_edit_shared_folder: m_role_edit_shared_folder!,
          role_edit_topic: m_role_edit_topic!,
          can_notify: m_can_notify!,
        };
  return { group, member };
}

async function findGroupAndMember(ctx: AppContext, groupId: number, companyId: number, userId: number): Promise<FoundAccess | null> {
  const load = async () => {
    const row = (await accessQuery(ctx.db, { groupId, companyId, userId }))[0];
    return row ? splitAccessRow(row) : null;
  };
  // A transaction's reads go to the database: it may have changed the membership itself.
  const cache = ctx.caches.groupAccess;
  return cache && ctx.db.isTransaction === false ? cache.lookup(userId, companyId, groupId, load) : load();
}

/**
 * Group access read in the same statement as the session (access-prefetch.ts), kept for the
 * request's caller object only: authorizeGroup answers from it for that group instead of asking
 * again. Keyed by the AuthUser, which lives exactly as long as its request.
 */
const prefetched = new WeakMap<AuthUser, { groupId: number; found: FoundAccess | null }>();

export function rememberGroupAccess(user: AuthUser, groupId: number, found: FoundAccess | null): void {
  prefetched.set(user, { groupId, found });
}

function findMember(ctx: AppContext, groupId: number, userId: number) {
  return ctx.db
    .selectFrom('group_members')
    .select(['role_admin', 'role_invite', 'role_edit_shared_folder', 'role_edit_topic', 'can_notify'])
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

const notFound = () => new HttpError(404, 'GROUP_NOT_FOUND', 'The group does not exist or has been deleted.');

/**
 * 404 GROUP_NOT_FOUND for a group the caller cannot see (another company's, or one they are not
 * in, so ids cannot be probed), 404 GROUP_IS_STOPPED for a stopped group, 403 for a missing right.
 */
export async function authorizeGroup(ctx: AppContext, user: AuthUser, groupId: number, action: GroupAction): Promise<GroupAccess> {
  // Past the id column's range no group matches, and PostgreSQL would refuse the value itself.
  if (groupId > MAX_ROW_ID) throw notFound();
  const memo = prefetched.get(user);
  const found = memo?.groupId === groupId ? memo.found : await findGroupAndMember(ctx, groupId, user.companyId, user.id);
  if (!found) throw notFound();
  const { group, member } = found;
  if (!member) {
    if (action === 'member-or-company-admin' && user.isCompanyAdmin) return { group, member: null, role: null };
    throw notFound();
  }
  if (group.is_stopped === 1) throw new HttpError(404, 'GROUP_IS_STOPPED', 'The group has been stopped.');
  const role = effectiveRole({ group_id: groupId, ...member });
  if (!allows(role, group.invite_permission, action)) throw forbidden();
  return { group, member, role };
}

/** A user id from the request that must be a member of the authorised group. */
export async function requireMember(ctx: AppContext, groupId: number, userId: number): Promise<MemberFlags> {
  const m = await findMember(ctx, groupId, userId);
  if (!m) throw new HttpError(404, 'USER_NOT_FOUND', 'The user is not a member of this group.');
  return m;
}
