import type { AppContext } from '../../kernel';
import { compiledQuery } from '../../db/compiled';
import { hasActiveGroup } from './no-group';
import { accessTokenResult, hashToken, tooLongForToken, type VerifyResult } from './tokens';
import { splitAccessRow, type AccessRow, type FoundAccess } from '../../kernel';

/**
 * A read under /members/me/groups/:id needs the session and then the group with the caller's
 * membership: two statements, and on PostgreSQL two round trips, on the hottest reads (a feed
 * page, a topic). This asks both in one. The group is joined on the token's own user's company
 * and membership, exactly the conditions of policy.ts's access query, so what it finds is what
 * authorizeGroup would have found; the handler still calls authorizeGroup, which decides.
 */
const sessionAndGroupQuery = compiledQuery<{ hash: string; groupId: number }>()((db, slot) =>
  db
    .selectFrom('auth_tokens as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('groups as g', (j) => j.on('g.id', '=', slot('groupId')).onRef('g.company_id', '=', 'u.company_id'))
    .leftJoin('group_members as m', (j) => j.onRef('m.group_id', '=', 'g.id').onRef('m.user_id', '=', 't.user_id'))
    // The token's columns are renamed: the group's own id, company_id and created_at keep theirs.
    .select(['t.user_id as a_user_id', 't.family as a_family', 't.expires_at as a_expires_at'])
    .select(['u.company_id as a_company_id', 'u.status as a_status', 'u.is_company_admin as a_is_company_admin'])
    .select(['u.common_topic_role as a_common_topic_role', 'u.pending_approval as a_pending_approval'])
    .select((eb) => hasActiveGroup(eb, 't.user_id').as('a_has_group'))
    .selectAll('g')
    .select(['m.user_id as m_user_id', 'm.role_admin as m_role_admin', 'm.role_invite as m_role_invite'])
    .select([
      'm.role_edit_shared_folder as m_role_edit_shared_folder',
      'm.role_edit_topic as m_role_edit_topic',
      'm.can_notify as m_can_notify',
    ])
    .where('t.token_hash', '=', slot('hash'))
    .where('t.kind', '=', 'access'),
);

/**
 * verifyAccessToken's verdict, and (when the token is valid and the join ran) the group access it
 * read alongside. A session the cache already holds (auth/session-cache.ts) skips the join:
 * `found` is then undefined and authorizeGroup asks for the group alone.
 */
export async function verifyWithGroup(
  ctx: AppContext,
  token: string,
  groupId: number,
): Promise<{ result: VerifyResult; found: FoundAccess | null | undefined }> {
  if (tooLongForToken(token)) return { result: { ok: false, code: 'INVALID_TOKEN' }, found: null };
  const hash = hashToken(token);
  let access: AccessRow | null | undefined;
  const tokenRow = await ctx.caches.sessions.lookup(hash, async () => {
    const row = (await sessionAndGroupQuery(ctx.db, { hash, groupId }))[0];
    if (!row) return undefined;
    const {
      a_user_id,
      a_family,
      a_expires_at,
      a_company_id,
      a_status,
      a_is_company_admin,
      a_common_topic_role,
      a_pending_approval,
      a_has_group,
      ...group
    } = row;
    // A left join that found no group leaves every group column null.
    access = group.id === null ? null : (group as AccessRow);
    return {
      user_id: a_user_id,
      family: a_family,
      expires_at: a_expires_at,
      company_id: a_company_id,
      status: a_status,
      is_company_admin: a_is_company_admin,
      common_topic_role: a_common_topic_role,
      pending_approval: a_pending_approval,
      has_group: a_has_group,
    };
  });
  const result = accessTokenResult(ctx, tokenRow);
  if (!result.ok) return { result, found: null };
  return { result, found: access === undefined ? undefined : access && splitAccessRow(access) };
}
