import { sql } from 'kysely';
import { compiledQuery, compiledShapes } from '../../db/compiled';
import { slotScope, type Scope, type VisibleArgs } from './policy';
import { visibleTopics } from '../../kernel';

/**
 * The reads of a topic detail, compiled once (db/compiled.ts): the detail is one of the hottest
 * reads, and building their Kysely trees per request cost more than SQLite answering them.
 */

export const likersQuery = compiledQuery<{ topicId: number }>()((db, slot) =>
  db
    .selectFrom('topic_likes as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['u.id', 'u.last_name', 'u.first_name'])
    .where('l.topic_id', '=', slot('topicId'))
    .orderBy('l.created_at'),
);

/**
 * The topic, if the scope's caller may see it, with everything of the detail that is one value
 * per topic, in one statement compiled once per scope kind: the caller's marks (favourite,
 * read), the live comment count, the folder's name, the names of author and last updater (null
 * when the person is gone, as the detail's 'User' fallback expects), and whether the topic has
 * likes, destinations and attachments. The visibility check and these were two round trips on
 * every topic view (the load test).
 */
type DetailArgs = VisibleArgs & { topicId: number };
export const detailQuery = compiledShapes<DetailArgs, Scope['kind']>()((db, slot, kind) => {
  return visibleTopics(db, slotScope(kind, slot), slot('now'))
    .selectAll('t')
    .select((eb) => [
      eb
        .exists(eb.selectFrom('topic_favorites').select('user_id').whereRef('topic_id', '=', 't.id').where('user_id', '=', slot('userId')))
        .as('fav'),
      eb
        .exists(eb.selectFrom('topic_reads').select('user_id').whereRef('topic_id', '=', 't.id').where('user_id', '=', slot('userId')))
        .as('read'),
      eb
        .selectFrom('topic_comments as c')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('c.topic_id', '=', 't.id')
        .where('c.is_deleted', '=', 0)
        .as('comment_count'),
      eb.selectFrom('content_folders as f').select('f.name').whereRef('f.id', '=', 't.folder_id').as('folder_name'),
      eb.selectFrom('users as a').select('a.last_name').whereRef('a.id', '=', 't.author_id').as('author_last'),
      eb.selectFrom('users as a').select('a.first_name').whereRef('a.id', '=', 't.author_id').as('author_first'),
      eb.selectFrom('users as u').select('u.last_name').whereRef('u.id', '=', 't.updater_id').as('updater_last'),
      eb.selectFrom('users as u').select('u.first_name').whereRef('u.id', '=', 't.updater_id').as('updater_first'),
      // The lists below are read only when there is something in them: most topics have no
      // destinations or attachments, and every read is a round trip.
      eb.exists(eb.selectFrom('topic_likes as l').select('l.user_id').whereRef('l.topic_id', '=', 't.id')).as('has_likes'),
      eb.exists(eb.selectFrom('topic_destinations as d').select('d.group_id').whereRef('d.topic_id', '=', 't.id')).as('has_destinations'),
      eb
        .exists(
          eb
            .selectFrom('files as a')
            .select('a.id')
            .whereRef('a.topic_id', '=', 't.id')
            .where('a.is_attachment', '=', 1)
            .where('a.comment_id', 'is', null),
        )
        .as('has_attachments'),
    ])
    .where('t.id', '=', slot('topicId'));
});

export const destinationsQuery = compiledQuery<{ topicId: number }>()((db, slot) =>
  db
    .selectFrom('topic_destinations as d')
    .innerJoin('groups as g', 'g.id', 'd.group_id')
    .select(['g.id', 'g.name'])
    .where('d.topic_id', '=', slot('topicId'))
    .orderBy('g.id'),
);

export const attachmentsQuery = compiledQuery<{ topicId: number }>()((db, slot) =>
  db
    .selectFrom('files')
    .select(['id', 'original_name', 'size', 'kind', 'mime', 'created_at'])
    .where('topic_id', '=', slot('topicId'))
    .where('is_attachment', '=', 1)
    .where('comment_id', 'is', null)
    .orderBy('created_at')
    .orderBy('id'),
);

/**
 * Marks a topic read for its caller through the visibility check itself: the topic view's
 * set-seen looked the topic up and then inserted, two round trips on every topic view. Answers
 * the row it inserted; nothing when the topic was already read or is not the caller's to see.
 */
export const seenInsert = compiledShapes<DetailArgs, Scope['kind']>()((db, slot, kind) =>
  db
    .insertInto('topic_reads')
    .columns(['topic_id', 'user_id', 'created_at'])
    .expression(
      visibleTopics(db, slotScope(kind, slot), slot('now'))
        .select([
          't.id',
          sql<number>`cast(${slot('userId')} as integer)`.as('user_id'),
          sql<number>`cast(${slot('now')} as bigint)`.as('created_at'),
        ])
        .where('t.id', '=', slot('topicId')),
    )
    .onConflict((oc) => oc.columns(['topic_id', 'user_id']).doNothing())
    .returning('topic_id'),
);
