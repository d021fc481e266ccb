import type { AppContext } from '../../kernel';

/**
 * Which of these logins (token families) still live: a refresh token not yet expired nor
 * retired, of a user still active. The realtime plugin closes the sockets of the others.
 */
export async function liveSessions(ctx: AppContext, families: string[]): Promise<Set<string>> {
  const live = new Set<string>();
  for (let i = 0; i < families.length; i += 500) {
    const rows = await ctx.db
      .selectFrom('auth_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select('t.family')
      .distinct()
      .where('t.family', 'in', families.slice(i, i + 500))
      .where('t.kind', '=', 'refresh')
      .where('t.retired_at', 'is', null)
      .where('t.expires_at', '>', ctx.now())
      .where('u.status', '=', 'active')
      .execute();
    for (const r of rows) live.add(r.family);
  }
  return live;
}
