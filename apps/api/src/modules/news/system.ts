import { InformationType, NewsDisplayType, NewsPlacement, NewsTargetType, type SystemNewsKey } from '@portal/api-client';
import type { AppContext } from '../../kernel';
import { publishNewsChanged } from './events';
import { displayName } from '../../kernel';

/**
 * System news: a message key and its parameters (rendered in the reader's language), written
 * when something happens that a user should act on or know about. Never fails the request that
 * caused it: news is a courtesy on top of the change itself.
 */
async function write(
  ctx: AppContext,
  o: { key: SystemNewsKey; groupId: number; userIds: number[]; params: Record<string, string>; target: number },
): Promise<void> {
  if (o.userIds.length === 0) return;
  const group = await ctx.db.selectFrom('groups').select(['company_id', 'name']).where('id', '=', o.groupId).executeTakeFirst();
  if (!group) return;
  const now = ctx.now();
  const content = JSON.stringify({ group_name: group.name, ...o.params });
  // The same unread message twice (a request sent again) would only repeat itself.
  const already = await ctx.db
    .selectFrom('informations as i')
    .select('i.user_id')
    .where('i.title', '=', o.key)
    .where('i.group_id', '=', o.groupId)
    .where('i.content', '=', content)
    .where('i.user_id', 'in', o.userIds)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('information_reads as r')
            .select('r.user_id')
            .whereRef('r.information_id', '=', 'i.id')
            .whereRef('r.user_id', '=', 'i.user_id'),
        ),
      ),
    )
    .execute();
  const skip = new Set(already.map((r) => r.user_id));
  const userIds = o.userIds.filter((id) => !skip.has(id));
  if (userIds.length === 0) return;
  await ctx.db
    .insertInto('informations')
    .values(
      userIds.map((userId) => ({
        company_id: group.company_id,
        type: InformationType.SYSTEM,
        title: o.key,
        content,
        placement: NewsPlacement.BOTH,
        target_type: o.target,
        target_id: o.groupId,
        group_id: o.groupId,
        user_id: userId,
        display_type: NewsDisplayType.ONE_TIME,
        created_by: null,
        withdrawn_at: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await publishNewsChanged(ctx, userIds, { group_id: o.groupId });
}

async function nameOf(ctx: AppContext, userId: number): Promise<string> {
  const u = await ctx.db.selectFrom('users').select(['last_name', 'first_name']).where('id', '=', userId).executeTakeFirst();
  return u ? displayName(u) : 'User';
}

function safely(_ctx: AppContext, what: string, run: () => Promise<void>): Promise<void> {
  return run().catch((err: unknown) => {
    // Logged, not thrown: the join request or role change itself has already committed.
    console.warn(`[news] ${what} failed`, err);
  });
}

/** A join request waits: the group's approvers (administrators and invite-right holders) hear of it. */
export function newsJoinRequest(ctx: AppContext, groupId: number, requesterId: number): Promise<void> {
  return safely(ctx, 'join_request', async () => {
    const approvers = await ctx.db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', groupId)
      .where((eb) => eb.or([eb('role_admin', '=', 1), eb('role_invite', '=', 1)]))
      .execute();
    await write(ctx, {
      key: 'join_request',
      groupId,
      userIds: approvers.map((a) => a.user_id).filter((id) => id !== requesterId),
      params: { user_name: await nameOf(ctx, requesterId) },
      target: NewsTargetType.GROUP_APPROVE,
    });
  });
}

/** The requester was let in. */
export function newsJoinApproved(ctx: AppContext, groupId: number, userId: number): Promise<void> {
  return safely(ctx, 'join_approved', () =>
    write(ctx, { key: 'join_approved', groupId, userIds: [userId], params: {}, target: NewsTargetType.GROUP_TOP }),
  );
}

export type PermissionName = 'admin' | 'invite' | 'edit_shared_folder' | 'edit_topic';

/** A member was given a right they did not hold (one item per right). */
export function newsPermissionGranted(ctx: AppContext, groupId: number, userId: number, permissions: PermissionName[]): Promise<void> {
  return safely(ctx, 'permission_granted', async () => {
    for (const permission of permissions) {
      await write(ctx, {
        key: 'permission_granted',
        groupId,
        userIds: [userId],
        params: { permission_name: permission },
        target: NewsTargetType.GROUP_TOP,
      });
    }
  });
}
