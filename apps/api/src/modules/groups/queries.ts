import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../kernel';
import type { DB, DialectName } from '../../db';
import { compiledQuery } from '../../db/compiled';

/** Random URL-safe token for invite links; 24 bytes cannot be guessed or enumerated. */
export function newLinkToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The caller's running groups in their order: every group list load reads it, so compiled once. */
const myGroupRowsQuery = compiledQuery<{ userId: number }>()((db, slot) =>
  db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .leftJoin('user_group_folders as f', 'f.id', 'm.folder_id')
    .select(['g.id', 'g.name', 'g.icon_image_small_path', 'm.can_notify', 'm.display_order', 'f.id as folder_id', 'f.name as folder_name'])
    .where('m.user_id', '=', slot('userId'))
    .where('g.is_stopped', '=', 0)
    .orderBy('m.display_order')
    .orderBy('g.id'),
);

export function myGroupRows(ctx: AppContext, userId: number) {
  return myGroupRowsQuery(ctx.db, { userId });
}

export async function memberCount(ctx: AppContext, groupId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('group_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * What a group's page adds to its access row: the company's storage and the member count, in
 * one statement (two were two round trips on every group entered; the load test).
 */
const detailExtrasQuery = compiledQuery<{ companyId: number; groupId: number }>()((db, slot) =>
  db
    .selectFrom('companies as c')
    .select(['c.storage_capacity_gb', 'c.storage_used_bytes'])
    .select((eb) =>
      eb
        .selectFrom('group_members as m')
        .select(eb.fn.countAll<number>().as('n'))
        .where('m.group_id', '=', slot('groupId'))
        .as('member_count'),
    )
    .where('c.id', '=', slot('companyId')),
);

export async function groupDetailExtras(ctx: AppContext, companyId: number, groupId: number) {
  const [row] = await detailExtrasQuery(ctx.db, { companyId, groupId });
  if (!row) throw new Error(`company ${companyId} of group ${groupId} is missing`);
  return { company: row, memberCount: Number(row.member_count ?? 0) };
}

export async function adminCount(ctx: AppContext, groupId: number, exceptUserId?: number): Promise<number> {
  let q = ctx.db
    .selectFrom('group_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', groupId)
    .where('role_admin', '=', 1);
  if (exceptUserId !== undefined) q = q.where('user_id', '!=', exceptUserId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export function groupNameTaken(ctx: AppContext, companyId: number, name: string, exceptGroupId?: number) {
  let q = ctx.db.selectFrom('groups').select('id').where('company_id', '=', companyId).where('name', '=', name);
  if (exceptGroupId !== undefined) q = q.where('id', '!=', exceptGroupId);
  return q.executeTakeFirst();
}

export function memberRows(ctx: AppContext, groupId: number) {
  return ctx.db
    .selectFrom('group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'u.id',
      'u.last_name',
      'u.first_name',
      'u.last_name_kana',
      'u.first_name_kana',
      'u.email',
      'u.avatar_small_path',
      'm.role_admin',
      'm.role_invite',
      'm.role_edit_shared_folder',
      'm.role_edit_topic',
      'm.joined_at',
    ])
    .where('m.group_id', '=', groupId)
    .orderBy('m.role_admin', 'desc')
    .orderBy('u.last_name_kana')
    .orderBy('u.first_name_kana')
    .orderBy('u.id')
    .execute();
}

/** Unique-constraint violation on either engine (SQLite message, PostgreSQL SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/**
 * Serialises membership changes of one group, so two administrators leaving (or demoting each
 * other) at once cannot both pass the "another administrator remains" check. SQLite already runs
 * one write transaction at a time; PostgreSQL needs the row lock.
 */
export async function lockGroup(trx: Kysely<DB>, dialect: DialectName, groupId: number): Promise<void> {
  if (dialect === 'postgres') await trx.selectFrom('groups').select('id').where('id', '=', groupId).forUpdate().execute();
}
