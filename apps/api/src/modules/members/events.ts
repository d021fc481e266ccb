import type { AppContext } from '../../kernel';

/**
 * A user's settings section changed: their other tabs and devices re-read it, and the other API
 * processes drop their cached copy. Called after the section is saved.
 */
export async function publishSettingsUpdated(ctx: AppContext, userId: number, section: string): Promise<void> {
  await ctx.bus.publish([userId], { kind: 'settings.updated', payload: { section } });
}
