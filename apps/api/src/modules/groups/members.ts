import type { AppContext, AuthUser } from '../../kernel';
import { HttpError } from '../../http/errors';
import { effectiveRole, type GroupAccess, normalizedFlags, requireMember } from '../../kernel';
import { newsPermissionGranted, type PermissionName } from '../news';
import { sessionsChanged } from '../auth';
import * as q from './queries';
import { lockGroup } from './queries';
import { matchesKeyword, paginate } from './search';
import { publishGroupEvent } from './events';

const fullName = (last: string, first: string, fallback: string) => `${last} ${first}`.trim() || fallback;

export async function listMembers(ctx: AppContext, groupId: number, query: { page: number; limit: number; filter?: string | undefined }) {
  const rows = (await q.memberRows(ctx, groupId)).filter((r) =>
    matchesKeyword(
      query.filter,
      `${r.last_name}${r.first_name}`,
      `${r.last_name} ${r.first_name}`,
      `${r.last_name_kana}${r.first_name_kana}`,
      r.email,
    ),
  );
  const p = paginate(rows, query.page, query.limit);
  return {
    ...p,
    data: p.data.map((r) => {
      const roles = effectiveRole({ group_id: groupId, ...r });
      const plus = r.role_invite === 1 || r.role_edit_shared_folder === 1 || r.role_edit_topic === 1;
      return {
        id: r.id,
        name: fullName(r.last_name, r.first_name, 'User'),
        name_kana: fullName(r.last_name_kana, r.first_name_kana, ''),
        email: r.email,
        avatar_small: r.avatar_small_path,
        role: roles.role_admin ? ('admin' as const) : plus ? ('member_plus' as const) : ('member' as const),
        roles,
        joined_at: Number(r.joined_at),
      };
    }),
  };
}

const mustAppoint = () => new HttpError(400, 'MUST_APPOINT_ADMIN', 'Appoint another administrator before the only administrator leaves.');

type Flags = { user_id: number; role_admin: boolean; role_invite: boolean; role_edit_shared_folder: boolean; role_edit_topic: boolean };

/**
 * Applies every change in one transaction and refuses the whole batch if it would leave the group
 * without an administrator (section 6: the only administrator must first appoint another).
 */
export async function updateRoles(ctx: AppContext, groupId: number, members: Flags[]): Promise<void> {
  const before = new Map<number, ReturnType<typeof normalizedFlags>>();
  for (const m of members) {
    const old = await requireMember(ctx, groupId, m.user_id);
    before.set(
      m.user_id,
      normalizedFlags({
        role_admin: old.role_admin === 1,
        role_invite: old.role_invite === 1,
        role_edit_shared_folder: old.role_edit_shared_folder === 1,
        role_edit_topic: old.role_edit_topic === 1,
      }),
    );
  }
  await ctx.db.transaction().execute(async (trx) => {
    await lockGroup(trx, ctx.dialect, groupId);
    for (const m of members) {
      await trx
        .updateTable('group_members')
        .set(normalizedFlags(m))
        .where('group_id', '=', groupId)
        .where('user_id', '=', m.user_id)
        .execute();
    }
    const admins = await trx
      .selectFrom('group_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_id', '=', groupId)
      .where('role_admin', '=', 1)
      .executeTakeFirstOrThrow();
    if (Number(admins.n) === 0) throw mustAppoint();
  });
  await publishGroupEvent(
    ctx,
    members.map((m) => m.user_id),
    'group.roles.updated',
    groupId,
  );
  // System news for each right newly granted (section 3's permission_name).
  for (const m of members) {
    const now = normalizedFlags(m);
    const old = before.get(m.user_id)!;
    const granted = (['admin', 'invite', 'edit_shared_folder', 'edit_topic'] as PermissionName[]).filter(
      (p) => now[`role_${p}`] === 1 && old[`role_${p}`] === 0,
    );
    await newsPermissionGranted(ctx, groupId, m.user_id, granted);
  }
}

export async function rolesOfMembers(ctx: AppContext, groupId: number, memberIds: number[]) {
  const out = [];
  for (const id of [...new Set(memberIds)]) {
    const m = await requireMember(ctx, groupId, id);
    out.push({ user_id: id, ...effectiveRole({ group_id: groupId, ...m }) });
  }
  return out;
}

export async function hasOtherAdmin(ctx: AppContext, groupId: number, userId: number): Promise<boolean> {
  return (await q.adminCount(ctx, groupId, userId)) > 0;
}

/**
 * Removes a member under the leaving rules: a group never ends up empty or without an
 * administrator. The caller removing themself is the same as leaving.
 */
async function removeMember(ctx: AppContext, groupId: number, userId: number): Promise<void> {
  await requireMember(ctx, groupId, userId);
  await ctx.db.transaction().execute(async (trx) => {
    await lockGroup(trx, ctx.dialect, groupId);
    const target = await trx
      .selectFrom('group_members')
      .select('role_admin')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!target) return;
    const count = async (admins: boolean) => {
      let q = trx
        .selectFrom('group_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('group_id', '=', groupId);
      if (admins) q = q.where('role_admin', '=', 1).where('user_id', '!=', userId);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    if ((await count(false)) <= 1) throw new HttpError(400, 'ONLY_ONE_MEMBER', 'A group with one member cannot be left.');
    if (target.role_admin === 1 && (await count(true)) === 0) throw mustAppoint();
    await trx.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
    // A later join request through a link starts a fresh pending request.
    await trx.deleteFrom('group_join_requests').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
  });
  // Their last group may be gone: the next request must see it (spec section 6, no-group refusal).
  await sessionsChanged(ctx, [userId]);
  await publishGroupEvent(ctx, [userId], 'group.member.removed', groupId);
}

export function leave(ctx: AppContext, access: GroupAccess, user: AuthUser): Promise<void> {
  return removeMember(ctx, access.group.id, user.id);
}

export function deleteMember(ctx: AppContext, access: GroupAccess, userId: number): Promise<void> {
  return removeMember(ctx, access.group.id, userId);
}
