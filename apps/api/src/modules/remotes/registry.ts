import { sql, type Kysely } from 'kysely';
import { REMOTE_NAMES, remotesManifest, type RemoteName, type RemotesManifest } from '@portal/api-client';
import type { DB, DialectName } from '../../db';
import { writeTransaction } from '../../db/write';
import type { SharedEntry } from './skew';

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
  history: HistoryEvent[];
}

export interface KnownVersion {
  version: string;
  entry: string;
  shared: SharedEntry[];
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
  const cur = await db.selectFrom('remote_current').select(['version', 'pinned']).where('name', '=', name).executeTakeFirst();
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
    history: rows.reverse().map((r) => ({ ...r, at: new Date(Number(r.at)).toISOString() })),
  };
}

/** Versions ever published for a remote, in the order they were first published. */
export async function knownVersions(db: Kysely<DB>, name: RemoteName): Promise<KnownVersion[]> {
  const rows = await db
    .selectFrom('remote_versions')
    .select(['version', 'entry', 'shared_json', 'created_at'])
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
    .map(({ r }) => ({ version: r.version, entry: r.entry, shared: JSON.parse(r.shared_json) as SharedEntry[] }));
}

/** Records a build; the first registration of a version wins (same version = same bytes). */
export async function registerVersion(trx: Kysely<DB>, name: RemoteName, v: KnownVersion, at: number): Promise<KnownVersion> {
  await trx
    .insertInto('remote_versions')
    .values({ name, version: v.version, entry: v.entry, shared_json: JSON.stringify(v.shared), created_at: at })
    .onConflict((oc) => oc.columns(['name', 'version']).doNothing())
    .execute();
  const row = await trx.selectFrom('remote_versions').select(['entry', 'shared_json']).where('name', '=', name).where('version', '=', v.version).executeTakeFirstOrThrow();
  return { version: v.version, entry: row.entry, shared: JSON.parse(row.shared_json) as SharedEntry[] };
}

/** Makes `version` live and appends the history line, in the caller's locked transaction. */
export async function setCurrent(
  trx: Kysely<DB>,
  name: RemoteName,
  ev: { action: 'publish' | 'rollback'; version: string; previous: string | null; at: number },
): Promise<void> {
  const pinned = ev.action === 'rollback' ? 1 : 0;
  await trx
    .insertInto('remote_current')
    .values({ name, version: ev.version, pinned, updated_at: ev.at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ version: ev.version, pinned, updated_at: ev.at }))
    .execute();
  await trx.insertInto('remote_history').values({ name, action: ev.action, version: ev.version, previous: ev.previous, at: ev.at }).execute();
}

/** remotes.json as every node serves it: one row per live remote, joined to its entry. */
export async function readManifest(db: Kysely<DB>): Promise<RemotesManifest> {
  const rows = await db
    .selectFrom('remote_current as c')
    .innerJoin('remote_versions as v', (j) => j.onRef('v.name', '=', 'c.name').onRef('v.version', '=', 'c.version'))
    .select(['c.name', 'c.version', 'c.updated_at', 'v.entry'])
    .execute();
  const remotes: RemotesManifest['remotes'] = {};
  let updated = 0;
  for (const name of REMOTE_NAMES) {
    const r = rows.find((x) => x.name === name);
    if (!r) continue;
    remotes[name] = { version: r.version, entry: r.entry, enabled: true };
    updated = Math.max(updated, Number(r.updated_at));
  }
  return remotesManifest.parse({ remotes, updated_at: new Date(updated).toISOString() });
}

/**
 * The manifest as this process serves it: read from the database at most once per `ttlMs`, so
 * /remotes.json and the CSP of every HTML page cost no query on the hot path, and a change made
 * on any node is served everywhere within `ttlMs` (default 500 ms: "within a second"). A failed
 * read is not cached, so the next request retries.
 */
export class ManifestCache {
  private value: { manifest: RemotesManifest; json: string; at: number } | null = null;
  private pending: Promise<{ manifest: RemotesManifest; json: string }> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs = 500,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(): Promise<{ manifest: RemotesManifest; json: string }> {
    const v = this.value;
    if (v && this.clock() - v.at < this.ttlMs) return v;
    // Concurrent misses share one query.
    this.pending ??= readManifest(this.db)
      .then((manifest) => {
        const next = { manifest, json: JSON.stringify(manifest), at: this.clock() };
        this.value = next;
        return next;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /** Forgets the cached copy (this process just published or rolled back). */
  invalidate(): void {
    this.value = null;
  }

  /** Entry URLs of the live remotes, for the CSP (absolute ones add their origin). */
  async entries(): Promise<string[]> {
    const { manifest } = await this.get();
    return Object.values(manifest.remotes).flatMap((r) => (r ? [r.entry] : []));
  }
}
