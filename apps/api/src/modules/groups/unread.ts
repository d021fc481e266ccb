import type { AppContext } from '../../kernel';

/**
 * Unread items per group for one user, for the group list badges. The notifications module
 * registers the one source (modules/notifications/registry.ts: every kind of unread item, group
 * topics, comments, shared files, and later chat or calendar, registers there), so a badge
 * equals the group's unread list. Content modules register with notifications, not here.
 */
/** `companyId` is the caller's when known (the request's user), saving the source a lookup. */
export type UnreadSource = (ctx: AppContext, userId: number, groupIds: number[], companyId?: number) => Promise<Map<number, number>>;

const sources = new Set<UnreadSource>();

/** Later modules call this once at import; returns an unregister function for tests. */
export function registerUnreadSource(source: UnreadSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

export async function unreadCounts(ctx: AppContext, userId: number, groupIds: number[], companyId?: number): Promise<Map<number, number>> {
  const total = new Map<number, number>(groupIds.map((id) => [id, 0]));
  if (groupIds.length === 0) return total;
  for (const counts of await Promise.all([...sources].map((s) => s(ctx, userId, groupIds, companyId)))) {
    for (const [groupId, n] of counts) {
      if (total.has(groupId)) total.set(groupId, total.get(groupId)! + n);
    }
  }
  return total;
}
