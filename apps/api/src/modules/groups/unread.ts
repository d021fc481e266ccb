import type { AppContext } from '../../context';

/**
 * Unread items per group for one user. Each content module (topics, shared files, chat) registers
 * a source that counts its own unread rows from its own read state; the group list sums them.
 * Until such a module exists nothing is unread, which is the true count, not a placeholder.
 */
export type UnreadSource = (ctx: AppContext, userId: number, groupIds: number[]) => Promise<Map<number, number>>;

const sources = new Set<UnreadSource>();

/** Later modules call this once at import; returns an unregister function for tests. */
export function registerUnreadSource(source: UnreadSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

export async function unreadCounts(ctx: AppContext, userId: number, groupIds: number[]): Promise<Map<number, number>> {
  const total = new Map<number, number>(groupIds.map((id) => [id, 0]));
  if (groupIds.length === 0) return total;
  for (const counts of await Promise.all([...sources].map((s) => s(ctx, userId, groupIds)))) {
    for (const [groupId, n] of counts) {
      if (total.has(groupId)) total.set(groupId, total.get(groupId)! + n);
    }
  }
  return total;
}
