import type { AppContext } from '../../kernel';

/** What changed in a group for the users told: their open group pages and lists refetch. */
export type GroupEventKind = 'group.roles.updated' | 'group.join-request.created' | 'group.joined' | 'group.member.removed';

/**
 * The one place group events leave this module, called after the change has committed so
 * whoever refetches finds it.
 */
export async function publishGroupEvent(ctx: AppContext, userIds: number[], kind: GroupEventKind, groupId: number): Promise<void> {
  await ctx.bus.publish(userIds, { kind, payload: { group_id: groupId } });
}
