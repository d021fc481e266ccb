import { unreadKey, UNREAD_ITEM_ID, type UnreadItem } from '@portal/api-client';
import { sql } from 'kysely';
import type { AppContext } from '../../kernel';
import { HttpError } from '../../http/errors';
import { lit, unreadSource, type UnreadSource, unreadSources, type Viewer } from '../../kernel';
import { storedCounts } from './unread-store';

export const notificationNotFound = () => new HttpError(404, 'NOT_FOUND', 'The notification does not exist.');

/** One (kind, group) slice of the unread rows: group kinds are sliced per group, the rest whole. */
type Slice = { source: UnreadSource; groupId: number | null };
type PageRow = { unread_type: number; target_id: number; group_id: number | null; at: number };
const SLICES_PER_QUERY = 100;
const after = (a: PageRow, b: PageRow) =>
  Number(b.at) - Number(a.at) || Number(b.unread_type) - Number(a.unread_type) || Number(b.target_id) - Number(a.target_id);

const cutOf = (q: any, upTo: number) => q.orderBy('at', 'desc').orderBy('target_id', 'desc').limit(upTo);
// PostgreSQL types a bare NULL column of a subquery as text; the cast keeps the union's types.
const pageColumns = (source: UnreadSource) => [
  'p.target_id',
  sql<number | null>`cast(p.group_id as integer)`.as('group_id'),
  'p.at',
  lit(source.type).as('unread_type'),
];

/**
 * The union's branches. SQLite: one cut per slice. PostgreSQL: one LATERAL cut per kind over
 * its groups, because planning a union of one branch per group cost ~50 ms for 50 groups
 * (10× its execution) while the lateral plan is the same index walk per group.
 */
function branches(ctx: AppContext, viewer: Viewer, slices: Slice[], upTo: number): any[] {
  const whole = slices.filter((x) => x.groupId === null || ctx.dialect !== 'postgres');
  const parts = whole.map(({ source, groupId }) => {
    let q: any = source.rows(ctx, viewer, { unreadOnly: true });
    if (groupId !== null) q = (ctx.db as any).selectFrom(q.as('g')).selectAll().where('g.group_id', '=', groupId);
    return ctx.db.selectFrom(cutOf(q, upTo).as('p')).select(pageColumns(source) as any);
  });
  const perGroup = new Map<UnreadSource, number[]>();
  for (const x of slices)
    if (x.groupId !== null && ctx.dialect === 'postgres') perGroup.set(x.source, [...(perGroup.get(x.source) ?? []), x.groupId]);
  for (const [source, ids] of perGroup) {
    const cut = (eb: any) =>
      cutOf(
        eb
          .selectFrom(source.rows(ctx, viewer, { unreadOnly: true }).as('g'))
          .selectAll()
          .whereRef('g.group_id', '=', 'gs.gid'),
        upTo,
      ).as('p');
    parts.push(
      (ctx.db as any)
        .selectFrom(sql`unnest(cast(${ids} as integer[]))`.as<'gs'>(sql`gs(gid)`))
        .innerJoinLateral(cut, (j: any) => j.onTrue())
        .select(pageColumns(source)),
    );
  }
  return parts;
}

/**
 * The first `upTo` rows of the list order from the given slices. The page's rows lie within the
 * first `upTo` of each slice, so each slice is cut there before the union is sorted; slicing
 * group kinds per group lets each cut walk its group's feed index in order and stop, so a page
 * costs (slices × page) rows, not the viewer's whole unread (100 000 rows in the bench). Only
 * slices the stored counts say hold unread rows are asked.
 */
async function firstRows(ctx: AppContext, viewer: Viewer, slices: Slice[], upTo: number): Promise<PageRow[]> {
  const out: PageRow[] = [];
  if (upTo <= 0) return out;
  for (let i = 0; i < slices.length; i += SLICES_PER_QUERY) {
    const parts = branches(ctx, viewer, slices.slice(i, i + SLICES_PER_QUERY), upTo);
    let union: any = parts[0];
    for (const p of parts.slice(1)) union = union.unionAll(p);
    out.push(
      ...((await ctx.db
        .selectFrom(union.as('u'))
        .select(['u.unread_type', 'u.target_id', 'u.group_id', 'u.at'] as any)
        .orderBy('u.at' as any, 'desc')
        .orderBy('u.unread_type' as any, 'desc')
        .orderBy('u.target_id' as any, 'desc')
        .limit(upTo)
        .execute()) as PageRow[]),
    );
  }
  return slices.length > SLICES_PER_QUERY ? out.sort(after).slice(0, upTo) : out;
}

export async function unreadPage(ctx: AppContext, viewer: Viewer, opts: { page: number; limit: number; groupId?: number | undefined }) {
  // The total is the stored counts' (runs the refresh hooks first); the page is read live.
  const c = await storedCounts(
    ctx,
    viewer,
    opts.groupId !== undefined ? { groups: [opts.groupId], common: false, other: false } : { groups: 'all', common: true, other: true },
  );
  const slices: Slice[] = [];
  let total = 0;
  const add = (counts: Map<number, number>, groupId: number | null) => {
    for (const [type, n] of counts) {
      const source = unreadSource(type);
      if (n > 0 && source) slices.push({ source, groupId });
      total += n;
    }
  };
  for (const [g, counts] of c.groups) add(counts, g);
  add(c.common, null);
  add(c.other, null);
  const all = await firstRows(ctx, viewer, slices, opts.page * opts.limit);
  const rows = all.slice((opts.page - 1) * opts.limit);
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
    return [
      {
        id: unreadKey(type, target),
        unread_type: type,
        unread_target_id: target,
        group_id: r.group_id === null ? null : Number(r.group_id),
        ...d,
        updated_at: Number(r.at),
        is_read: false,
      },
    ];
  });
  return { data, current_page: opts.page, last_page: Math.max(1, Math.ceil(total / opts.limit)), total };
}

const sum = (counts: Map<number, number> | undefined) => [...(counts ?? new Map<number, number>()).values()].reduce((a, b) => a + b, 0);
const byType = (counts: Map<number, number>) => Object.fromEntries([...counts].filter(([, n]) => n > 0).map(([t, n]) => [String(t), n]));

/**
 * Unread rows counted by group, common area and the rest: every number the engine shows, from
 * the stored counts (unread-store.ts), which recount the sources' own queries when stale.
 */
export async function unreadTally(ctx: AppContext, viewer: Viewer) {
  const c = await storedCounts(ctx, viewer, { groups: 'all', common: true, other: true });
  const groups = new Map<number, { count: number; by_type: Record<string, number> }>();
  for (const [g, counts] of c.groups) if (sum(counts) > 0) groups.set(g, { count: sum(counts), by_type: byType(counts) });
  const common = sum(c.common);
  const other = sum(c.other);
  return { total: [...groups.values()].reduce((n, g) => n + g.count, 0) + common + other, common, other, groups };
}

/** One group's unread count and its breakdown by kind (the caller checked membership). */
export async function groupUnread(ctx: AppContext, viewer: Viewer, groupId: number) {
  const counts = (await storedCounts(ctx, viewer, { groups: [groupId], common: false, other: false })).groups.get(groupId) ?? new Map();
  return { count: sum(counts), by_type: byType(counts) };
}

/** The common area's unread counts by kind (the common-topic badge reads its topics). */
export async function commonUnread(ctx: AppContext, viewer: Viewer): Promise<Map<number, number>> {
  return (await storedCounts(ctx, viewer, { groups: false, common: true, other: false })).common;
}

/**
 * Unread rows per group for the given groups only: the group list's badges. Equal to
 * `unreadTally(...).groups` for those groups; only those groups' stored parts are checked.
 */
export async function groupUnreadCounts(ctx: AppContext, viewer: Viewer, groupIds: number[]): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const c = await storedCounts(ctx, viewer, { groups: groupIds, common: false, other: false });
  return new Map([...c.groups].map(([g, counts]) => [g, sum(counts)]));
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
