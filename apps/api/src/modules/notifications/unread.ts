import { unreadKey, UNREAD_ITEM_ID, type UnreadItem } from '@portal/api-client';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { compiledShapes } from '../../db/compiled';
import { refreshSources, sourcesGeneration, unreadSource, unreadSources, type UnreadSource, type Viewer } from './registry';
import { lit } from './sql-bits';

export const notificationNotFound = () => new HttpError(404, 'NOT_FOUND', 'The notification does not exist.');

/**
 * Every unread row of every registered kind as one query (UNION ALL of the sources' own
 * queries), with its unread_type. Lists page over it and counts count it: one definition.
 */
function allUnread(ctx: AppContext, viewer: Viewer, only?: (s: UnreadSource) => boolean) {
  const parts = unreadSources()
    .filter((s) => !only || only(s))
    .map((s) => s.rows(ctx, viewer, { unreadOnly: true }).select(lit(s.type).as('unread_type')));
  if (parts.length === 0) return null;
  let union: any = parts[0];
  for (const p of parts.slice(1)) union = union.unionAll(p);
  return ctx.db.selectFrom(union.as('u'));
}

/**
 * The union for one page: the page's rows lie within the first `upTo` of each kind in the list
 * order, so each kind is cut there before the union is sorted. With 100 000 unread rows the
 * database then sorts a few pages' worth instead of everything (the count stays a full count).
 */
function pageUnion(ctx: AppContext, viewer: Viewer, upTo: number, groupId: number | undefined) {
  const parts = unreadSources().map((s) => {
    let q: any = s.rows(ctx, viewer, { unreadOnly: true });
    if (groupId !== undefined) q = (ctx.db as any).selectFrom(q.as('g')).selectAll().where('g.group_id', '=', groupId);
    const cut = q.orderBy('at', 'desc').orderBy('target_id', 'desc').limit(upTo);
    // PostgreSQL types a bare NULL column of a subquery as text; the cast keeps the union's types.
    return ctx.db
      .selectFrom(cut.as('p'))
      .select(['p.target_id', sql<number | null>`cast(p.group_id as integer)`.as('group_id'), 'p.at', lit(s.type).as('unread_type')]);
  });
  let union: any = parts[0];
  for (const p of parts.slice(1)) union = union.unionAll(p);
  return ctx.db.selectFrom(union.as('u'));
}

export async function unreadPage(ctx: AppContext, viewer: Viewer, opts: { page: number; limit: number; groupId?: number | undefined }) {
  const base = () => {
    const q = allUnread(ctx, viewer);
    return q && opts.groupId !== undefined ? q.where('u.group_id', '=', opts.groupId as any) : q;
  };
  const empty = { data: [] as UnreadItem[], current_page: opts.page, last_page: 1, total: 0 };
  await refreshSources(ctx, viewer);
  const counted = base();
  if (!counted) return empty;
  const total = Number(((await counted.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: unknown }).n);
  const rows: { unread_type: number; target_id: number; group_id: number | null; at: number }[] = await (pageUnion(ctx, viewer, opts.page * opts.limit, opts.groupId) as any)
    .select(['u.unread_type', 'u.target_id', 'u.group_id', 'u.at'])
    .orderBy('u.at', 'desc')
    .orderBy('u.unread_type', 'desc')
    .orderBy('u.target_id', 'desc')
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit)
    .execute();
  const details = new Map<number, Map<number, Awaited<ReturnType<UnreadSource['describe']>> extends Map<number, infer D> ? D : never>>();
  for (const type of new Set(rows.map((r) => Number(r.unread_type)))) {
    const ids = rows.filter((r) => Number(r.unread_type) === type).map((r) => Number(r.target_id));
    details.set(type, await unreadSource(type)!.describe(ctx, viewer, ids));
  }
  const data = rows.flatMap((r): UnreadItem[] => {
    const type = Number(r.unread_type);
    const target = Number(r.target_id);
    const d = details.get(type)?.get(target);
    // A row that vanished between the two queries (deleted meanwhile) is left out of this page.
    if (!d) return [];
    return [{ id: unreadKey(type, target), unread_type: type, unread_target_id: target, group_id: r.group_id === null ? null : Number(r.group_id), ...d, updated_at: Number(r.at), is_read: false }];
  });
  return { data, current_page: opts.page, last_page: Math.max(1, Math.ceil(total / opts.limit)), total };
}

/** Unread rows counted by (group, type); the single place every number comes from. */
export async function unreadTally(ctx: AppContext, viewer: Viewer) {
  await refreshSources(ctx, viewer);
  const q = allUnread(ctx, viewer);
  const rows: { group_id: number | null; unread_type: number; n: number }[] = q
    ? await (q as any)
        .select(['u.group_id', 'u.unread_type', (eb: any) => eb.fn.countAll().as('n')])
        .groupBy(['u.group_id', 'u.unread_type'])
        .execute()
    : [];
  const areaOf = (type: number) => unreadSource(type)?.area ?? 'other';
  let total = 0;
  let common = 0;
  let other = 0;
  const groups = new Map<number, { count: number; by_type: Record<string, number> }>();
  for (const r of rows) {
    const n = Number(r.n);
    const type = Number(r.unread_type);
    total += n;
    const area = areaOf(type);
    if (area === 'group' && r.group_id !== null) {
      const g = groups.get(Number(r.group_id)) ?? { count: 0, by_type: {} };
      g.count += n;
      g.by_type[String(type)] = (g.by_type[String(type)] ?? 0) + n;
      groups.set(Number(r.group_id), g);
    } else if (area === 'common') common += n;
    else other += n;
  }
  return { total, common, other, groups };
}

type Slots = Record<string, unknown>;

/**
 * The badge count compiled once per (sources, number of groups): the group list runs it on every
 * load and building the UNION of every source's Kysely tree cost more than SQLite counting.
 * The sources receive a context whose clock and viewer are slots, which they only ever bind as
 * values (they are query builders), and each group id of the IN list is a slot too.
 */
const groupCountQuery = compiledShapes<Slots, { ctx: AppContext; n: number }>()((db, slot, { ctx, n }) => {
  const slotted = { ...ctx, db, now: () => slot('now') } as AppContext;
  const viewer = { id: slot('userId'), companyId: slot('companyId') } as Viewer;
  const q = allUnread(slotted, viewer, (s) => s.area === 'group');
  if (!q) throw new Error('no group unread source (checked by the caller)');
  return (q as any)
    .select(['u.group_id', (eb: any) => eb.fn.countAll().as('n')])
    .where('u.group_id', 'in', Array.from({ length: n }, (_, i) => slot(`g${i}`)))
    .groupBy('u.group_id');
});

/**
 * Unread rows per group for the given groups only: the group list's badges. Equal to
 * `unreadTally(...).groups` for those groups, but only the 'group' kinds are asked and the
 * group filter reaches into each branch of the UNION, so a page of badges does not count the
 * viewer's whole unread world (it was most of the group list's cost).
 */
export async function groupUnreadCounts(ctx: AppContext, viewer: Viewer, groupIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (groupIds.length === 0 || !unreadSources().some((s) => s.area === 'group')) return out;
  const args: Slots = { now: ctx.now(), userId: viewer.id, companyId: viewer.companyId };
  groupIds.forEach((id, i) => (args[`g${i}`] = id));
  const rows = (await groupCountQuery(ctx.db, `${sourcesGeneration()}|${groupIds.length}`, { ctx, n: groupIds.length }, args)) as { group_id: number | null; n: number }[];
  for (const r of rows) if (r.group_id !== null) out.set(Number(r.group_id), Number(r.n));
  return out;
}

/** Parses `<type>-<id>` keys; an unknown kind or malformed key is a stranger's id: 404. */
export function parseKeys(keys: string[]): Map<number, number[]> {
  const byType = new Map<number, number[]>();
  for (const key of new Set(keys)) {
    if (!UNREAD_ITEM_ID.test(key)) throw notificationNotFound();
    const [type, id] = key.split('-').map(Number) as [number, number];
    if (!unreadSource(type)) throw notificationNotFound();
    byType.set(type, [...(byType.get(type) ?? []), id]);
  }
  return byType;
}

/**
 * Marks the items read. Every id must be an item the viewer can read now (read or not); one
 * stranger id fails the whole request before anything is written.
 */
export async function markItemsRead(ctx: AppContext, viewer: Viewer, keys: string[]): Promise<number> {
  const byType = parseKeys(keys);
  const checked: [UnreadSource, number[]][] = [];
  for (const [type, ids] of byType) {
    const source = unreadSource(type)!;
    const found = await ctx.db
      .selectFrom(source.rows(ctx, viewer, { unreadOnly: false }).as('r'))
      .select('r.target_id')
      .where('r.target_id', 'in', ids)
      .execute();
    if (found.length !== ids.length) throw notificationNotFound();
    checked.push([source, ids]);
  }
  for (const [source, ids] of checked) await source.markRead(ctx, viewer, ids);
  return checked.reduce((n, [, ids]) => n + ids.length, 0);
}

/** Marks every unread item of one group read (the caller checked membership). */
export async function markGroupRead(ctx: AppContext, viewer: Viewer, groupId: number): Promise<number> {
  let n = 0;
  for (const source of unreadSources().filter((s) => s.area === 'group')) {
    const rows = await ctx.db
      .selectFrom(source.rows(ctx, viewer, { unreadOnly: true }).as('r'))
      .select('r.target_id')
      .where('r.group_id', '=', groupId)
      .execute();
    const ids = rows.map((r) => Number(r.target_id));
    for (let i = 0; i < ids.length; i += 500) await source.markRead(ctx, viewer, ids.slice(i, i + 500));
    n += ids.length;
  }
  return n;
}
