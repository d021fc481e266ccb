import { sql, type SelectQueryBuilder } from 'kysely';
import type { AppContext } from '../../kernel';
import type { DB } from '../../db';
import { compiledShapes } from '../../db/compiled';
import { unreadSources, unreadSourcesVersion, type UnreadSource, type Viewer } from '../../kernel';
import { recount } from './unread-recount';

/**
 * Stored unread counts kept correct by invalidation (measured: counting the UNION of
 * every source for each request grew with the user's unread rows, 6–30× from 1 000 to 100 000).
 *
 * A viewer's counts are split into parts: one per running group they belong to (the 'group'
 * kinds filtered to that group), one for the common area and one per 'other' kind. Each part is
 * stored with the generations of the scopes it was computed from (migration 0022: triggers bump
 * them in the writing transaction) and the earliest time it can change without a write (a
 * scheduled delivery). A request reads the viewer's generations in one query, reuses every part
 * whose generations match and whose time has not come, and recounts only the others with the
 * sources' own `rows` queries filtered to those groups: the sources stay the single definition,
 * so the counts still equal the lists (unread-property.test.ts).
 *
 * Storage: process memory, an LRU of viewers per database handle. The parts are derived data
 * (a restart or eviction costs one full recount, which is what every request cost before);
 * a table would turn every read request into a write and every recount into row contention.
 * Generations live in the database, so two API processes never serve each other's stale counts.
 * Generations are read before counting, so a write that lands meanwhile only causes one more
 * recount later, never a stale reuse.
 */

export const UNREAD_STORE_VIEWERS = 5000;

type Counts = Map<number, number>;
interface Part {
  sig: string;
  counts: Counts;
  /** Recount from this time on (epoch ms), or never without a write (null). */
  until: number | null;
  /** How often this part was counted: tests prove that a write elsewhere leaves it alone. */
  recounts: number;
}
export interface StoredCounts {
  groups: Map<number, Counts>;
  common: Counts;
  other: Counts;
}
export interface Want {
  /** 'all' the viewer's running groups, the given ones (others are ignored), or none. */
  groups: number[] | 'all' | false;
  common: boolean;
  other: boolean;
}

class Store {
  viewers = new Map<number, Map<string, Part>>();
  entry(viewerId: number) {
    let e = this.viewers.get(viewerId);
    if (e) this.viewers.delete(viewerId);
    else e = new Map();
    this.viewers.set(viewerId, e);
    if (this.viewers.size > UNREAD_STORE_VIEWERS) this.viewers.delete(this.viewers.keys().next().value!);
    return e;
  }
}

// Keyed by the database handle: test apps (one per dialect and file) share this process.
const stores = new WeakMap<object, Store>();
const storeOf = (ctx: AppContext) => {
  let s = stores.get(ctx.db);
  if (!s) stores.set(ctx.db, (s = new Store()));
  return s;
};

/** How many times a part of the viewer's counts was recounted (tests). */
export function unreadRecounts(ctx: AppContext, viewerId: number, part: string): number {
  return storeOf(ctx).viewers.get(viewerId)?.get(part)?.recounts ?? 0;
}

const groupPart = (groupId: number) => `g:${groupId}`;
const otherPart = (s: UnreadSource) => `o:${s.type}`;

/** The viewer and the names of their own scopes; the part names are constants of the shape. */
type GenArgs = { userId: number; companyId: number; ugPrefix: string; commonScope: string; userCommonScope: string; userScope: string };
interface GenShape {
  /** Only the group parts (the group list's badges), or every part. */
  all: boolean;
  others: UnreadSource[];
  ctx: AppContext;
}
const gen = (scope: any) => sql<number | null>`(select ug.gen from unread_generations as ug where ug.scope = ${scope})`;
const text = (s: unknown) => sql<string>`cast(${s} as varchar(64))`;

/**
 * The parts' generations, compiled once per shape (a request on the group list or the navbar
 * would otherwise build and compile this UNION each time). Every viewer value is a slot; the
 * sources shape the SQL and name the fixed parts, so the key names the registry's version.
 */
const generationsQuery = compiledShapes<GenArgs, GenShape>(16)((db, slot, shape) => {
  const v = { id: slot('userId'), companyId: slot('companyId') } as Viewer;
  const fixed = (part: string, scope: keyof GenArgs) =>
    db.selectNoFrom([text(part).as('part'), text(slot(scope)).as('scope'), gen(text(slot(scope))).as('gen')]);
  const mine = db
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .where('gm.user_id', '=', v.id)
    .where('g.is_stopped', '=', 0);
  const gScope = sql<string>`'g:' || gm.group_id`;
  const ugScope = sql<string>`${text(slot('ugPrefix'))} || gm.group_id`;
  const branches: SelectQueryBuilder<DB, any, { part: string; scope: string; gen: number | null }>[] = [
    mine.select([gScope.as('part'), gScope.as('scope'), gen(gScope).as('gen')]),
    mine.select([gScope.as('part'), ugScope.as('scope'), gen(ugScope).as('gen')]),
  ];
  if (shape.all) {
    branches.push(fixed('common', 'commonScope'), fixed('common', 'userCommonScope'));
    for (const s of shape.others) {
      const part = otherPart(s);
      branches.push(fixed(part, 'userScope'));
      if (s.scopes) {
        branches.push(
          db
            .selectFrom(s.scopes({ ...shape.ctx, db }, v).as('sc'))
            .select([text(part).as('part'), 'sc.scope', gen(sql.ref('sc.scope')).as('gen')]) as never,
        );
      }
    }
  }
  let q: any = branches[0];
  for (const b of branches.slice(1)) q = q.unionAll(b);
  return q;
});

/** Every part of the viewer (or only the group parts) with the generations of its scopes, in one query. */
async function generations(ctx: AppContext, v: Viewer, all: boolean): Promise<Map<string, string>> {
  const others = all ? unreadSources().filter((x) => x.area === 'other') : [];
  const args: GenArgs = {
    userId: v.id,
    companyId: v.companyId,
    ugPrefix: `ug:${v.id}:`,
    commonScope: `c:${v.companyId}`,
    userCommonScope: `uc:${v.id}`,
    userScope: `u:${v.id}`,
  };
  const key = all ? `all|${unreadSourcesVersion()}` : 'groups';
  const rows = (await generationsQuery(ctx.db, key, { all, others, ctx }, args)) as { part: string; scope: string; gen: number | null }[];
  const pairs = new Map<string, string[]>();
  for (const r of rows) pairs.set(r.part, [...(pairs.get(r.part) ?? []), `${r.scope}=${Number(r.gen ?? 0)}`]);
  return new Map([...pairs].map(([part, p]) => [part, p.sort().join(',')]));
}

const CHUNK = 500;

/**
 * The viewer's unread counts by part, recounting only parts whose scopes changed (or whose
 * time came) since they were stored. Runs the refresh hooks of the kinds asked for first.
 */
export async function storedCounts(ctx: AppContext, v: Viewer, want: Want): Promise<StoredCounts> {
  const sources = unreadSources();
  const wanted = (s: UnreadSource) => (s.area === 'group' ? want.groups !== false : s.area === 'common' ? want.common : want.other);
  for (const s of sources) if (wanted(s)) await s.refresh?.(ctx, v);
  const now = ctx.now();
  // The group list needs only the group parts: it reads (and checks) only those.
  const all = want.common || want.other;
  const sigs = await generations(ctx, v, all);
  const entry = storeOf(ctx).entry(v.id);
  // Parts the viewer no longer has (a group left or stopped) are dropped.
  for (const key of entry.keys()) if (!sigs.has(key) && (all || key.startsWith('g:'))) entry.delete(key);
  const fresh = (key: string) => {
    const p = entry.get(key);
    return p && p.sig === sigs.get(key) && (p.until === null || now < p.until) ? p : undefined;
  };
  const save = (key: string, counts: Counts, until: number | undefined) => {
    entry.set(key, { sig: sigs.get(key)!, counts, until: until ?? null, recounts: (entry.get(key)?.recounts ?? 0) + 1 });
  };

  const mineIds = [...sigs.keys()].filter((k) => k.startsWith('g:')).map((k) => Number(k.slice(2)));
  const groupIds = want.groups === false ? [] : want.groups === 'all' ? mineIds : want.groups.filter((g) => sigs.has(groupPart(g)));
  const stale = groupIds.filter((g) => !fresh(groupPart(g)));
  const groupSources = sources.filter((s) => s.area === 'group');
  for (let i = 0; i < stale.length; i += CHUNK) {
    const ids = stale.slice(i, i + CHUNK);
    const { rows, until } = await recount(ctx, v, groupSources, now, ids);
    const byGroup = new Map<number, Counts>(ids.map((g) => [g, new Map()]));
    for (const r of rows) if (r.group_id !== null) byGroup.get(Number(r.group_id))?.set(Number(r.unread_type), Number(r.n));
    for (const [g, counts] of byGroup) save(groupPart(g), counts, until.get(g));
  }
  const out: StoredCounts = {
    groups: new Map(groupIds.map((g) => [g, fresh(groupPart(g))?.counts ?? new Map()])),
    common: new Map(),
    other: new Map(),
  };

  if (want.common) {
    if (!fresh('common')) {
      const common = sources.filter((s) => s.area === 'common');
      const { rows, until } = await recount(ctx, v, common, now, null);
      save('common', new Map(rows.map((r) => [Number(r.unread_type), Number(r.n)])), until.get(null));
    }
    out.common = entry.get('common')!.counts;
  }
  if (want.other) {
    for (const s of sources.filter((x) => x.area === 'other')) {
      const key = otherPart(s);
      if (!fresh(key)) {
        const { rows, until } = await recount(ctx, v, [s], now, null);
        save(key, new Map([[s.type, rows.reduce((n, r) => n + Number(r.n), 0)]]), until.get(null));
      }
      for (const [type, n] of entry.get(key)!.counts) out.other.set(type, n);
    }
  }
  return out;
}
