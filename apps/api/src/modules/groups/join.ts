import type { AppContext, AuthUser } from '../../kernel';
import { HttpError } from '../../http/errors';
import { hashPassword, sessionsChanged } from '../auth';
import { newsJoinApproved, newsJoinRequest } from '../news';
import { linkUnusable } from './invitations';
import * as q from './queries';
import { paginate } from './search';
import { insertUser } from '../users';
import { publishGroupEvent } from './events';

type Resolved =
  | { kind: 'mail'; group: GroupRow; invitation: { id: number; email: string; expires_at: number } }
  | { kind: 'link'; group: GroupRow };
type GroupRow = { id: number; company_id: number; name: string; icon_image_small_path: string | null; letter_color: number };

/**
 * A token from a preview URL: a pending, unexpired mail invitation, or the group's current link.
 * Everything else (unknown, expired, cancelled, superseded, used, stopped group) is LINK_UNUSABLE,
 * so the answer never tells which of those it was.
 */
export async function resolveLink(ctx: AppContext, token: string): Promise<Resolved> {
  const cols = ['g.id', 'g.company_id', 'g.name', 'g.icon_image_small_path', 'g.letter_color', 'g.is_stopped'] as const;
  const inv = await ctx.db
    .selectFrom('group_invitations as i')
    .innerJoin('groups as g', 'g.id', 'i.group_id')
    .select([...cols, 'i.id as invitation_id', 'i.email', 'i.expires_at', 'i.status'])
    .where('i.unique_url', '=', token)
    .executeTakeFirst();
  if (inv) {
    if (inv.status !== 'invited' || Number(inv.expires_at) <= ctx.now() || inv.is_stopped === 1) throw linkUnusable();
    return { kind: 'mail', group: inv, invitation: { id: inv.invitation_id, email: inv.email, expires_at: Number(inv.expires_at) } };
  }
  const group = await ctx.db.selectFrom('groups as g').select(cols).where('g.group_link', '=', token).executeTakeFirst();
  if (!group || group.is_stopped === 1) throw linkUnusable();
  return { kind: 'link', group };
}

/**
 * The group a join-request administrator call names: `{group_link}` is the group's current link
 * (spec section 7) or its id (links are 32 base64url characters, never all digits). A link of
 * another company, or none, is the same 404 as an unknown id; the caller's rights are checked after.
 */
export async function groupIdOfLink(ctx: AppContext, user: AuthUser, value: string): Promise<number> {
  if (/^\d{1,15}$/.test(value)) return Number(value);
  const row = await ctx.db
    .selectFrom('groups')
    .select('id')
    .where('group_link', '=', value)
    .where('company_id', '=', user.companyId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'GROUP_NOT_FOUND', 'The group does not exist or has been deleted.');
  return row.id;
}

export async function preview(ctx: AppContext, token: string) {
  const r = await resolveLink(ctx, token);
  return {
    type: r.kind,
    email: r.kind === 'mail' ? r.invitation.email : null,
    expires_at: r.kind === 'mail' ? r.invitation.expires_at : null,
    group: {
      name: r.group.name,
      icon_image_small_path: r.group.icon_image_small_path,
      letter_color: r.group.letter_color,
      member_count: await q.memberCount(ctx, r.group.id),
    },
  };
}

/** Pending request for the user, created or re-opened; a mail invitation is used up by it. */
async function openRequest(ctx: AppContext, r: Resolved, userId: number) {
  const now = ctx.now();
  const invitationId = r.kind === 'mail' ? r.invitation.id : null;
  return ctx.db.transaction().execute(async (trx) => {
    if (invitationId !== null) {
      await trx.updateTable('group_invitations').set({ status: 'accepted', updated_at: now }).where('id', '=', invitationId).execute();
    }
    const existing = await trx
      .selectFrom('group_join_requests')
      .select(['id', 'status'])
      .where('group_id', '=', r.group.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (existing?.status === 'pending') return { id: existing.id, status: 'pending' as const };
    // An approved row left behind by someone who has since left: start over as pending.
    if (existing) await trx.deleteFrom('group_join_requests').where('id', '=', existing.id).execute();
    const row = await trx
      .insertInto('group_join_requests')
      .values({
        group_id: r.group.id,
        user_id: userId,
        invitation_id: invitationId,
        status: 'pending',
        decided_by: null,
        created_at: now,
        decided_at: null,
      })
      .returning(['id', 'status'])
      .executeTakeFirstOrThrow();
    return row;
  });
}

/** A logged-in user asks to join through a link or their own mail invitation. */
export async function requestToJoin(ctx: AppContext, user: AuthUser, token: string) {
  const r = await resolveLink(ctx, token);
  if (r.group.company_id !== user.companyId) throw linkUnusable();
  if (r.kind === 'mail') {
    const me = await ctx.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow();
    if (me.email.toLowerCase() !== r.invitation.email.toLowerCase()) throw linkUnusable();
  }
  const member = await ctx.db
    .selectFrom('group_members')
    .select('user_id')
    .where('group_id', '=', r.group.id)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (member) throw new HttpError(400, 'ALREADY_IN_GROUP', 'You are already in this group.');
  const req = await openRequest(ctx, r, user.id);
  await publishToAdmins(ctx, r.group.id);
  await newsJoinRequest(ctx, r.group.id, user.id);
  return req;
}

async function publishToAdmins(ctx: AppContext, groupId: number): Promise<void> {
  const admins = await ctx.db
    .selectFrom('group_members')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('role_admin', '=', 1)
    .execute();
  await publishGroupEvent(
    ctx,
    admins.map((a) => a.user_id),
    'group.join-request.created',
    groupId,
  );
}

export interface RegisterInput {
  unique_url: string;
  employee_number: string;
  email: string;
  password: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
}

/** Type 1 registers from a mail invitation (the address must be the invited one), 2 from a link. */
export async function register(ctx: AppContext, type: 1 | 2, body: RegisterInput) {
  const r = await resolveLink(ctx, body.unique_url);
  if ((type === 1) !== (r.kind === 'mail')) throw linkUnusable();
  const email = body.email.toLowerCase();
  // A mail invitation is for its address only; the preview hands the form that address.
  if (r.kind === 'mail' && r.invitation.email.toLowerCase() !== email) throw linkUnusable();
  if (await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) {
    throw new HttpError(400, 'DUPLICATE_EMAIL', 'This e-mail address is already used.', { email: ['validation.duplicate_email'] });
  }
  if (await ctx.db.selectFrom('users').select('id').where('employee_number', '=', body.employee_number).executeTakeFirst()) {
    throw new HttpError(400, 'EMPLOYEE_NUMBER_USED', 'This employee number is already used.', {
      employee_number: ['validation.employee_number_used'],
    });
  }
  const now = ctx.now();
  const userId = await insertUser(
    ctx.db,
    {
      company_id: r.group.company_id,
      employee_number: body.employee_number,
      email,
      password_hash: await hashPassword(body.password),
      last_name: body.last_name,
      first_name: body.first_name,
      last_name_kana: body.last_name_kana,
      first_name_kana: body.first_name_kana,
      // Until an administrator approves a join request, the account sees only the waiting page.
      pending_approval: 1,
    },
    now,
  );
  const req = await openRequest(ctx, r, userId);
  await publishToAdmins(ctx, r.group.id);
  await newsJoinRequest(ctx, r.group.id, userId);
  return { user_id: userId, join_request_id: req.id };
}

export async function listJoinRequests(ctx: AppContext, groupId: number, query: { page: number; limit: number }) {
  const rows = await ctx.db
    .selectFrom('group_join_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'r.status', 'r.created_at', 'u.last_name', 'u.first_name', 'u.email'])
    .where('r.group_id', '=', groupId)
    .where('r.status', '=', 'pending')
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
  const p = paginate(rows, query.page, query.limit);
  return {
    ...p,
    data: p.data.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      name: `${r.last_name} ${r.first_name}`.trim() || 'User',
      email: r.email,
      status: r.status,
      created_at: Number(r.created_at),
    })),
  };
}

/**
 * Approval flips pending → approved with a conditional update, and only the call that flipped it
 * adds the member, so a double click or two administrators at once add nobody twice.
 */
export async function approve(ctx: AppContext, groupId: number, requestId: number, approverId: number): Promise<boolean> {
  const now = ctx.now();
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('group_join_requests')
      .set({ status: 'approved', decided_by: approverId, decided_at: now })
      .where('id', '=', requestId)
      .where('group_id', '=', groupId)
      .where('status', '=', 'pending')
      .returning('user_id')
      .executeTakeFirst();
    if (!updated) return null;
    await trx
      .updateTable('users')
      .set({ pending_approval: 0 })
      .where('id', '=', updated.user_id)
      .where('pending_approval', '=', 1)
      .execute();
    await trx
      .insertInto('group_members')
      .values({ group_id: groupId, user_id: updated.user_id, joined_at: now, folder_id: null })
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .execute();
    return updated.user_id;
  });
  if (userId !== null) {
    // No longer pending: their next request may use more than the pending screens.
    await sessionsChanged(ctx, [userId]);
    await publishGroupEvent(ctx, [userId], 'group.joined', groupId);
    await newsJoinApproved(ctx, groupId, userId);
  }
  return userId !== null;
}

export async function approveAll(ctx: AppContext, groupId: number, approverId: number): Promise<number> {
  const pending = await ctx.db
    .selectFrom('group_join_requests')
    .select('id')
    .where('group_id', '=', groupId)
    .where('status', '=', 'pending')
    .execute();
  let approved = 0;
  for (const r of pending) if (await approve(ctx, groupId, r.id, approverId)) approved++;
  return approved;
}

export async function reject(ctx: AppContext, request: { id: number; status: string }): Promise<void> {
  if (request.status !== 'pending') throw new HttpError(400, 'INVALID_USER_STATUS', 'The join request was already approved.');
  await ctx.db.deleteFrom('group_join_requests').where('id', '=', request.id).where('status', '=', 'pending').execute();
}
