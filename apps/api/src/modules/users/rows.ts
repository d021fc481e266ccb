import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db';
import type { UsersTable } from '../../db/types';

/**
 * What a caller decides about a new user row; everything else starts empty (never logged in,
 * not locked, no avatar) and both timestamps are `now`. Addresses are stored as given: callers
 * lower-case them where they compare them.
 */
export type NewUser = Pick<
  Insertable<UsersTable>,
  | 'company_id'
  | 'employee_number'
  | 'email'
  | 'password_hash'
  | 'last_name'
  | 'first_name'
  | 'last_name_kana'
  | 'first_name_kana'
  | 'department'
  | 'is_company_admin'
  | 'common_topic_role'
  | 'pending_approval'
>;

const fresh = (u: NewUser, now: number) => ({
  ...u,
  locked_at: null,
  last_login_at: null,
  avatar_path: null,
  avatar_small_path: null,
  avatar_file_name: null,
  created_at: now,
  updated_at: now,
});

/**
 * The one way a user row is made (administration, the CSV import, first setup, joining by a
 * group link, a group administrator's registration), inside the caller's transaction `db`.
 */
export async function insertUser(db: Kysely<DB>, user: NewUser, now: number): Promise<number> {
  const row = await db.insertInto('users').values(fresh(user, now)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Several rows in one statement (the import); ids come back keyed by employee number. */
export async function insertUsers(db: Kysely<DB>, users: NewUser[], now: number): Promise<Map<string, number>> {
  const rows = await db
    .insertInto('users')
    .values(users.map((u) => fresh(u, now)))
    .returning(['id', 'employee_number'])
    .execute();
  return new Map(rows.map((u) => [u.employee_number, u.id]));
}
