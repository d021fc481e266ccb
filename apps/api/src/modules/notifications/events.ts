import type { AppContext } from '../../kernel';

/** Kind of the event that tells a user's other tabs their notification numbers changed. */
export const NOTIFICATION_CHANGED = 'notification.changed';

/** After the user marked things read: their open badges and lists elsewhere refetch. */
export async function publishNotificationChange(ctx: AppContext, userId: number): Promise<void> {
  await ctx.bus.publish([userId], { kind: NOTIFICATION_CHANGED, payload: {} });
}
