import { randomBytes } from 'node:crypto';
import { TOPIC_LOCK_TTL_MS } from '@portal/api-client';
import type { AppContext } from '../../kernel';
import { HttpError } from '../../http/errors';
import { displayName } from '../../kernel';

/**
 * Edit lock: one row per topic naming the editor session (token) that holds it. Every change is
 * one conditional UPDATE or an INSERT … ON CONFLICT DO NOTHING, so two editors racing for the
 * lock cannot both win on either engine. Releasing keeps the row (expires_at = 0) so a stale
 * token can still be told apart from the current one: an editor whose lock was taken while it
 * was away learns that its session ended instead of silently overwriting the other edit.
 */

const beingEdited = async (ctx: AppContext, topicId: number) => {
  const holder = await ctx.db
    .selectFrom('topic_locks as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['u.last_name', 'u.first_name'])
    .where('l.topic_id', '=', topicId)
    .executeTakeFirst();
  return new HttpError(409, 'TOPIC_BEING_EDITED', 'The topic is being edited by another user.', undefined, {
    user_name: holder ? displayName(holder) : 'User',
  });
};
const sessionEnded = () => new HttpError(409, 'EDIT_SESSION_ENDED', 'The edit session has ended.');

export interface LockGrant {
  lock_token: string;
  expires_at: number;
  ttl_ms: number;
}

/**
 * Takes or refreshes the lock. With a token: refresh that session, or EDIT_SESSION_ENDED if the
 * lock has since passed to another session. Without: take a free or expired lock, or the
 * caller's own (a reloaded editor), else TOPIC_BEING_EDITED.
 */
export async function takeLock(ctx: AppContext, topicId: number, userId: number, token?: string): Promise<LockGrant> {
  const now = ctx.now();
  const expiresAt = now + TOPIC_LOCK_TTL_MS;
  if (token) {
    const r = await ctx.db
      .updateTable('topic_locks')
      .set({ expires_at: expiresAt })
      .where('topic_id', '=', topicId)
      .where('token', '=', token)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw sessionEnded();
    return { lock_token: token, expires_at: expiresAt, ttl_ms: TOPIC_LOCK_TTL_MS };
  }
  const fresh = randomBytes(24).toString('base64url');
  const taken = await ctx.db
    .updateTable('topic_locks')
    .set({ user_id: userId, token: fresh, expires_at: expiresAt })
    .where('topic_id', '=', topicId)
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('user_id', '=', userId)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return { lock_token: fresh, expires_at: expiresAt, ttl_ms: TOPIC_LOCK_TTL_MS };
  const inserted = await ctx.db
    .insertInto('topic_locks')
    .values({ topic_id: topicId, user_id: userId, token: fresh, expires_at: expiresAt })
    .onConflict((oc) => oc.column('topic_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { lock_token: fresh, expires_at: expiresAt, ttl_ms: TOPIC_LOCK_TTL_MS };
  throw await beingEdited(ctx, topicId);
}

/** Releases the caller's lock (by token, or any lock of theirs without one). Idempotent. */
export async function releaseLock(ctx: AppContext, topicId: number, userId: number, token?: string): Promise<void> {
  await ctx.db
    .updateTable('topic_locks')
    .set({ expires_at: 0 })
    .where('topic_id', '=', topicId)
    .where('user_id', '=', userId)
    .$if(Boolean(token), (q) => q.where('token', '=', token!))
    .execute();
}

/**
 * A save is allowed with the token of the session that still holds (or last held) the lock, or
 * without a token when nobody else holds a live lock.
 */
export async function assertCanSave(ctx: AppContext, topicId: number, userId: number, token?: string): Promise<void> {
  const row = await ctx.db.selectFrom('topic_locks').selectAll().where('topic_id', '=', topicId).executeTakeFirst();
  if (token) {
    if (!row || row.token !== token || row.user_id !== userId) throw sessionEnded();
    return;
  }
  if (row && row.expires_at > ctx.now() && row.user_id !== userId) throw await beingEdited(ctx, topicId);
}
