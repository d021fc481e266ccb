import type { Expression, SelectQueryBuilder, SqlBool } from 'kysely';
import type { AppContext } from './context';
import type { DB } from '../db';

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
 * Counts build `rows` (and `changesAt`, `scopes`) once and run the compiled SQL with each
 * viewer's values (unread-recount.ts): the viewer's ids and `ctx.now()` arrive as stand-ins
 * for bound parameters, so use them only as values compared in SQL, never in JS arithmetic or
 * to pick the query's shape.
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
  /**
   * Counts are stored (unread-store.ts) and reused while the generations of their scopes are
   * unchanged (migration 0022: triggers on every table a source reads bump them). A 'group' kind
   * is guarded by `g:{group}` and `ug:{viewer}:{group}`, a 'common' kind by `c:{company}` and
   * `uc:{viewer}`, an 'other' kind by `u:{viewer}` plus the scopes this query names (chat: one
   * `ch:{chat}` per chat the viewer is in). A new table read by `rows` needs its trigger there.
   */
  scopes?(ctx: AppContext, viewer: Viewer): SelectQueryBuilder<DB, any, { scope: string }>;
  /**
   * Visibility that changes with time and no write (a scheduled topic appears at its delivery
   * time): the earliest such time after `now` per group (group_id null: the common area or an
   * 'other' kind). A stored count is recomputed from then. Kinds sharing one function (topics,
   * comments and files all follow the topic's delivery) are asked once.
   */
  changesAt?: ChangesAt;
}

/** `inGroups(ref)` keeps the rows of the groups asked for (null: the common area or an 'other' kind). */
export type ChangesAt = (
  ctx: AppContext,
  viewer: Viewer,
  now: number,
  inGroups: ((ref: string) => Expression<SqlBool>) | null,
) => SelectQueryBuilder<DB, any, { group_id: number | null; at: number | null }>;

const sources = new Map<number, UnreadSource>();
let version = 0;
/** Changes whenever a source is added or removed: queries compiled over the sources key on it. */
export const unreadSourcesVersion = () => version;
/**
 * Adds a kind of unread item. Call once when the owning module loads (e.g. chat:
 * `registerUnreadSource({ type: LikeTargetType.CHAT_CONTENT, area: 'other', rows, describe, markRead })`).
 * Returns an unregister function for tests.
 */
export function registerUnreadSource(source: UnreadSource): () => void {
  if (sources.has(source.type)) throw new Error(`unread source ${source.type} registered twice`);
  sources.set(source.type, source);
  version++;
  return () => {
    version++;
    sources.delete(source.type);
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
