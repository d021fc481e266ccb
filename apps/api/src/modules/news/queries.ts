import { NewsPlacement, type NewsItem } from '@portal/api-client';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../kernel';
import { myGroupIds, type Viewer } from '../../kernel';
import type { DB } from '../../db';
import { compiledShapes } from '../../db/compiled';
import { carriedTotal } from '../../http/cursor';

/** ONE_TIME items are shown until read once; CONTINUES items stay, without NEW once read. */
const ONE_TIME = 1;

/** Who looks, when, and at which group's page (0 for home): the caller's values or slots. */
type NewsViewer = { companyId: number; userId: number; now: number; groupId: number };
type NewsArgs = NewsViewer & { offset: number };
type NewsWhere = { kind: 'home' } | { kind: 'group'; groupId: number };

/**
 * News the viewer may see: their company's, not withdrawn, addressed to everyone or to them, for
 * no group or one of their running groups. `kind` picks HOME (placement HOME/BOTH) or one
 * group's page (GROUP/BOTH, that group's items and company-wide ones). Values are the caller's
 * or compiledShapes' slots.
 */
function visibleNews(db: Kysely<DB>, v: NewsViewer, kind: NewsWhere['kind']) {
  const myGroups = myGroupIds({ db }, { id: v.userId, companyId: v.companyId });
  let q = db
    .selectFrom('informations as i')
    .leftJoin('groups as g', 'g.id', 'i.group_id')
    .where('i.company_id', '=', v.companyId)
    .where('i.withdrawn_at', 'is', null)
    .where('i.created_at', '<=', v.now)
    .where((eb) => eb.or([eb('i.user_id', 'is', null), eb('i.user_id', '=', v.userId)]))
    .where((eb) => eb.or([eb('i.group_id', 'is', null), eb('i.group_id', 'in', myGroups)]));
  if (kind === 'home') q = q.where('i.placement', 'in', [NewsPlacement.HOME, NewsPlacement.BOTH]);
  else {
    q = q
      .where('i.placement', 'in', [NewsPlacement.GROUP, NewsPlacement.BOTH])
      .where((eb) => eb.or([eb('i.group_id', 'is', null), eb('i.group_id', '=', v.groupId)]));
  }
  const read = (eb: any) =>
    eb.exists(
      eb
        .selectFrom('information_reads as r')
        .select(sql`1`.as('one'))
        .whereRef('r.information_id', '=', 'i.id')
        .where('r.user_id', '=', v.userId),
    );
  return { q: q.where((eb: any) => eb.or([eb('i.display_type', '!=', ONE_TIME), eb.not(read(eb))])), read };
}

/**
 * Home's and a group page's news, compiled once per kind, with the total on every row (a window
 * count): the count and the page were two round trips and two Kysely builds on every home view.
 */
const slots = (slot: <K extends keyof NewsViewer>(name: K) => number): NewsViewer => ({
  companyId: slot('companyId'),
  userId: slot('userId'),
  now: slot('now'),
  groupId: slot('groupId'),
});

const newsPageQuery = compiledShapes<NewsArgs, { kind: NewsWhere['kind']; limit: number; first: boolean }>()(
  (db, slot, { kind, limit, first }) => {
    const { q, read } = visibleNews(db, slots(slot), kind);
    const page = q
      .select((eb: any) => read(eb).as('is_read'))
      .select([
        'i.id',
        'i.type',
        'i.title',
        'i.content',
        'i.placement',
        'i.target_type',
        'i.target_id',
        'i.group_id',
        'g.name as group_name',
        'i.display_type',
        'i.created_at',
      ])
      .select(sql<number | string>`count(*) over ()`.as('total'))
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      // The page size is in the shape, and the first page (every home view) has no OFFSET: a
      // bound LIMIT or OFFSET kept PostgreSQL planning anew on every run (db/literal-limit.ts).
      .limit(limit);
    return first ? page : page.offset(slot('offset'));
  },
);

/** Only for a page past the last, which carries no rows to read the total from. */
const newsCountQuery = compiledShapes<NewsArgs, NewsWhere['kind']>()((db, slot, kind) =>
  visibleNews(db, slots(slot), kind).q.select((eb) => eb.fn.countAll<number | string>().as('n')),
);

export async function newsPage(ctx: AppContext, viewer: Viewer, where: NewsWhere, opts: { page: number; limit: number }) {
  const args: NewsArgs = {
    companyId: viewer.companyId,
    userId: viewer.id,
    now: ctx.now(),
    groupId: where.kind === 'group' ? where.groupId : 0,
    offset: (opts.page - 1) * opts.limit,
  };
  const first = opts.page === 1;
  const rows = await newsPageQuery(ctx.db, `${where.kind}|${opts.limit}|${first}`, { kind: where.kind, limit: opts.limit, first }, args);
  const total = await carriedTotal(
    rows,
    opts.page,
    (r) => r.total,
    async () => (await newsCountQuery(ctx.db, where.kind, where.kind, args))[0]?.n,
  );
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
