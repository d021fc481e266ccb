/**
 * The simulated user's query cache: what react-query does in the browser with the portal's
 * settings (shell errors/queryClient.ts), so a page view issues the calls the browser issues,
 * no more and no fewer. Recorded from the built app in Chromium (SPA navigation): a page
 * reopened within 30 s asks nothing; after 30 s each of its queries is asked again on mount;
 * news (staleTime Infinity) only once per load of the list.
 *
 * Queries are named by '/'-separated keys mirroring packages/api-client query-keys.ts
 * (`groups/3/topics/detail/7`), so an invalidation by prefix reaches what the app's reaches.
 */

/** Default staleTime of the app's QueryClient. */
const STALE_MS = 30_000;
/** react-query's default gcTime: a query unused this long is dropped, so its next mount fetches. */
const GC_MS = 300_000;

export interface Query {
  key: string;
  url: string;
  /** Overrides STALE_MS (news: Infinity). */
  staleMs?: number;
}

interface Entry {
  url: string;
  staleMs: number;
  fetchedAt: number;
  /** Invalidated since its last fetch began. */
  invalid: boolean;
  inactiveSince: number | null;
  inFlight: number;
}

const within = (key: string, prefix: string) => key === prefix || key.startsWith(`${prefix}/`);

export class QueryCache {
  private entries = new Map<string, Entry>();
  private active = new Set<string>();

  /**
   * `fetcher` issues the call; `cached: false` makes every mount fetch (the heavier model
   * without the query cache, BENCH_LOAD_CACHE=0).
   */
  constructor(
    private readonly fetcher: (url: string) => Promise<void>,
    private readonly cached = true,
  ) {}

  /**
   * The page now shows exactly these queries. Those already shown stay mounted (no fetch, as a
   * layout that survives a navigation); newly mounted ones fetch when they have no fresh data.
   */
  show(queries: Query[]): Promise<void> {
    const now = Date.now();
    const next = new Set(queries.map((q) => q.key));
    for (const key of this.active) {
      if (!next.has(key)) this.entries.get(key)!.inactiveSince = now;
    }
    const fetches: Promise<void>[] = [];
    for (const q of queries) {
      const wasActive = this.active.has(q.key);
      let e = this.entries.get(q.key);
      if (e && e.inactiveSince !== null && now - e.inactiveSince > GC_MS) e = undefined;
      if (!e) {
        e = { url: q.url, staleMs: q.staleMs ?? STALE_MS, fetchedAt: -Infinity, invalid: false, inactiveSince: null, inFlight: 0 };
        this.entries.set(q.key, e);
      }
      e.inactiveSince = null;
      if (wasActive) continue;
      const stale = !this.cached || e.invalid || now - e.fetchedAt > e.staleMs;
      if (stale && e.inFlight === 0) fetches.push(this.fetch(q.key));
    }
    this.active = next;
    return Promise.all(fetches).then(() => undefined);
  }

  /** A query's fetch is in flight (a comment page is then reloaded rather than patched). */
  fetching(key: string): boolean {
    return (this.entries.get(key)?.inFlight ?? 0) > 0;
  }

  keys(prefix: string): string[] {
    return [...this.entries.keys()].filter((k) => within(k, prefix));
  }

  /**
   * invalidateQueries: every query under `prefix` (or exactly it) is marked stale, and those
   * shown refetch now unless `refetch` is false (refetchType 'none'). A refetch of a query
   * that has data cancels the one in flight and asks again, so each invalidation is a call.
   */
  invalidate(prefix: string, opts: { exact?: boolean; refetch?: boolean; except?: (key: string) => boolean } = {}): Promise<void> {
    const fetches: Promise<void>[] = [];
    for (const [key, e] of this.entries) {
      if (opts.exact ? key !== prefix : !within(key, prefix)) continue;
      if (opts.except?.(key)) continue;
      e.invalid = true;
      if (opts.refetch !== false && this.active.has(key)) fetches.push(this.fetch(key));
    }
    return Promise.all(fetches).then(() => undefined);
  }

  private async fetch(key: string): Promise<void> {
    const e = this.entries.get(key)!;
    e.invalid = false;
    e.inFlight++;
    try {
      await this.fetcher(e.url);
      e.fetchedAt = Date.now();
    } finally {
      e.inFlight--;
    }
  }
}
