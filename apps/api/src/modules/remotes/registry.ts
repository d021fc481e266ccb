import { sql, type Kysely } from 'kysely';
import { REMOTE_NAMES, remotesManifest, type RemoteName, type RemotesManifest } from '@portal/api-client';
import type { DB, DialectName } from '../../db';
import { writeTransaction } from '../../db/write';
import type { SharedEntry } from './skew';
import { inCanary } from './canary';

/**
 * The remote registry in the database: which version of each remote is live, every version ever
 * published (with its entry URL) and the history. Every API process reads the same rows, so a
 * publish or rollback on any node (or from the CLI) reaches all of them; see ManifestCache for
 * how quickly.
 */
export interface RegistryDb {
  db: Kysely<DB>;
  dialect: DialectName;
}

export interface HistoryEvent {
  at: string;
  action: 'publish' | 'rollback';
  version: string;
  previous: string | null;
}

export interface RemoteState {
  current: string | null;
  pinned: boolean;
  canary: { version: string; share: number; startedAt: number } | null;
  history: HistoryEvent[];
}

export interface KnownVersion {
  version: string;
  entry: string;
  shared: SharedEntry[];
  /** `sha384-…` of the build's remoteEntry.js; null for builds registered before it was kept. */
  integrity?: string | null;
}

/** Enough to explain any recent rollback; `list` and tests read no further back. */
const HISTORY_LIMIT = 500;
/** pg_advisory_xact_lock key: serialises registry writers across processes ("remotes" in ASCII). */
const PG_LOCK_KEY = 0x72656d6f;

/**
 * Runs `fn` in a write transaction that excludes every other registry writer: SQLite's BEGIN
 * IMMEDIATE does that already; PostgreSQL takes an advisory lock held until commit.
 */
export function withRegistryLock<T>(h: RegistryDb, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return writeTransaction(h, async (trx) => {
    if (h.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${PG_LOCK_KEY})`.execute(trx);
    return fn(trx);
  });
}

export async function readState(db: Kysely<DB>, name: RemoteName): Promise<RemoteState> {
  const cur = await db
    .selectFrom('remote_current')
    .select(['version', 'pinned', 'canary_version', 'canary_share', 'canary_started_at'])
    .where('name', '=', name)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('remote_history')
    .select(['at', 'action', 'version', 'previous'])
    .where('name', '=', name)
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  return {
    current: cur?.version ?? null,
    pinned: cur?.pinned === 1,
    canary: cur?.canary_version
      ? { version: cur.canary_version, share: Number(cur.canary_share), startedAt: Number(cur.canary_started_at ?? 0) }
      : null,
    history: rows.reverse().map((r) => ({ ...r, at: new Date(Number(r.at)).toISOString() })),
  };
}

/** Versions ever published for a remote, in the order they were first published. */
export async function knownVersions(db: Kysely<DB>, name: RemoteName): Promise<KnownVersion[]> {
  const rows = await db
    .selectFrom('remote_versions')
    .select(['version', 'entry', 'shared_json', 'integrity', 'created_at'])
    .where('name', '=', name)
    .orderBy('created_at')
    .orderBy('version')
    .execute();
  // Timestamps can tie (same millisecond, a frozen test clock); the history's order cannot.
  const published = await db
    .selectFrom('remote_history')
    .select('version')
    .where('name', '=', name)
    .where('action', '=', 'publish')
    .orderBy('id')
    .execute();
  const rank = new Map<string, number>();
  published.forEach((p, i) => {
    if (!rank.has(p.version)) rank.set(p.version, i);
  });
  const order = (v: string) => rank.get(v) ?? Number.MAX_SAFE_INTEGER;
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => order(a.r.version) - order(b.r.version) || a.i - b.i)
    .map(({ r }) => ({ version: r.version, entry: r.entry, integrity: r.integrity, shared: JSON.parse(r.shared_json) as SharedEntry[] }));
}

/** Records a build; the first registration of a version wins (same version = same bytes). */
export async function registerVersion(trx: Kysely<DB>, name: RemoteName, v: KnownVersion, at: number): Promise<KnownVersion> {
  await trx
    .insertInto('remote_versions')
    .values({
      name,
      version: v.version,
      entry: v.entry,
      shared_json: JSON.stringify(v.shared),
      integrity: v.integrity ?? null,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['name', 'version']).doNothing())
    .execute();
  // A build registered before integrity was kept gets it now (same version = same bytes).
  if (v.integrity)
    await trx
      .updateTable('remote_versions')
      .set({ integrity: v.integrity })
      .where('name', '=', name)
      .where('version', '=', v.version)
      .where('integrity', 'is', null)
      .execute();
  const row = await trx
    .selectFrom('remote_versions')
    .select(['entry', 'shared_json', 'integrity'])
    .where('name', '=', name)
    .where('version', '=', v.version)
    .executeTakeFirstOrThrow();
  return { version: v.version, entry: row.entry, integrity: row.integrity, shared: JSON.parse(row.shared_json) as SharedEntry[] };
}

/** Makes `version` live and appends the history line, in the caller's locked transaction. */
export async function setCurrent(
  trx: Kysely<DB>,
  name: RemoteName,
  ev: { action: 'publish' | 'rollback'; version: string; previous: string | null; at: number },
): Promise<void> {
  const pinned = ev.action === 'rollback' ? 1 : 0;
  // A new stable build ends any canary: it was either promoted (now stable) or overtaken.
  const cleared = { canary_version: null, canary_share: 0, canary_started_at: null };
  await trx
    .insertInto('remote_current')
    .values({ name, version: ev.version, pinned, updated_at: ev.at, ...cleared })
    .onConflict((oc) => oc.column('name').doUpdateSet({ version: ev.version, pinned, updated_at: ev.at, ...cleared }))
    .execute();
  await trx
    .insertInto('remote_history')
    .values({ name, action: ev.action, version: ev.version, previous: ev.previous, at: ev.at })
    .execute();
}

/** One build as the shell is told about it. */
export interface LiveBuild {
  version: string;
  entry: string;
  integrity: string | null;
}

/** What is live for one remote: its stable build and, during a canary, the canary and its share. */
export interface LiveRemote {
  stable: LiveBuild;
  canary: (LiveBuild & { share: number }) | null;
}

export interface LiveRegistry {
  remotes: Partial<Record<RemoteName, LiveRemote>>;
  updated_at: string;
}

/** Every live remote with its stable build and canary, as every node serves them. */
export async function readLive(db: Kysely<DB>): Promise<LiveRegistry> {
  const rows = await db
    .selectFrom('remote_current as c')
    .innerJoin('remote_versions as v', (j) => j.onRef('v.name', '=', 'c.name').onRef('v.version', '=', 'c.version'))
    .leftJoin('remote_versions as cv', (j) => j.onRef('cv.name', '=', 'c.name').onRef('cv.version', '=', 'c.canary_version'))
    .select([
      'c.name',
      'c.version',
      'c.updated_at',
      'v.entry',
      'v.integrity',
      'c.canary_version',
      'c.canary_share',
      'cv.entry as canary_entry',
      'cv.integrity as canary_integrity',
    ])
    .execute();
  const remotes: LiveRegistry['remotes'] = {};
  let updated = 0;
  for (const name of REMOTE_NAMES) {
    const r = rows.find((x) => x.name === name);
    if (!r) continue;
    const canary =
      r.canary_version && r.canary_entry && r.canary_share > 0
        ? { version: r.canary_version, entry: r.canary_entry, integrity: r.canary_integrity ?? null, share: Number(r.canary_share) }
        : null;
    remotes[name] = { stable: { version: r.version, entry: r.entry, integrity: r.integrity ?? null }, canary };
    updated = Math.max(updated, Number(r.updated_at));
  }
  return { remotes, updated_at: new Date(updated).toISOString() };
}

/**
 * remotes.json for one reader: a signed-in user inside a canary's share gets the canary's entry,
 * everyone else (anonymous requests included) the stable one.
 */
export function manifestFor(live: LiveRegistry, userId: number | null): RemotesManifest {
  const remotes: RemotesManifest['remotes'] = {};
  for (const name of REMOTE_NAMES) {
    const r = live.remotes[name];
    if (!r) continue;
    const b = r.canary && userId !== null && inCanary(userId, r.canary.version, r.canary.share) ? r.canary : r.stable;
    remotes[name] = { version: b.version, entry: b.entry, enabled: true, ...(b.integrity ? { integrity: b.integrity } : {}) };
  }
  return remotesManifest.parse({ remotes, updated_at: live.updated_at });
}

/** remotes.json as an anonymous reader gets it (every stable build). */
export async function readManifest(db: Kysely<DB>, userId: number | null = null): Promise<RemotesManifest> {
  return manifestFor(await readLive(db), userId);
}

interface Cached {
  live: LiveRegistry;
  manifest: RemotesManifest;
  json: string;
  /** Some remote offers a canary: signed-in readers need their own answer. */
  canary: boolean;
  at: number;
}

/**
 * The registry as this process serves it: read from the database at most once per `ttlMs`, so
 * /remotes.json and the CSP of every HTML page cost no query on the hot path, and a change made
 * on any node (a publish, a rollback, a canary withdrawn by its error reports) is served
 * everywhere within `ttlMs` (default 500 ms: "within a second"). A failed read is not cached,
 * so the next request retries.
 */
export class ManifestCache {
  private value: Cached | null = null;
  private pending: Promise<Cached> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs = 500,
    private readonly clock: () => number = Date.now,
  ) {}

  private async read(): Promise<Cached> {
    const v = this.value;
    if (v && this.clock() - v.at < this.ttlMs) return v;
    // Concurrent misses share one query.
    this.pending ??= readLive(this.db)
      .then((live) => {
        const manifest = manifestFor(live, null);
        const canary = Object.values(live.remotes).some((r) => r?.canary);
        const next = { live, manifest, json: JSON.stringify(manifest), canary, at: this.clock() };
        this.value = next;
        return next;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /** The anonymous manifest (stable builds) and its serialised JSON. */
  async get(): Promise<{ manifest: RemotesManifest; json: string }> {
    return this.read();
  }

  /** Whether any remote offers a canary now (only then does a reader's identity matter). */
  async hasCanary(): Promise<boolean> {
    return (await this.read()).canary;
  }

  /** The JSON a reader gets: the shared stable copy unless a canary is live and they are signed in. */
  async jsonFor(userId: number | null): Promise<string> {
    const v = await this.read();
    if (!v.canary || userId === null) return v.json;
    return JSON.stringify(manifestFor(v.live, userId));
  }

  /** The live registry (stable and canary builds) as of this cache period. */
  async live(): Promise<LiveRegistry> {
    return (await this.read()).live;
  }

  /** Forgets the cached copy (this process just published or rolled back). */
  invalidate(): void {
    this.value = null;
  }

  /** Entry URLs of the live builds, canaries included, for the CSP (absolute ones add their origin). */
  async entries(): Promise<string[]> {
    const { live } = await this.read();
    return Object.values(live.remotes).flatMap((r) => (r ? [r.stable.entry, ...(r.canary ? [r.canary.entry] : [])] : []));
  }
}
