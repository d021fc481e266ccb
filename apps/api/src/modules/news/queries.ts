import { NewsPlacement, type NewsItem } from '@portal/api-client';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Viewer } from '../notifications/registry';
import { myGroupIds } from '../notifications/sql-bits';

/** ONE_TIME items are shown until read once; CONTINUES items stay, without NEW once read. */
const ONE_TIME = 1;

/**
 * News the viewer may see: their company's, not withdrawn, addressed to everyone or to them, for
 * no group or one of their running groups. `where` picks HOME (placement HOME/BOTH) or one
 * group's page (GROUP/BOTH, that group's items and company-wide ones).
 */
function visibleNews(ctx: AppContext, viewer: Viewer, where: { kind: 'home' } | { kind: 'group'; groupId: number }) {
  let q = ctx.db
    .selectFrom('informations as i')
    .leftJoin('groups as g', 'g.id', 'i.group_id')
    .where('i.company_id', '=', viewer.companyId)
    .where('i.withdrawn_at', 'is', null)
    .where('i.created_at', '<=', ctx.now())
    .where((eb) => eb.or([eb('i.user_id', 'is', null), eb('i.user_id', '=', viewer.id)]))
    .where((eb) => eb.or([eb('i.group_id', 'is', null), eb('i.group_id', 'in', myGroupIds(ctx, viewer))]));
  if (where.kind === 'home') q = q.where('i.placement', 'in', [NewsPlacement.HOME, NewsPlacement.BOTH]);
  else {
    q = q
      .where('i.placement', 'in', [NewsPlacement.GROUP, NewsPlacement.BOTH])
      .where((eb) => eb.or([eb('i.group_id', 'is', null), eb('i.group_id', '=', where.groupId)]));
  }
  const read = (eb: any) =>
    eb.exists(eb.selectFrom('information_reads as r').select(sql`1`.as('one')).whereRef('r.information_id', '=', 'i.id').where('r.user_id', '=', viewer.id));
  return { q: q.where((eb: any) => eb.or([eb('i.display_type', '!=', ONE_TIME), eb.not(read(eb))])), read };
}

export async function newsPage(ctx: AppContext, viewer: Viewer, where: Parameters<typeof visibleNews>[2], opts: { page: number; limit: number }) {
  const total = Number(
    ((await visibleNews(ctx, viewer, where).q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()) as { n: unknown }).n,
  );
  const { q, read } = visibleNews(ctx, viewer, where);
  const rows = await q
    .select((eb: any) => read(eb).as('is_read'))
    .select(['i.id', 'i.type', 'i.title', 'i.content', 'i.placement', 'i.target_type', 'i.target_id', 'i.group_id', 'g.name as group_name', 'i.display_type', 'i.created_at'])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit)
    .execute();
  const data = rows.map(
    (r: any): NewsItem => ({
      id: r.id,
      type: r.type,
      title: r.title,
      content: r.content,
      placement: r.placement,
      target_type: r.target_type,
      target_id: r.target_id,
      group_id: r.group_id,
      group_name: r.group_name,
      display_type: r.display_type,
      is_readed: Boolean(Number(r.is_read)),
      created_at: Number(r.created_at),
    }),
  );
  return { data, current_page: opts.page, last_page: Math.max(1, Math.ceil(total / opts.limit)), total };
}

/** Ids the viewer may mark read: visible on home or on any of their group pages. */
export async function readableNewsIds(ctx: AppContext, viewer: Viewer, ids: number[]): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('informations as i')
    .select('i.id')
    .where('i.id', 'in', ids)
    .where('i.company_id', '=', viewer.companyId)
    .where('i.withdrawn_at', 'is', null)
    .where((eb) => eb.or([eb('i.user_id', 'is', null), eb('i.user_id', '=', viewer.id)]))
    .where((eb) => eb.or([eb('i.group_id', 'is', null), eb('i.group_id', 'in', myGroupIds(ctx, viewer))]))
    .execute();
  return rows.map((r) => r.id);
}

export async function markNewsRead(ctx: AppContext, userId: number, ids: number[]): Promise<void> {
  const now = ctx.now();
  await ctx.db
    .insertInto('information_reads')
    .values(ids.map((id) => ({ information_id: id, user_id: userId, created_at: now })))
    .onConflict((oc) => oc.columns(['information_id', 'user_id']).doNothing())
    .execute();
}
