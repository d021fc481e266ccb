import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { compiledQuery, compiledShapes } from '../../db/compiled';
import type { DB } from '../../db';

/**
 * A page's order and size, or one root's thread. The size is part of the shape, not a value:
 * SQLite re-plans a statement whose LIMIT is bound (db/literal-limit.ts).
 */
export type ThreadShape = { order: 'asc' | 'desc'; limit: number } | { order: 'one' };

export type ThreadArgs = { topicId: number; userId: number; offset: number; rootId: number };

type Tables = DB & { c: DB['topic_comments'] };

const extras = (eb: ExpressionBuilder<Tables, 'c'>, userId: number) => [
  eb
    .selectFrom('topic_comment_likes as l')
    .select((l) => l.fn.countAll<number | string>().as('n'))
    .whereRef('l.comment_id', '=', 'c.id')
    .as('liker_count'),
  eb
    .exists(
      eb
        .selectFrom('topic_comment_likes as l')
        .select(sql`1`.as('one'))
        .whereRef('l.comment_id', '=', 'c.id')
        .where('l.user_id', '=', userId),
    )
    .as('is_like'),
  eb.exists(eb.selectFrom('files as f').select(sql`1`.as('one')).whereRef('f.comment_id', '=', 'c.id')).as('has_files'),
];

/**
 * A page of a topic's comments with their replies in one statement, compiled once per shape: the
 * roots of the page, each reply to them, and per comment its author's name, its like count, the
 * caller's like and whether it has files. Six separate reads (count, roots, replies, people,
 * likes, files) were six round trips on every topic view (the load test); files are now
 * read only when a comment of the page has some.
 */
export const threadQuery = compiledShapes<ThreadArgs, ThreadShape>()((db: Kysely<DB>, slot, shape) => {
  const rootIds =
    shape.order === 'one'
      ? db.selectFrom('topic_comments as p').select('p.id').where('p.id', '=', slot('rootId'))
      : db
          .selectFrom('topic_comments as p')
          .select('p.id')
          .where('p.topic_id', '=', slot('topicId'))
          .where('p.parent_id', 'is', null)
          .orderBy('p.id', shape.order)
          .limit(shape.limit)
          .offset(slot('offset'));
  // A page's answer carries the number of roots, so the pager needs no count of its own.
  const total = (eb: ExpressionBuilder<Tables, 'c'>) =>
    shape.order === 'one'
      ? sql<number>`0`.as('root_total')
      : eb
          .selectFrom('topic_comments as n')
          .select((n) => n.fn.countAll<number | string>().as('n'))
          .where('n.topic_id', '=', slot('topicId'))
          .where('n.parent_id', 'is', null)
          .as('root_total');
  const part = (rootSide: boolean) =>
    db
      .selectFrom('topic_comments as c')
      // The author's names by one join, not a subselect per name and row.
      .leftJoin('users as a', 'a.id', 'c.author_id')
      .selectAll('c')
      .select(['a.last_name as author_last', 'a.first_name as author_first'])
      .select((eb) => [...extras(eb, slot('userId')), total(eb)])
      .where(rootSide ? 'c.id' : 'c.parent_id', 'in', rootIds);
  return part(true).unionAll(part(false));
});

/** Only for a page past the last, which carries no rows to count with. */
export const rootCountQuery = compiledQuery<{ topicId: number }>()((db, slot) =>
  db
    .selectFrom('topic_comments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('topic_id', '=', slot('topicId'))
    .where('parent_id', 'is', null),
);
