import { LIMITS, type LanguageCode } from '@portal/api-client';
import type { AppContext, AuthUser } from '../../kernel';
import { HttpError } from '../../http/errors';
import { storedLanguage } from '../auth';
import { invitationMail } from './invite-mail';
import type { GroupAccess } from '../../kernel';
import * as q from './queries';
import { paginate } from './search';

const DAY_MS = 86_400_000;

export const linkUnusable = () =>
  new HttpError(400, 'LINK_UNUSABLE', 'This QR code or URL cannot be used. Please contact the group administrator.');

/** What an invitation looks like to the inviter: a stored `invited` past its expiry reads as expired. */
export function invitationState(row: { status: string; expires_at: number }, now: number) {
  if (row.status === 'invited' && Number(row.expires_at) <= now) return 'expired' as const;
  return row.status as 'invited' | 'cancelled' | 'superseded' | 'accepted';
}

function invitationItem(row: { id: number; email: string; status: string; expires_at: number; created_at: number }, now: number) {
  return {
    id: row.id,
    email: row.email,
    state: invitationState(row, now),
    expires_at: Number(row.expires_at),
    created_at: Number(row.created_at),
  };
}

export function previewUrl(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/group/${encodeURIComponent(token)}/preview`;
}

/** Per address: already a member, invited and still valid, a user of the company, another company's, or new. */
export async function mailStates(ctx: AppContext, access: GroupAccess, mails: string[]) {
  const g = access.group;
  const now = ctx.now();
  const out = [];
  for (const email of [...new Set(mails.map((m) => m.toLowerCase()))]) {
    const user = await ctx.db.selectFrom('users').select(['id', 'company_id']).where('email', '=', email).executeTakeFirst();
    let state: 'member' | 'invited' | 'registered' | 'new' | 'other_company' = 'new';
    if (user && user.company_id !== g.company_id) state = 'other_company';
    else if (
      user &&
      (await ctx.db
        .selectFrom('group_members')
        .select('user_id')
        .where('group_id', '=', g.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst())
    )
      state = 'member';
    else {
      const pending = await ctx.db
        .selectFrom('group_invitations')
        .select('id')
        .where('group_id', '=', g.id)
        .where('email', '=', email)
        .where('status', '=', 'invited')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      state = pending ? 'invited' : user ? 'registered' : 'new';
    }
    out.push({ email, state });
  }
  return out;
}

async function inviterName(ctx: AppContext, userId: number): Promise<string> {
  const u = await ctx.db.selectFrom('users').select(['last_name', 'first_name']).where('id', '=', userId).executeTakeFirstOrThrow();
  return `${u.last_name} ${u.first_name}`.trim() || 'User';
}

async function sendInvitation(ctx: AppContext, access: GroupAccess, user: AuthUser, email: string, token: string, lang: LanguageCode) {
  await ctx.mailer.send(
    invitationMail(lang, email, {
      groupName: access.group.name,
      inviterName: await inviterName(ctx, user.id),
      link: previewUrl(ctx, token),
      expiryDays: LIMITS.invitationExpiryDays,
    }),
  );
}

/**
 * One invitation and one mail per address. An address that is already a member, or belongs to
 * another company, refuses the whole list (INVALID_MEMBER_IN_INVITE_LIST names them) so the
 * inviter fixes the list instead of guessing which mails went out. A still-pending invitation to
 * the same address is superseded: only the newest link works.
 */
export async function invite(ctx: AppContext, access: GroupAccess, user: AuthUser, mails: string[], lang: LanguageCode = 'ja') {
  const states = await mailStates(ctx, access, mails);
  const invalid = states.filter((s) => s.state === 'member' || s.state === 'other_company');
  if (invalid.length > 0) {
    throw new HttpError(400, 'INVALID_MEMBER_IN_INVITE_LIST', 'Some addresses cannot be invited.', undefined, {
      mails: invalid.map((s) => s.email),
    });
  }
  const now = ctx.now();
  const created = [];
  for (const { email } of states) {
    const token = q.newLinkToken();
    const row = await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('group_invitations')
        .set({ status: 'superseded', updated_at: now })
        .where('group_id', '=', access.group.id)
        .where('email', '=', email)
        .where('status', '=', 'invited')
        .execute();
      return trx
        .insertInto('group_invitations')
        .values({
          group_id: access.group.id,
          email,
          unique_url: token,
          invited_by: user.id,
          status: 'invited',
          expires_at: now + LIMITS.invitationExpiryDays * DAY_MS,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    await sendInvitation(ctx, access, user, email, token, lang);
    created.push(invitationItem(row, now));
  }
  return created;
}

export async function listInvitations(ctx: AppContext, groupId: number, query: { page: number; limit: number }) {
  const now = ctx.now();
  const rows = await ctx.db
    .selectFrom('group_invitations')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('status', '!=', 'superseded')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const p = paginate(rows, query.page, query.limit);
  return { ...p, data: p.data.map((r) => invitationItem(r, now)) };
}

/** A re-invite has no form to pick a language: an existing account's own setting, else Japanese. */
async function languageOf(ctx: AppContext, email: string): Promise<LanguageCode> {
  const user = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  const stored = user ? await storedLanguage(ctx, user.id) : undefined;
  return stored === 'en' ? 'en' : 'ja';
}

/** Re-invite: a fresh link and expiry on the same invitation; the old link stops working. */
export async function reinvite(
  ctx: AppContext,
  access: GroupAccess,
  user: AuthUser,
  invitation: { id: number; email: string; status: string },
) {
  if (invitation.status === 'accepted') throw new HttpError(400, 'INVALID_USER_STATUS', 'The invitation was already accepted.');
  const [state] = await mailStates(ctx, access, [invitation.email]);
  if (state?.state === 'member') throw new HttpError(400, 'ALREADY_IN_GROUP', 'The user is already in this group.');
  const now = ctx.now();
  const token = q.newLinkToken();
  const row = await ctx.db
    .updateTable('group_invitations')
    .set({
      unique_url: token,
      status: 'invited',
      expires_at: now + LIMITS.invitationExpiryDays * DAY_MS,
      invited_by: user.id,
      updated_at: now,
    })
    .where('id', '=', invitation.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await sendInvitation(ctx, access, user, row.email, token, await languageOf(ctx, row.email));
  return [invitationItem(row, now)];
}

/**
 * DELETE on an invitation (spec section 4: re-invited, cancelled or deleted). A live invitation
 * is stopped, so its link stops working at once and the row stays listed as cancelled; one that
 * is already cancelled, superseded or expired is removed from the list. An accepted invitation
 * is the origin of a join request and stays.
 */
export async function stopOrDeleteInvitation(
  ctx: AppContext,
  invitation: { id: number; status: string; expires_at: number },
): Promise<'cancelled' | 'deleted'> {
  const state = invitationState(invitation, ctx.now());
  if (state === 'accepted') throw new HttpError(400, 'INVALID_USER_STATUS', 'The invitation was already accepted.');
  if (state === 'invited') {
    await ctx.db
      .updateTable('group_invitations')
      .set({ status: 'cancelled', updated_at: ctx.now() })
      .where('id', '=', invitation.id)
      .where('status', '=', 'invited')
      .execute();
    return 'cancelled';
  }
  await ctx.db.deleteFrom('group_invitations').where('id', '=', invitation.id).where('status', '!=', 'accepted').execute();
  return 'deleted';
}

export function inviteLink(ctx: AppContext, access: GroupAccess) {
  return { unique_url: access.group.group_link, url: previewUrl(ctx, access.group.group_link) };
}

/** The group's link is its `group_link`; replacing the value is what invalidates the old QR and URL. */
export async function newInviteLink(ctx: AppContext, access: GroupAccess) {
  const token = q.newLinkToken();
  await ctx.db.updateTable('groups').set({ group_link: token, updated_at: ctx.now() }).where('id', '=', access.group.id).execute();
  return { unique_url: token, url: previewUrl(ctx, token) };
}
