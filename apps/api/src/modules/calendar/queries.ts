import { ShareType } from '@portal/api-client';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AppContext } from '../../kernel';
import type { DB } from '../../db';
import { compiledShapes } from '../../db/compiled';
import type { ExceptionRow } from './repeat';
import { displayName } from '../../kernel';

/** An event as every read selects it (baseQuery); a week's rows also say whether the series has exceptions. */
export type EventRow = Omit<Awaited<ReturnType<typeof eventRows>>[number], 'has_exceptions'>;

/** Which events a view asks for, beyond what the caller may see at all. */
export interface EventFilter {
  /** 'all': everything visible; 'my': created by or chosen for the caller; a group id: shared with that group. */
  scope: 'all' | 'my' | { groupId: number };
  from: number;
  to: number;
}

type EB = ExpressionBuilder<DB, 'calendar_events'>;

/**
 * The one visibility rule: the creator, the members of the group it is shared with, or the
 * members chosen for it. Every read and write goes through it; anyone else gets 404.
 */
export function visibleTo(eb: EB, userId: number) {
  return eb.or([
    eb('calendar_events.creator_id', '=', userId),
    eb.and([
      eb('calendar_events.share_type', '=', ShareType.GROUP_TAG),
      eb(
        'calendar_events.group_id',
        'in',
        eb.selectFrom('group_members').select('group_members.group_id').where('group_members.user_id', '=', userId),
      ),
    ]),
    eb.and([
      eb('calendar_events.share_type', '=', ShareType.MEMBER_CHOOSE),
      eb(
        'calendar_events.id',
        'in',
        eb
          .selectFrom('calendar_event_members')
          .select('calendar_event_members.event_id')
          .where('calendar_event_members.user_id', '=', userId),
      ),
    ]),
  ]);
}

function baseQuery(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('calendar_events')
    .innerJoin('users as cu', 'cu.id', 'calendar_events.creator_id')
    .innerJoin('users as uu', 'uu.id', 'calendar_events.updater_id')
    .leftJoin('groups as g', 'g.id', 'calendar_events.group_id')
    .leftJoin('calendar_event_reads as r', (j) => j.onRef('r.event_id', '=', 'calendar_events.id').on('r.user_id', '=', userId))
    .leftJoin('calendar_event_favorites as f', (j) => j.onRef('f.event_id', '=', 'calendar_events.id').on('f.user_id', '=', userId))
    .selectAll('calendar_events')
    .select([
      'cu.last_name as creator_last',
      'cu.first_name as creator_first',
      'uu.last_name as updater_last',
      'uu.first_name as updater_first',
      'g.name as group_name',
      'r.created_at as read_at',
      'f.created_at as favorite_at',
    ])
    .where((eb) => visibleTo(eb, userId));
}

type RowsArgs = { userId: number; from: number; to: number; groupId: number };
type RowsKind = 'all' | 'my' | 'group';

/** Compiled once per kind of view: home's week widget reads it on every home view. */
const eventRowsQuery = compiledShapes<RowsArgs, RowsKind>()((db, slot, kind) => {
  let q = baseQuery(db, slot('userId'))
    .where('calendar_events.starts_at', '<', slot('to'))
    .where('calendar_events.range_end', '>', slot('from'));
  if (kind === 'my') {
    q = q.where((eb) =>
      eb.or([
        eb('calendar_events.creator_id', '=', slot('userId')),
        eb('calendar_events.id', 'in', eb.selectFrom('calendar_event_members').select('event_id').where('user_id', '=', slot('userId'))),
      ]),
    );
  } else if (kind === 'group') {
    q = q.where('calendar_events.share_type', '=', ShareType.GROUP_TAG).where('calendar_events.group_id', '=', slot('groupId'));
  }
  // Most series have no changed or cancelled day: the flag spares a week view the second read.
  return q
    .select((eb) =>
      eb
        .exists(eb.selectFrom('calendar_event_exceptions as x').select('x.event_id').whereRef('x.event_id', '=', 'calendar_events.id'))
        .as('has_exceptions'),
    )
    .orderBy('calendar_events.starts_at')
    .orderBy('calendar_events.id');
});

export function eventRows(ctx: AppContext, userId: number, filter: EventFilter) {
  const kind: RowsKind = filter.scope === 'all' || filter.scope === 'my' ? filter.scope : 'group';
  const groupId = typeof filter.scope === 'object' ? filter.scope.groupId : 0;
  return eventRowsQuery(ctx.db, kind, kind, { userId, from: filter.from, to: filter.to, groupId });
}

export function findVisibleEvent(ctx: AppContext, userId: number, eventId: number) {
  return baseQuery(ctx.db, userId).where('calendar_events.id', '=', eventId).executeTakeFirst();
}

export const userRef = (id: number, last: string | null, first: string | null) => ({
  id,
  name: displayName({ last_name: last, first_name: first }),
});

export async function exceptionsOf(ctx: AppContext, eventIds: number[]): Promise<Map<number, ExceptionRow[]>> {
  const map = new Map<number, ExceptionRow[]>();
  if (eventIds.length === 0) return map;
  // Chunked: an IN list has a parameter limit on both engines.
  for (let i = 0; i < eventIds.length; i += 500) {
    const rows = await ctx.db
      .selectFrom('calendar_event_exceptions')
      .select(['event_id', 'occurrence_date', 'is_deleted', 'title', 'title_ja', 'title_en', 'memo', 'event_color', 'starts_at', 'ends_at'])
      .where('event_id', 'in', eventIds.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      const list = map.get(r.event_id) ?? [];
      list.push(r);
      map.set(r.event_id, list);
    }
  }
  return map;
}

export async function membersOf(ctx: AppContext, eventId: number) {
  const rows = await ctx.db
    .selectFrom('calendar_event_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.last_name', 'u.first_name'])
    .where('m.event_id', '=', eventId)
    .orderBy('u.id')
    .execute();
  return rows.map((r) => userRef(r.id, r.last_name, r.first_name));
}

export function equipmentQuery(db: Kysely<DB>) {
  return db
    .selectFrom('group_equipments as q')
    .innerJoin('groups as g', 'g.id', 'q.group_id')
    .select(['q.id', 'q.name', 'q.group_id', 'g.name as group_name', 'q.opening_time', 'q.closing_time']);
}

export function equipmentsOf(ctx: AppContext, eventId: number) {
  return equipmentQuery(ctx.db)
    .innerJoin('calendar_event_equipments as ce', 'ce.equipment_id', 'q.id')
    .where('ce.event_id', '=', eventId)
    .orderBy('q.id')
    .execute();
}

/** Everyone who sees the event now (for realtime): creator, group members or chosen members. */
export async function audienceOf(ctx: AppContext, eventId: number): Promise<number[]> {
  const ev = await ctx.db
    .selectFrom('calendar_events')
    .select(['creator_id', 'share_type', 'group_id'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!ev) return [];
  const others =
    ev.share_type === ShareType.GROUP_TAG && ev.group_id !== null
      ? await ctx.db.selectFrom('group_members').select('user_id').where('group_id', '=', ev.group_id).execute()
      : await ctx.db.selectFrom('calendar_event_members').select('user_id').where('event_id', '=', eventId).execute();
  return [...new Set([ev.creator_id, ...others.map((r) => r.user_id)])];
}

/** Shared with the caller, last written by someone else, and not read since (section 3 unread). */
export function unreadRows(ctx: AppContext, userId: number) {
  return baseQuery(ctx.db, userId)
    .where('calendar_events.updater_id', '<>', userId)
    .where((eb) => eb.or([eb('r.created_at', 'is', null), eb('r.created_at', '<', eb.ref('calendar_events.updated_at'))]));
}

export function favoriteRows(ctx: AppContext, userId: number) {
  return baseQuery(ctx.db, userId).where('f.created_at', 'is not', null);
}
