import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * Group access changes announced to every API process. Each process keeps the group
 * row and a caller's membership for a few seconds (modules/groups/access-cache.ts) and must
 * forget them the moment either changes, whoever changes it: a route, a job, a CSV import, a
 * cascade, an operator's UPDATE. So the database says so itself: a trigger sends the group's id
 * on the `portal_group_access` channel, which PostgreSQL delivers to the listeners at commit
 * (once per id and transaction; nothing for a rolled-back one). SQLite runs in one process and
 * keeps no such cache, so it gets no trigger.
 */
export const GROUP_ACCESS_CHANNEL = 'portal_group_access';

const WATCHED = [
  { table: 'groups', id: 'id' },
  { table: 'group_members', id: 'group_id' },
];

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const w of WATCHED) {
    await sql
      .raw(
        `CREATE FUNCTION group_access_notify_${w.table}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('${GROUP_ACCESS_CHANNEL}', OLD.${w.id}::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('${GROUP_ACCESS_CHANNEL}', NEW.${w.id}::text); END IF;
  RETURN NULL;
END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER group_access_notify_${w.table} AFTER INSERT OR UPDATE OR DELETE ON ${w.table} FOR EACH ROW EXECUTE FUNCTION group_access_notify_${w.table}()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const w of WATCHED) {
    await sql.raw(`DROP TRIGGER IF EXISTS group_access_notify_${w.table} ON ${w.table}`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS group_access_notify_${w.table}()`).execute(db);
  }
}
