import type { CreateEmployeeBody, EmployeeRow, UpdateEmployeeBody } from '@portal/api-client';
import type { Kysely } from 'kysely';
import type { AppContext, AuthUser } from '../../kernel';
import type { DB } from '../../db';
import { writeTransaction } from '../../db/write';
import { HttpError } from '../../http/errors';
import type { MailMessage } from '../../mail';
import { normalizeForSearch } from '../../text/search';
import { revokeUserSessions, sessionsChanged } from '../auth';
import { groupsNeedingSuccessor, removeAccess } from '../members';
import { preparePasswordSetMail } from './password-mail';
import { userLabel, writeAudit } from '../../kernel';
import { insertUser } from '../users';

/** A password hash no argon2 verify accepts: the employee sets one through the mailed link. */
export const UNSET_PASSWORD = '!unset';

const COLUMNS = [
  'id',
  'employee_number',
  'email',
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
  'department',
  'is_company_admin',
  'common_topic_role',
  'status',
  'locked_at',
  'failed_login_count',
  'last_login_at',
  'created_at',
] as const;

type Raw = { [K in (typeof COLUMNS)[number]]: unknown };

function toRow(r: Raw): EmployeeRow {
  return {
    id: Number(r.id),
    employee_number: String(r.employee_number),
    email: String(r.email),
    last_name: String(r.last_name),
    first_name: String(r.first_name),
    last_name_kana: String(r.last_name_kana),
    first_name_kana: String(r.first_name_kana),
    department: String(r.department),
    is_company_admin: Number(r.is_company_admin) === 1,
    common_topic_role: Number(r.common_topic_role) === 1,
    status: r.status === 'left' ? 'left' : 'active',
    locked_at: r.locked_at === null ? null : Number(r.locked_at),
    failed_login_count: Number(r.failed_login_count),
    last_login_at: r.last_login_at === null ? null : Number(r.last_login_at),
    created_at: Number(r.created_at),
  };
}

/** The employee of the caller's company, or 404 (another company's ids are not told apart). */
export async function requireEmployee(db: Kysely<DB>, companyId: number, userId: number) {
  const row = await db.selectFrom('users').select(COLUMNS).where('id', '=', userId).where('company_id', '=', companyId).executeTakeFirst();
  if (!row) throw new HttpError(404, 'USER_NOT_FOUND', 'The user does not exist.');
  return toRow(row as Raw);
}

/**
 * Search and page. The company's employees are matched in memory with the same folding as every
 * other search (NFKC, case, katakana → hiragana): a company of tens of thousands is a few MB, and
 * no stored search column has to be kept in step with the profile screens that also write names.
 */
export async function listEmployees(
  ctx: AppContext,
  companyId: number,
  q: { keyword?: string; status: 'active' | 'left' | 'locked' | 'all'; page: number; limit: number },
) {
  let query = ctx.db.selectFrom('users').select(COLUMNS).where('company_id', '=', companyId).where('pending_approval', '=', 0);
  if (q.status === 'active' || q.status === 'left') query = query.where('status', '=', q.status);
  if (q.status === 'locked') query = query.where('locked_at', 'is not', null);
  let rows = (await query.orderBy('employee_number').execute()).map((r) => toRow(r as Raw));
  const terms = normalizeForSearch(q.keyword ?? '')
    .split(' ')
    .filter(Boolean);
  if (terms.length > 0) {
    rows = rows.filter((r) => {
      const hay = normalizeForSearch(
        [
          `${r.last_name}${r.first_name}`,
          r.last_name,
          r.first_name,
          `${r.last_name_kana}${r.first_name_kana}`,
          r.employee_number,
          r.email,
        ].join(' '),
      );
      return terms.every((t) => hay.includes(t));
    });
  }
  const total = rows.length;
  const start = (q.page - 1) * q.limit;
  return { data: rows.slice(start, start + q.limit), current_page: q.page, last_page: Math.max(1, Math.ceil(total / q.limit)), total };
}

export async function employeeDetail(ctx: AppContext, companyId: number, userId: number) {
  const row = await requireEmployee(ctx.db, companyId, userId);
  const groups = await ctx.db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select(['g.id', 'g.name', 'm.role_admin'])
    .where('m.user_id', '=', userId)
    .orderBy('g.name')
    .execute();
  return {
    ...row,
    groups: groups.map((g) => ({ id: g.id, name: g.name, role_admin: Number(g.role_admin) === 1 })),
    lock_reason: row.locked_at !== null ? ('failed_logins' as const) : null,
  };
}

const fieldError = (field: string, key: string, code: 'DUPLICATE_EMAIL' | 'EMPLOYEE_NUMBER_USED' | 'GROUP_NOT_FOUND') =>
  new HttpError(400, code, 'The given data was invalid.', { [field]: [key] });

async function checkUnique(db: Kysely<DB>, fields: { employee_number?: string; email?: string }, exceptId = 0): Promise<void> {
  if (fields.employee_number !== undefined) {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('employee_number', '=', fields.employee_number)
      .where('id', '!=', exceptId)
      .executeTakeFirst();
    if (taken) throw fieldError('employee_number', 'validation.employee_number_used', 'EMPLOYEE_NUMBER_USED');
  }
  if (fields.email !== undefined) {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', fields.email)
      .where('id', '!=', exceptId)
      .executeTakeFirst();
    if (taken) throw fieldError('email', 'validation.duplicate_email', 'DUPLICATE_EMAIL');
  }
}

/** Inserts one employee (register type ADMIN_REGISTER) inside `db`; used by create and import. */
export async function insertEmployee(
  ctx: AppContext,
  db: Kysely<DB>,
  companyId: number,
  e: {
    employee_number: string;
    email: string;
    last_name: string;
    first_name: string;
    last_name_kana: string;
    first_name_kana: string;
    department: string;
  },
): Promise<number> {
  return insertUser(db, { company_id: companyId, ...e, email: e.email.toLowerCase(), password_hash: UNSET_PASSWORD }, ctx.now());
}

export async function createEmployee(
  ctx: AppContext,
  actor: AuthUser,
  input: CreateEmployeeBody & { department: string; group_ids: number[]; send_password_mail: boolean },
  ip: string,
): Promise<number> {
  const body = { ...input, email: input.email.toLowerCase() };
  let mail: MailMessage | null = null;
  const id = await writeTransaction(ctx, async (trx) => {
    await checkUnique(trx, body);
    const groupIds = [...new Set(body.group_ids)];
    if (groupIds.length > 0) {
      const found = await trx
        .selectFrom('groups')
        .select('id')
        .where('company_id', '=', actor.companyId)
        .where('id', 'in', groupIds)
        .execute();
      if (found.length !== groupIds.length) throw fieldError('group_ids', 'validation.group_not_found', 'GROUP_NOT_FOUND');
    }
    const { group_ids: _g, send_password_mail: _s, ...fields } = body;
    const userId = await insertEmployee(ctx, trx, actor.companyId, fields);
    for (const groupId of groupIds)
      await trx.insertInto('group_members').values({ group_id: groupId, user_id: userId, joined_at: ctx.now() }).execute();
    await writeAudit(ctx, trx, {
      companyId: actor.companyId,
      actorId: actor.id,
      action: 'employee.created',
      targetType: 'user',
      targetId: userId,
      targetLabel: await userLabel(trx, userId),
      ip,
    });
    if (body.send_password_mail) {
      mail = await preparePasswordSetMail(ctx, trx, userId);
      await writeAudit(ctx, trx, {
        companyId: actor.companyId,
        actorId: actor.id,
        action: 'auth.password_mail',
        targetType: 'user',
        targetId: userId,
        targetLabel: await userLabel(trx, userId),
        ip,
      });
    }
    return userId;
  });
  if (mail) await ctx.mailer.send(mail);
  return id;
}

export async function updateEmployee(
  ctx: AppContext,
  actor: AuthUser,
  userId: number,
  input: UpdateEmployeeBody,
  ip: string,
): Promise<void> {
  const body = { ...input, ...(input.email !== undefined ? { email: input.email.toLowerCase() } : {}) };
  await writeTransaction(ctx, async (trx) => {
    const before = await requireEmployee(trx, actor.companyId, userId);
    await checkUnique(trx, { employee_number: body.employee_number, email: body.email }, userId);
    const changed = (Object.keys(body) as (keyof UpdateEmployeeBody)[]).filter((k) => body[k] !== undefined && body[k] !== before[k]);
    if (changed.length === 0) return;
    await trx
      .updateTable('users')
      .set({ ...body, updated_at: ctx.now() })
      .where('id', '=', userId)
      .execute();
    await writeAudit(ctx, trx, {
      companyId: actor.companyId,
      actorId: actor.id,
      action: 'employee.updated',
      targetType: 'user',
      targetId: userId,
      targetLabel: await userLabel(trx, userId),
      detail: changed.join(', '),
      ip,
    });
  });
}

export async function setRights(
  ctx: AppContext,
  actor: AuthUser,
  userId: number,
  body: { is_company_admin?: boolean; common_topic_role?: boolean },
  ip: string,
): Promise<void> {
  await writeTransaction(ctx, async (trx) => {
    const before = await requireEmployee(trx, actor.companyId, userId);
    if (before.status !== 'active') throw new HttpError(400, 'INVALID_USER_STATUS', 'The employee has left.');
    // The company must keep an administrator: nobody withdraws the last one (themselves included).
    if (body.is_company_admin === false && before.is_company_admin) {
      const others = await trx
        .selectFrom('users')
        .select('id')
        .where('company_id', '=', actor.companyId)
        .where('is_company_admin', '=', 1)
        .where('status', '=', 'active')
        .where('id', '!=', userId)
        .executeTakeFirst();
      if (!others) throw new HttpError(400, 'MUST_APPOINT_ADMIN', 'The company needs another administrator first.');
    }
    const set: { is_company_admin?: 0 | 1; common_topic_role?: 0 | 1 } = {};
    const notes: string[] = [];
    if (body.is_company_admin !== undefined && body.is_company_admin !== before.is_company_admin) {
      set.is_company_admin = body.is_company_admin ? 1 : 0;
      notes.push(`is_company_admin: ${body.is_company_admin}`);
    }
    if (body.common_topic_role !== undefined && body.common_topic_role !== before.common_topic_role) {
      set.common_topic_role = body.common_topic_role ? 1 : 0;
      notes.push(`common_topic_role: ${body.common_topic_role}`);
    }
    if (notes.length === 0) return;
    await trx
      .updateTable('users')
      .set({ ...set, updated_at: ctx.now() })
      .where('id', '=', userId)
      .execute();
    await writeAudit(ctx, trx, {
      companyId: actor.companyId,
      actorId: actor.id,
      action: 'employee.rights',
      targetType: 'user',
      targetId: userId,
      targetLabel: await userLabel(trx, userId),
      detail: notes.join(', '),
      ip,
    });
  });
  // Their next request, in any process, is judged with the new rights.
  await sessionsChanged(ctx, [userId]);
}

export async function sendPasswordMail(ctx: AppContext, actor: AuthUser, userId: number, ip: string): Promise<void> {
  const mail = await writeTransaction(ctx, async (trx) => {
    const row = await requireEmployee(trx, actor.companyId, userId);
    if (row.status !== 'active') throw new HttpError(400, 'INVALID_USER_STATUS', 'The employee has left.');
    const m = await preparePasswordSetMail(ctx, trx, userId);
    await writeAudit(ctx, trx, {
      companyId: actor.companyId,
      actorId: actor.id,
      action: 'auth.password_mail',
      targetType: 'user',
      targetId: userId,
      targetLabel: await userLabel(trx, userId),
      ip,
    });
    return m;
  });
  await ctx.mailer.send(mail);
}

/**
 * Retire (LEAVE_SYSTEM): status 'left', group rights withdrawn, device tokens and pending links
 * dropped, every session revoked (the access token fails on its next request: verifyAccessToken
 * reads the status and the token rows are gone) and live sockets told to close. Their content
 * stays and shows the "left" suffix. A group the retiree administers alone, with other active
 * members, needs a successor (section 6: the only administrator cannot leave without appointing
 * another); without one the retire is refused with the list of such groups.
 */
export async function retireEmployee(
  ctx: AppContext,
  actor: AuthUser,
  userId: number,
  successors: { group_id: number; user_id: number }[],
  ip: string,
): Promise<void> {
  if (userId === actor.id) throw new HttpError(400, 'UNAUTHORIZED_ACTION', 'Administrators cannot retire themselves here.');
  await writeTransaction(ctx, async (trx) => {
    const target = await requireEmployee(trx, actor.companyId, userId);
    if (target.status !== 'active') throw new HttpError(400, 'INVALID_USER_STATUS', 'The employee has already left.');
    const sole: { id: number; name: string; candidates: { id: number; name: string }[] }[] = [];
    for (const { otherMembers, ...g } of await groupsNeedingSuccessor(trx, ctx.dialect, userId)) {
      if (otherMembers === 0) continue;
      const successor = successors.find((s) => s.group_id === g.id);
      const ok = successor
        ? await trx
            .selectFrom('group_members as m')
            .innerJoin('users as u', 'u.id', 'm.user_id')
            .select('u.id')
            .where('m.group_id', '=', g.id)
            .where('m.user_id', '=', successor.user_id)
            .where('m.user_id', '!=', userId)
            .where('u.status', '=', 'active')
            .executeTakeFirst()
        : undefined;
      if (!ok) {
        // The active members who could take over, so the screen can offer them.
        const candidates = await trx
          .selectFrom('group_members as m')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select(['u.id', 'u.last_name', 'u.first_name', 'u.employee_number'])
          .where('m.group_id', '=', g.id)
          .where('m.user_id', '!=', userId)
          .where('u.status', '=', 'active')
          .orderBy('u.employee_number')
          .limit(200)
          .execute();
        sole.push({
          ...g,
          candidates: candidates.map((c) => ({ id: c.id, name: `${c.last_name} ${c.first_name} (${c.employee_number})` })),
        });
        continue;
      }
      await trx
        .updateTable('group_members')
        .set({ role_admin: 1 })
        .where('group_id', '=', g.id)
        .where('user_id', '=', successor!.user_id)
        .execute();
    }
    if (sole.length > 0)
      throw new HttpError(400, 'MUST_APPOINT_ADMIN', 'Appoint another administrator first.', undefined, { groups: sole });
    if (target.is_company_admin) {
      const others = await trx
        .selectFrom('users')
        .select('id')
        .where('company_id', '=', actor.companyId)
        .where('is_company_admin', '=', 1)
        .where('status', '=', 'active')
        .where('id', '!=', userId)
        .executeTakeFirst();
      if (!others) throw new HttpError(400, 'MUST_APPOINT_ADMIN', 'The company needs another administrator first.');
    }
    const now = ctx.now();
    await trx
      .updateTable('users')
      .set({ status: 'left', is_company_admin: 0, common_topic_role: 0, updated_at: now })
      .where('id', '=', userId)
      .execute();
    await removeAccess(trx, userId);
    const detail = successors.length > 0 ? `successors: ${successors.map((s) => `${s.group_id}→${s.user_id}`).join(', ')}` : '';
    await writeAudit(ctx, trx, {
      companyId: actor.companyId,
      actorId: actor.id,
      action: 'employee.retired',
      targetType: 'user',
      targetId: userId,
      targetLabel: await userLabel(trx, userId),
      detail,
      ip,
    });
  });
  // The rows are gone already; this also tells open sockets and tabs to end the session.
  await revokeUserSessions(ctx, userId);
}
