import type { SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db';

/** Who asks: enough to scope every query to the caller's company and memberships. */
export interface Viewer {
  id: number;
  companyId: number;
}

/** One unread (or readable) thing: the whole answer of a source's query. */
export interface UnreadRow {
  target_id: number;
  group_id: number | null;
  at: number;
}

/** The display part of an unread item; the list adds id, type, target and read state. */
export interface UnreadDetail {
  group_name: string | null;
  avatar: string | null;
  topic_id: number | null;
  topic_comment_id: number | null;
  title: string;
  content: string;
  update_by_user: string | null;
  user_active_status: number;
  emergency_contact: boolean;
  allow_anonymous_comment: boolean;
  search_query?: string;
  new_hits?: number;
}

/**
 * One kind of unread item (the hook for chat, calendar and any later domain).
 *
 * `rows` is the single source of truth of the kind: the unread list, every count, the group
 * badges, mark-read checks, digests and pushes all select from it, so numbers and lists cannot
 * disagree. It must return only what the viewer can read *now* (membership, bin, delivery time,
 * a chat they left) with the columns `target_id`, `group_id` (null outside groups) and `at`
 * (epoch ms of the change the notice is about). With `unreadOnly: false` it answers every
 * readable item of the kind (mark-read uses it to refuse ids the viewer may not touch).
 *
 * `area` says which number the kind adds to besides the total: a group's badge ('group',
 * group_id set), the common-topic area ('common') or only the total ('other', e.g. chat).
 */
export interface UnreadSource {
  /** The unread_type (LikeTargetType numbering: 1, 2, 3, 6, 7, 8, 9). */
  type: number;
  area: 'group' | 'common' | 'other';
  rows(ctx: AppContext, viewer: Viewer, opts: { unreadOnly: boolean }): SelectQueryBuilder<DB, any, UnreadRow>;
  describe(ctx: AppContext, viewer: Viewer, targetIds: number[]): Promise<Map<number, UnreadDetail>>;
  /** Records the ids (already checked readable) as read; idempotent. */
  markRead(ctx: AppContext, viewer: Viewer, targetIds: number[]): Promise<void>;
  /**
   * Brings stored state up to date before lists and counts select from `rows` (a kind whose
   * "unread" cannot be one SQL query, e.g. saved searches, stores its result first).
   */
  refresh?(ctx: AppContext, viewer: Viewer): Promise<void>;
}

const sources = new Map<number, UnreadSource>();
/** Changes whenever a source is added or removed: queries compiled from the sources key on it. */
let generation = 0;

export function sourcesGeneration(): number {
  return generation;
}

/**
 * Adds a kind of unread item. Call once when the owning module loads (e.g. chat:
 * `registerUnreadSource({ type: LikeTargetType.CHAT_CONTENT, area: 'other', rows, describe, markRead })`).
 * Returns an unregister function for tests.
 */
export function registerUnreadSource(source: UnreadSource): () => void {
  if (sources.has(source.type)) throw new Error(`unread source ${source.type} registered twice`);
  sources.set(source.type, source);
  generation++;
  return () => {
    generation++;
    return sources.delete(source.type);
  };
}

export function unreadSources(): UnreadSource[] {
  return [...sources.values()].sort((a, b) => a.type - b.type);
}

/** Runs every source's refresh hook (before a list or count). */
export async function refreshSources(ctx: AppContext, viewer: Viewer): Promise<void> {
  for (const s of unreadSources()) await s.refresh?.(ctx, viewer);
}

export function unreadSource(type: number): UnreadSource | undefined {
  return sources.get(type);
}
