import { LIMITS, TopicType, type TopicRow } from '@portal/api-client';
import { sql } from 'kysely';
import type { AppContext } from '../../kernel';
import { compiledShapes } from '../../db/compiled';
import { keysetQuery, keysetResult, keysetShape, keysetValues, type KeysetShape, type KeysetValues } from '../../http/cursor';
import type { ListOptions as BaseListOptions } from '../members';
import { containsPattern, normalizeForSearch } from '../../text/search';
import { slotScope, visibleArgs, type Scope, type VisibleArgs } from './policy';
import { preview } from '../../text/sanitize';
import { activeStatus, displayName, shortName, visibleTopics } from '../../kernel';

export type ListKind =
  | { kind: 'all' }
  | { kind: 'unclassified' }
  | { kind: 'bin' }
  | { kind: 'folder'; folderId: number }
  /** The caller's favourites (topic_favorites), outside the bin. */
  | { kind: 'favorite' };

export interface ListOptions extends BaseListOptions {
  /** Title filter as typed; matched against the stored normalised title. */
  title?: string | undefined;
}

interface FeedShape {
  scope: Scope['kind'];
  list: ListKind['kind'];
  unreadOnly: boolean;
  title: boolean;
  keyset: KeysetShape;
}

interface FeedArgs extends KeysetValues {
  [k: string]: unknown;
  groupId: number;
  companyId: number;
  userId: number;
  now: number;
  folderId: number;
  titlePattern: string;
}

/**
 * The feed query, built and compiled once per shape (db/compiled.ts): the feed is the most read
 * list, and building its Kysely tree cost more than SQLite running it. Every value is a slot.
 */
const feedQuery = compiledShapes<FeedArgs, FeedShape>()((db, slot, shape) => {
  const scope = slotScope(shape.scope, slot);
  let q = visibleTopics(db, scope, slot('now'))
    .leftJoin('users as u', 'u.id', 't.updater_id')
    .leftJoin('topic_reads as r', (j) => j.onRef('r.topic_id', '=', 't.id').on('r.user_id', '=', slot('userId')))
    .select([
      't.id',
      't.group_id',
      't.title',
      't.content_text',
      't.updated_at',
      't.delivery_at',
      't.emergency_contact',
      't.comment_enabled',
      't.comment_anonymous',
      't.folder_id',
      't.in_bin',
      't.updater_id',
      'u.last_name',
      'u.first_name',
      'u.status as updater_status',
      'r.user_id as read_by',
    ])
    .where('t.in_bin', '=', shape.list === 'bin' ? 1 : 0);
  if (shape.scope === 'group') {
    q = q.select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('group_members as gm')
            .select(sql`1`.as('one'))
            .whereRef('gm.group_id', '=', 't.group_id')
            .whereRef('gm.user_id', '=', 't.updater_id'),
        )
        .as('updater_in_group'),
    ) as unknown as typeof q;
  }
  if (shape.list === 'unclassified') q = q.where('t.folder_id', 'is', null);
  if (shape.list === 'folder') q = q.where('t.folder_id', '=', slot('folderId'));
  if (shape.unreadOnly) q = q.where('r.user_id', 'is', null);
  if (shape.list === 'favorite') {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('topic_favorites as f')
          .select(sql`1`.as('one'))
          .whereRef('f.topic_id', '=', 't.id')
          .where('f.user_id', '=', slot('userId')),
      ),
    );
  }
  // A plain filter inside the keyset query, so paging and cursors work unchanged on both engines.
  if (shape.title) q = q.where(sql<boolean>`${sql.ref('t.title_search')} like ${slot('titlePattern')} escape '\\'`);
  return keysetQuery(q, shape.keyset, { cursorValue: slot('cursorValue'), cursorId: slot('cursorId'), offset: slot('offset') });
});

/**
 * One feed page. Keyset pagination on (sort column, id): with a cursor the query seeks straight
 * to the next row through the (group_id, in_bin, updated_at|title, id) index, so page cost does
 * not grow with the feed. `page` without a cursor is an OFFSET page for the first screens.
 */
export async function listTopics(ctx: AppContext, scope: Scope, list: ListKind, opts: ListOptions) {
  const now = ctx.now();
  const col = opts.orderBy === 'title' ? 't.title' : 't.updated_at';
  const keyset = { ...opts, col, idCol: 't.id', dir: opts.sortedBy };
  const term = normalizeForSearch(opts.title ?? '');
  const shape: FeedShape = {
    scope: scope.kind,
    list: list.kind,
    unreadOnly: opts.unreadOnly,
    title: Boolean(term),
    keyset: keysetShape(keyset),
  };
  const k = shape.keyset;
  const key = `${shape.scope}|${shape.list}|${shape.unreadOnly}|${shape.title}|${k.col}|${k.dir}|${k.cursor}|${k.offset}|${k.limit}`;
  const rows = await feedQuery(ctx.db, key, shape, {
    ...keysetValues(keyset),
    groupId: scope.groupId ?? 0,
    companyId: scope.companyId,
    userId: scope.userId,
    now,
    folderId: list.kind === 'folder' ? list.folderId : 0,
    titlePattern: term ? containsPattern(term) : '',
  });
  return keysetResult(
    rows,
    keyset,
    (r): TopicRow => ({
      id: r.id,
      topic_type: r.group_id === null ? TopicType.COMMON_TOPIC : TopicType.GROUP_TOPIC,
      group_id: r.group_id,
      title: r.title,
      content: preview(r.content_text, LIMITS.previewTextLength),
      updater: shortName(displayName(r)),
      user_active_status: activeStatus(
        r.updater_status,
        shape.scope === 'group' ? (r as { updater_in_group?: unknown }).updater_in_group : undefined,
      ),
      update_at: r.updated_at,
      delivery_date: r.delivery_at,
      is_scheduled: r.delivery_at > now,
      is_read: r.read_by !== null,
      emergency_contact: r.emergency_contact === 1,
      allow_anonymous_comment: r.comment_enabled === 1 && r.comment_anonymous === 1,
      folder_id: r.folder_id,
      is_in_bin: r.in_bin === 1,
    }),
  );
}

/**
 * The feed's four counters in one statement, compiled once per scope kind: four separate
 * counts were four round trips on every feed view (the load test), each scanning the
 * same visible topics.
 */
const countsQuery = compiledShapes<VisibleArgs, Scope['kind']>()((db, slot, kind) => {
  const scope = slotScope(kind, slot);
  const live = sql`${sql.ref('t.in_bin')} = 0`;
  const isUnread = sql`not exists (select 1 from ${sql.table('topic_reads')} as ${sql.ref('r')} where ${sql.ref('r.topic_id')} = ${sql.ref('t.id')} and ${sql.ref('r.user_id')} = ${slot('userId')})`;
  const count = (cond: ReturnType<typeof sql>) => sql<number | string | null>`sum(case when ${cond} then 1 else 0 end)`;
  return visibleTopics(db, scope, slot('now')).select([
    count(live).as('all'),
    count(sql`${live} and ${isUnread}`).as('unread'),
    count(sql`${live} and ${sql.ref('t.folder_id')} is null`).as('unclassified'),
    count(sql`${sql.ref('t.in_bin')} = 1`).as('in_bin'),
  ]);
});

export async function countTopics(ctx: AppContext, scope: Scope) {
  const [row] = await countsQuery(ctx.db, scope.kind, scope.kind, visibleArgs(ctx, scope));
  // SUM over no rows is NULL; PostgreSQL's SUM of integers is a bigint, which pg returns as text.
  return {
    all: Number(row?.all ?? 0),
    unread: Number(row?.unread ?? 0),
    unclassified: Number(row?.unclassified ?? 0),
    in_bin: Number(row?.in_bin ?? 0),
  };
}
