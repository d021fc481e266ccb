import { sql, type Kysely } from 'kysely';
import { dialectOf, type DialectName } from '../dialect';

/**
 * Unread generations: the unread engine keeps per-viewer counts and
 * reuses one while the generations of the scopes it was computed from are unchanged
 * (modules/notifications/unread-store.ts). A generation is bumped by a trigger on every table
 * an unread source reads, in the writing transaction, so no write path (route, job, import,
 * FK cascade, a hand-written UPDATE) can forget it. Scopes:
 *   g:{group}          content of a group (its topics, their comments, its files, the group row)
 *   ug:{user}:{group}  the user's read marks on that group's content and membership in it
 *   c:{company}        common content (topics without group, their comments and destinations,
 *                      common files, any group's stop flag: it decides common visibility)
 *   uc:{user}          the user's read marks on common content and every membership change
 *   ch:{chat}          a chat's messages and the chat row
 *   u:{user}           the user's chat memberships and read pointers, and saved-search counts
 * Only the columns a source's `rows` query tests are watched for updates (a topic's view or
 * like counters do not invalidate anybody). Migration 0024 narrows the comments' scopes to the
 * people a comment concerns; its `WATCHED` is the current list (unread-triggers.test.ts).
 */
export interface WatchedTable {
  table: string;
  /** Columns whose change can change a count (UPDATE OF …); inserts and deletes always bump. */
  columns: string[];
  /** SQL expressions of the row `R` (NEW or OLD) naming the scopes to bump; NULL bumps nothing. */
  scopes: string[];
}

const groupOr = (groupCol: string, inGroup: string, outside: string) => `CASE WHEN ${groupCol} IS NULL THEN ${outside} ELSE ${inGroup} END`;
/** A read mark's scope: the user's marks in the item's group, or on common content. */
const readScope = (from: string) =>
  `(SELECT ${groupOr('x.group_id', `'ug:' || R.user_id || ':' || x.group_id`, `'uc:' || R.user_id`)} FROM ${from})`;

export const WATCHED: WatchedTable[] = [
  {
    table: 'topics',
    columns: ['group_id', 'company_id', 'author_id', 'delivery_at', 'in_bin'],
    scopes: [groupOr('R.group_id', `'g:' || R.group_id`, `'c:' || R.company_id`)],
  },
  {
    table: 'topic_comments',
    columns: ['topic_id', 'parent_id', 'author_id', 'is_deleted'],
    scopes: [`(SELECT ${groupOr('t.group_id', `'g:' || t.group_id`, `'c:' || t.company_id`)} FROM topics t WHERE t.id = R.topic_id)`],
  },
  {
    table: 'files',
    columns: ['company_id', 'group_id', 'topic_id', 'is_attachment', 'in_bin'],
    scopes: [groupOr('R.group_id', `'g:' || R.group_id`, `'c:' || R.company_id`)],
  },
  {
    table: 'topic_destinations',
    columns: ['topic_id', 'group_id'],
    scopes: [`(SELECT 'c:' || t.company_id FROM topics t WHERE t.id = R.topic_id)`],
  },
  { table: 'groups', columns: ['company_id', 'is_stopped'], scopes: [`'g:' || R.id`, `'c:' || R.company_id`] },
  { table: 'group_members', columns: ['group_id', 'user_id'], scopes: [`'ug:' || R.user_id || ':' || R.group_id`, `'uc:' || R.user_id`] },
  { table: 'topic_reads', columns: ['topic_id', 'user_id'], scopes: [readScope('topics x WHERE x.id = R.topic_id')] },
  {
    table: 'comment_reads',
    columns: ['comment_id', 'user_id'],
    scopes: [readScope('topic_comments c JOIN topics x ON x.id = c.topic_id WHERE c.id = R.comment_id')],
  },
  { table: 'file_reads', columns: ['file_id', 'user_id'], scopes: [readScope('files x WHERE x.id = R.file_id')] },
  { table: 'chats', columns: ['company_id'], scopes: [`'ch:' || R.id`] },
  { table: 'chat_messages', columns: ['chat_id', 'no', 'sender_id', 'message_special', 'deleted_at'], scopes: [`'ch:' || R.chat_id`] },
  { table: 'chat_members', columns: ['chat_id', 'user_id', 'read_no', 'left_at'], scopes: [`'u:' || R.user_id`] },
  { table: 'saved_searches', columns: ['user_id', 'new_count'], scopes: [`'u:' || R.user_id`] },
];

const row = (expr: string, r: 'NEW' | 'OLD') => expr.replace(/\bR\./g, `${r}.`);
const changed = (cols: string[], d: DialectName) =>
  cols.map((c) => `OLD.${c} ${d === 'postgres' ? 'IS DISTINCT FROM' : 'IS NOT'} NEW.${c}`).join(' OR ');
/**
 * Upsert of one scope; `WHERE s IS NOT NULL` skips a lookup that found nothing (a cascade) and
 * `unless` an update's new scope that equals the old one (already bumped).
 */
const bump = (expr: string, unless?: string, d?: DialectName) =>
  `INSERT INTO unread_generations (scope, gen) SELECT s, 1 FROM (SELECT ${expr} AS s) b WHERE s IS NOT NULL${
    unless ? ` AND s ${d === 'postgres' ? 'IS DISTINCT FROM' : 'IS NOT'} ${unless}` : ''
  } ON CONFLICT (scope) DO UPDATE SET gen = unread_generations.gen + 1;`;

/** The triggers that bump `w`'s scopes (a later migration that changes a table's scopes reuses this). */
export async function createWatchTriggers(db: Kysely<any>, w: WatchedTable): Promise<void> {
  const d = dialectOf(db);
  const bumps = (r: 'NEW' | 'OLD') => w.scopes.map((s) => bump(row(s, r))).join('\n');
  const newUnlessOld = w.scopes.map((s) => bump(row(s, 'NEW'), row(s, 'OLD'), d)).join('\n');
  if (d === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION unread_gen_${w.table}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN ${bumps('OLD')} END IF;
  IF TG_OP = 'INSERT' THEN ${bumps('NEW')} END IF;
  IF TG_OP = 'UPDATE' THEN ${newUnlessOld} END IF;
  RETURN NULL;
END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER unread_gen_${w.table}_ins_del AFTER INSERT OR DELETE ON ${w.table} FOR EACH ROW EXECUTE FUNCTION unread_gen_${w.table}()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER unread_gen_${w.table}_upd AFTER UPDATE OF ${w.columns.join(', ')} ON ${w.table} FOR EACH ROW WHEN (${changed(w.columns, d)}) EXECUTE FUNCTION unread_gen_${w.table}()`,
      )
      .execute(db);
  } else {
    await sql.raw(`CREATE TRIGGER unread_gen_${w.table}_ins AFTER INSERT ON ${w.table} BEGIN ${bumps('NEW')} END`).execute(db);
    await sql.raw(`CREATE TRIGGER unread_gen_${w.table}_del AFTER DELETE ON ${w.table} BEGIN ${bumps('OLD')} END`).execute(db);
    await sql
      .raw(
        `CREATE TRIGGER unread_gen_${w.table}_upd AFTER UPDATE OF ${w.columns.join(', ')} ON ${w.table} WHEN ${changed(w.columns, d)} BEGIN ${bumps('OLD')} ${newUnlessOld} END`,
      )
      .execute(db);
  }
}

export async function dropWatchTriggers(db: Kysely<any>, w: WatchedTable): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql.raw(`DROP TRIGGER IF EXISTS unread_gen_${w.table}_ins_del ON ${w.table}`).execute(db);
    await sql.raw(`DROP TRIGGER IF EXISTS unread_gen_${w.table}_upd ON ${w.table}`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS unread_gen_${w.table}()`).execute(db);
  } else {
    for (const e of ['ins', 'del', 'upd']) await sql.raw(`DROP TRIGGER IF EXISTS unread_gen_${w.table}_${e}`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('unread_generations')
    .addColumn('scope', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('gen', 'bigint', (c) => c.notNull())
    .execute();
  // The next scheduled delivery of a group (or of a company's common topics) bounds how long a stored count holds.
  await db.schema.createIndex('topics_delivery_idx').on('topics').columns(['company_id', 'group_id', 'delivery_at']).execute();
  for (const w of WATCHED) await createWatchTriggers(db, w);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const w of WATCHED) await dropWatchTriggers(db, w);
  await db.schema.dropIndex('topics_delivery_idx').ifExists().execute();
  await db.schema.dropTable('unread_generations').ifExists().execute();
}
