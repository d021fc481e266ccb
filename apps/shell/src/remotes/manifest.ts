import { remotesManifest, type RemotesManifest } from '@portal/api-client/core';
import { manifestHeaders } from './manifestHeaders';

/**
 * Reads `/remotes.json`. The document decides which remote versions the portal runs, so it is
 * never cached by the browser; but a deploy that writes a broken file, or a network blip, must
 * not blank the portal, so the last document that parsed is kept in localStorage and used instead.
 */
export const LAST_GOOD_KEY = 'portal.remotes.lastGood';
export const MANIFEST_URL = '/remotes.json';

/**
 * index.ts starts the request for /remotes.json before the start-up chunks load (saving a round
 * trip before the first remote can be asked for) and leaves its promise here; the first
 * loadManifest takes it. Null when that request failed: a fresh fetch then decides.
 */
export const EARLY_MANIFEST_KEY = '__portalRemotesJson';

export type ManifestSource = 'network' | 'last-known-good' | 'none';

export interface ManifestResult {
  manifest: RemotesManifest | null;
  source: ManifestSource;
  /** Why the network copy was not used (for the console; the UI falls back silently). */
  problem?: string;
}

export interface ManifestDeps {
  fetch?: typeof fetch;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  url?: string;
}

function readLastGood(storage: ManifestDeps['storage']): RemotesManifest | null {
  try {
    const raw = storage?.getItem(LAST_GOOD_KEY);
    if (!raw) return null;
    const parsed = remotesManifest.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function defaultSessionStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

function defaultStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export async function loadManifest(deps: ManifestDeps = {}): Promise<ManifestResult> {
  const doFetch = deps.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const storage = deps.storage === undefined ? defaultStorage() : deps.storage;
  let problem: string;
  try {
    const g = globalThis as Record<string, unknown>;
    const early = deps.fetch || deps.url ? null : await (g[EARLY_MANIFEST_KEY] as Promise<Response | null> | undefined);
    delete g[EARLY_MANIFEST_KEY];
    const res =
      early ??
      (await doFetch(deps.url ?? MANIFEST_URL, {
        cache: 'no-store',
        headers: manifestHeaders(globalThis.location?.pathname ?? '/', defaultSessionStorage()),
      }));
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const parsed = remotesManifest.safeParse(JSON.parse(await res.text()));
    if (parsed.success) {
      try {
        storage?.setItem(LAST_GOOD_KEY, JSON.stringify(parsed.data));
      } catch {
        // Storage full or disabled: this load still works, only the fallback is lost.
      }
      return { manifest: parsed.data, source: 'network' };
    }
    problem = `invalid remotes.json: ${parsed.error.issues.map((i) => i.path.join('.') || i.message).join(', ')}`;
  } catch (e) {
    problem = e instanceof Error ? e.message : String(e);
  }
  const lastGood = readLastGood(storage);
  return lastGood ? { manifest: lastGood, source: 'last-known-good', problem } : { manifest: null, source: 'none', problem };
}
