import type { RemoteName } from '@portal/api-client/core';

/**
 * The shell's account of how each remote build fares on this page: every load of a remote module
 * (and whether it arrived) and every render error its area's boundary caught, per build, sent to
 * POST /service/api/v1/remotes/health every 30 s, two seconds after an error, and when the page
 * is hidden. The API judges a
 * canary build by these counts and withdraws it when it fails more than the stable build.
 *
 * Sent with fetch(keepalive) rather than sendBeacon: the route is authenticated by the session's
 * bearer token, which sendBeacon cannot carry (and the refresh cookie never reaches the API's
 * other paths). keepalive requests outlive the page the same way.
 */
export const HEALTH_URL = '/service/api/v1/remotes/health';
export const HEALTH_EVERY_MS = 30_000;
/** An error is the signal a canary is judged by: it is sent this soon, with whatever else is counted. */
export const HEALTH_ERROR_DELAY_MS = 2_000;
/** The API refuses more in one report; a page rarely comes near it. */
const MAX_COUNT = 1000;

interface Counts {
  loads: number;
  errors: number;
}

export interface HealthReporterDeps {
  fetch?: typeof fetch;
  token: () => string | null;
}

export interface HealthReporter {
  /** The builds this page runs (from remotes.json). */
  setVersions(versions: Partial<Record<RemoteName, string>>): void;
  loaded(remote: RemoteName): void;
  /** A load that failed (manifest, entry script, module): counts as a load and an error. */
  loadFailed(remote: RemoteName, error: unknown): void;
  /** An error the remote's area caught while rendering; errors already counted as load failures are skipped. */
  renderFailed(remote: RemoteName, error: unknown): void;
  flush(): Promise<void>;
  /** Flushes every 30 s and when the page is hidden (errors go sooner); returns a stop function. */
  start(win?: Window): () => void;
}

export function createHealthReporter(deps: HealthReporterDeps): HealthReporter {
  const doFetch = deps.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const versions = new Map<RemoteName, string>();
  const pending = new Map<string, Counts & { name: RemoteName; version: string }>();
  const counted = new WeakSet<object>();
  let soon: ReturnType<typeof setTimeout> | null = null;

  const bump = (remote: RemoteName, loads: number, errors: number) => {
    const version = versions.get(remote);
    if (!version) return;
    if (errors > 0 && !soon) {
      soon = setTimeout(() => {
        soon = null;
        // Runs after `reporter` below is defined (a timer cannot fire during this call).
        void reporter.flush();
      }, HEALTH_ERROR_DELAY_MS);
    }
    const key = `${remote}\n${version}`;
    const c = pending.get(key) ?? { name: remote, version, loads: 0, errors: 0 };
    c.loads += loads;
    c.errors += errors;
    pending.set(key, c);
  };

  const reporter: HealthReporter = {
    setVersions(v) {
      versions.clear();
      for (const [name, version] of Object.entries(v)) if (version) versions.set(name as RemoteName, version);
    },
    loaded: (remote) => bump(remote, 1, 0),
    loadFailed(remote, error) {
      if (error && typeof error === 'object') counted.add(error);
      bump(remote, 1, 1);
    },
    renderFailed(remote, error) {
      if (error && typeof error === 'object' && counted.has(error)) return;
      bump(remote, 0, 1);
    },
    async flush() {
      const token = deps.token();
      // Signed out (login pages): nothing is sent, and nothing kept for a later session.
      const batch = [...pending.values()];
      pending.clear();
      if (!token) return;
      await Promise.all(
        batch.map(async (c) => {
          const body = { name: c.name, version: c.version, loads: Math.min(c.loads, MAX_COUNT), errors: Math.min(c.errors, MAX_COUNT) };
          try {
            await doFetch(HEALTH_URL, {
              method: 'POST',
              keepalive: true,
              headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
              body: JSON.stringify(body),
            });
          } catch {
            // A lost report only makes the verdict later; it is not retried.
          }
        }),
      );
    },
    start(win = window) {
      const timer = win.setInterval(() => void this.flush(), HEALTH_EVERY_MS);
      const onHide = () => {
        if (win.document.visibilityState === 'hidden') void this.flush();
      };
      const onPageHide = () => void this.flush();
      win.document.addEventListener('visibilitychange', onHide);
      win.addEventListener('pagehide', onPageHide);
      return () => {
        win.clearInterval(timer);
        win.document.removeEventListener('visibilitychange', onHide);
        win.removeEventListener('pagehide', onPageHide);
      };
    },
  };
  return reporter;
}
