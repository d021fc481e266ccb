import type { Kysely } from 'kysely';
import { createWatchTriggers, dropWatchTriggers, WATCHED as WATCHED_0022, type WatchedTable } from './0022_unread_generations';

/**
 * A comment bumps the generations of the people whose counts it can change, not its group's.
 * The only unread source that reads comments counts, for a viewer, the comments of
 * others on the viewer's topics and the replies to the viewer's comments; so a comment changes
 * the counts of its topic's author, of its parent's author and (as the parent of replies, or
 * when its author is rewritten) of its own author, nobody else's. Bumping `g:{group}` made every
 * member of a busy group recount their badges on each comment anywhere in it: the recount was
 * the database's largest cost in the load test, and every comment in a group queued on that one
 * generation row until its transaction committed.
 *
 * A person's scope is theirs in the topic's group (`ug:{user}:{group}`), or on common content
 * (`uc:{user}`) for a common topic; a NULL author (anonymous, or a removed account) bumps nothing.
 */
const personScope = (user: string, group: string) =>
  `CASE WHEN ${group} IS NULL THEN 'uc:' || ${user} ELSE 'ug:' || ${user} || ':' || ${group} END`;

const PREVIOUS = WATCHED_0022.find((w) => w.table === 'topic_comments')!;

export const COMMENT_WATCH: WatchedTable = {
  table: 'topic_comments',
  columns: PREVIOUS.columns,
  scopes: [
    `(SELECT ${personScope('t.author_id', 't.group_id')} FROM topics t WHERE t.id = R.topic_id)`,
    `(SELECT ${personScope('p.author_id', 't.group_id')} FROM topic_comments p JOIN topics t ON t.id = p.topic_id WHERE p.id = R.parent_id)`,
    `(SELECT ${personScope('R.author_id', 't.group_id')} FROM topics t WHERE t.id = R.topic_id)`,
  ],
};

/** Every watched table with its scopes as of this migration (the coverage test reads this). */
export const WATCHED: WatchedTable[] = WATCHED_0022.map((w) => (w.table === COMMENT_WATCH.table ? COMMENT_WATCH : w));

export async function up(db: Kysely<any>): Promise<void> {
  await dropWatchTriggers(db, PREVIOUS);
  await createWatchTriggers(db, COMMENT_WATCH);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropWatchTriggers(db, COMMENT_WATCH);
  await createWatchTriggers(db, PREVIOUS);
}
