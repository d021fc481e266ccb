import type { AppContext } from '../../kernel';

/** Tells a user their news lists changed (new system news, or a CMS item posted or withdrawn). */
export const NEWS_CHANGED = 'notification.news';

/**
 * The one place news events leave this module (and the remotes' health notices, through the
 * face): called after the news rows are written, so whoever refetches finds them.
 */
export async function publishNewsChanged(ctx: AppContext, userIds: number[], payload: { group_id?: number } = {}): Promise<void> {
  await ctx.bus.publish(userIds, { kind: NEWS_CHANGED, payload });
}
