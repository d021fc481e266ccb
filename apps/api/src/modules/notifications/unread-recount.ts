import type { AppContext } from '../../kernel';
import { compiledShapes, idListValue, inIdList } from '../../db/compiled';
import { withGenericPlan } from '../../db/generic-plan';
import { type ChangesAt, lit, type UnreadSource, unreadSourcesVersion, type Viewer } from '../../kernel';

/**
 * Recounting a stale part of a viewer's unread counts (unread-store.ts): unread rows by (group,
 * kind) and the earliest time the counts change without a write, in one statement.
 *
 * A like or comment makes the part of its group stale for every member, so under load this runs
 * on most page views that show a badge. Built with Kysely each time it cost more CPU than the
 * database took to answer it (the load test's profile), and the time came in a second
 * round trip. So the union of the sources' counts and their `changesAt` rows is built once per
 * shape (which sources, grouped or not, the registry's version) and compiled; the viewer, the
 * time and the group list are bound values (the list as one value, db/compiled inIdList).
 */

export type RecountRow = { group_id: number | null; unread_type: number; n: number };

/** The `unread_type` that marks a `changesAt` row; its `n` is the time. No source uses it. */
const CHANGES = -1;

type Args = { userId: number; companyId: number; now: number; groupIds: unknown };
interface Shape {
  sources: UnreadSource[];
  grouped: boolean;
  ctx: AppContext;
}

const recountQuery = compiledShapes<Args, Shape>(64)((db, slot, { sources, grouped, ctx }) => {
  const v = { id: slot('userId'), companyId: slot('companyId') } as Viewer;
  const built = { ...ctx, db, now: () => slot('now') } as AppContext;
  const inGroups = grouped ? (ref: string) => inIdList(db, ref, slot('groupIds')) : null;
  const parts: any[] = sources.map((s) => {
    let q: any = db.selectFrom(s.rows(built, v, { unreadOnly: true }).as('r'));
    if (inGroups) q = q.where(inGroups('r.group_id'));
    return q.select(['r.group_id', lit(s.type).as('unread_type'), (eb: any) => eb.fn.countAll().as('n')]).groupBy('r.group_id');
  });
  for (const f of new Set(sources.map((s) => s.changesAt).filter((f): f is ChangesAt => !!f))) {
    parts.push(
      db.selectFrom(f(built, v, slot('now'), inGroups).as('ch')).select(['ch.group_id', lit(CHANGES).as('unread_type'), 'ch.at as n']),
    );
  }
  let union = parts[0];
  for (const p of parts.slice(1)) union = union.unionAll(p);
  return union;
});

/**
 * The unread rows of the given sources by (group, kind), filtered to `groupIds` when given, and
 * per group (null: ungrouped) the earliest time after `now` at which they change without a write.
 */
export async function recount(
  ctx: AppContext,
  v: Viewer,
  sources: UnreadSource[],
  now: number,
  groupIds: number[] | null,
): Promise<{ rows: RecountRow[]; until: Map<number | null, number> }> {
  const until = new Map<number | null, number>();
  if (sources.length === 0) return { rows: [], until };
  const key = `${sources.map((s) => s.type).join(',')}|${groupIds ? 'in' : 'all'}|${unreadSourcesVersion()}`;
  const args: Args = { userId: v.id, companyId: v.companyId, now, groupIds: groupIds ? idListValue(ctx.dialect, groupIds) : null };
  const shape = { sources, grouped: groupIds !== null, ctx };
  const run = (db: typeof ctx.db) => recountQuery(db, key, shape, args);
  // PostgreSQL re-planned this union on every call (2.2 ms to plan, 0.4 ms to run): db/generic-plan.ts.
  const found = (await (ctx.dialect === 'postgres' ? withGenericPlan(ctx.db, run) : run(ctx.db))) as RecountRow[];
  const rows: RecountRow[] = [];
  for (const r of found) {
    if (Number(r.unread_type) !== CHANGES) {
      rows.push(r);
    } else if (r.n !== null) {
      const group = r.group_id === null ? null : Number(r.group_id);
      until.set(group, Math.min(until.get(group) ?? Infinity, Number(r.n)));
    }
  }
  return { rows, until };
}
