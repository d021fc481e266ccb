import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { AppContext } from './context';
import type { DB } from '../db';
import type { ContentScope } from './content-scope';
import type { Viewer } from './unread-sources';

/**
 * Shared predicates of the built-in sources. They mirror the topic and file engines' own rules
 * (topics/policy visibleTopics, files/policy scopedFiles) for every group at once, so a group's
 * unread count equals the unread tabs of its feed and shared folder.
 */

/**
 * Only the database handle: compiled queries (db/compiled.ts) build these predicates once with a
 * bare `{ db }` and slots for the viewer's values.
 */
type WithDb = Pick<AppContext, 'db'>;

/** Running groups the viewer belongs to (a stopped group answers 404 everywhere). */
export function myGroupIds(ctx: WithDb, viewer: Viewer) {
  return ctx.db
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .select('gm.group_id')
    .where('gm.user_id', '=', viewer.id)
    .where('g.is_stopped', '=', 0);
}

/** `t` is a group topic the viewer may see (bin included, as visibleTopics): their group, delivered or theirs. */
export function groupTopicVisible(ctx: WithDb, viewer: Viewer, now: number) {
  return (eb: any) =>
    eb.and([eb('t.group_id', 'in', myGroupIds(ctx, viewer)), eb.or([eb('t.delivery_at', '<=', now), eb('t.author_id', '=', viewer.id)])]);
}

/** A group topic outside the bin the viewer may see. */
export function groupTopicReadable(ctx: AppContext, viewer: Viewer, now: number) {
  return (eb: any) => eb.and([groupTopicVisible(ctx, viewer, now)(eb), eb('t.in_bin', '=', 0)]);
}

/** A common topic outside the bin the viewer may see. */
export function commonTopicReadable(viewer: Viewer, now: number) {
  return (eb: any) => eb.and([commonTopicVisible(viewer, now)(eb), eb('t.in_bin', '=', 0)]);
}

/** `t` is a common topic the viewer may see (bin included): it reaches one of their running groups, or is theirs. */
export function commonTopicVisible(viewer: Viewer, now: number) {
  return (eb: any) =>
    eb.and([
      eb('t.company_id', '=', viewer.companyId),
      eb('t.group_id', 'is', null),
      eb.or([
        eb('t.author_id', '=', viewer.id),
        eb.and([
          eb('t.delivery_at', '<=', now),
          eb.exists(
            eb
              .selectFrom('topic_destinations as d')
              .innerJoin('group_members as m', 'm.group_id', 'd.group_id')
              .innerJoin('groups as dg', 'dg.id', 'd.group_id')
              .select(sql`1`.as('one'))
              .whereRef('d.topic_id', '=', 't.id')
              .where('m.user_id', '=', viewer.id)
              .where('dg.is_stopped', '=', 0),
          ),
        ]),
      ]),
    ]);
}

/** No read row of the viewer for the item (`table.column` matched against `ref`). */
export function notRead(table: 'topic_reads' | 'file_reads' | 'comment_reads', ref: string, userId: number) {
  const col = table === 'topic_reads' ? 'topic_id' : table === 'file_reads' ? 'file_id' : 'comment_id';
  return (eb: any) =>
    eb.not(
      eb.exists(eb.selectFrom(`${table} as rd`).select(sql`1`.as('one')).whereRef(`rd.${col}`, '=', ref).where('rd.user_id', '=', userId)),
    );
}

export const lit = (n: number) => sql.lit(n);

/**
 * The topics a scope's caller may see. Before its delivery time a topic is its author's alone;
 * a common topic reaches members of a (running) destination group.
 */
export function visibleTopics(db: Kysely<DB>, scope: ContentScope, now: number) {
  const base = db.selectFrom('topics as t');
  if (scope.kind === 'group') {
    return base
      .where('t.group_id', '=', scope.groupId!)
      .where((eb) => eb.or([eb('t.delivery_at', '<=', now), eb('t.author_id', '=', scope.userId)]));
  }
  return base
    .where('t.company_id', '=', scope.companyId)
    .where('t.group_id', 'is', null)
    .where((eb) => eb.or([eb('t.author_id', '=', scope.userId), eb.and([eb('t.delivery_at', '<=', now), reachesUser(eb, scope.userId)])]));
}

/** A common topic reaches the user through one of their running groups. */
export function reachesUser(eb: ExpressionBuilder<DB & { t: DB['topics'] }, 't'>, userId: number) {
  return eb.exists(
    eb
      .selectFrom('topic_destinations as d')
      .innerJoin('group_members as m', 'm.group_id', 'd.group_id')
      .innerJoin('groups as g', 'g.id', 'd.group_id')
      .select(sql`1`.as('one'))
      .whereRef('d.topic_id', '=', 't.id')
      .where('m.user_id', '=', userId)
      .where('g.is_stopped', '=', 0),
  );
}
