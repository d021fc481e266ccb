// Hand-written, not zod: the shell validates remotes.json before anything else renders, and the
// API's deploy code reads and writes the file with this same validator (see ../check.ts).
import { boolean, record, ShapeError, string, validator } from '../check';
import { REMOTE_NAMES, type RemoteName } from '../constants';

export interface RemoteEntry {
  /** 1–100 characters. */
  version: string;
  /** URL of the remote's mf-manifest.json, absolute or root-relative; 1–2000 characters. */
  entry: string;
  enabled: boolean;
  /**
   * Subresource Integrity of the build's entry script (`sha384-<base64>`), computed at publish:
   * the shell refuses to run a script that does not match. Absent for builds registered before.
   */
  integrity?: string;
}

/** `remotes.json`: remote name → where its current version lives. Never cached. */
export interface RemotesManifest {
  remotes: Partial<Record<RemoteName, RemoteEntry>>;
  updated_at: string;
}

const INTEGRITY_RE = /^sha384-[A-Za-z0-9+/]{64}$/;

function readEntry(v: unknown, path: string): RemoteEntry {
  const o = record(v, path);
  const out: RemoteEntry = {
    version: string(o.version, `${path}.version`, 1, 100),
    entry: string(o.entry, `${path}.entry`, 1, 2000),
    enabled: boolean(o.enabled, `${path}.enabled`),
  };
  if (o.integrity !== undefined) {
    const integrity = string(o.integrity, `${path}.integrity`, 1, 200);
    if (!INTEGRITY_RE.test(integrity)) throw new ShapeError(`${path}.integrity`, 'sha384-<base64>');
    out.integrity = integrity;
  }
  return out;
}

export const remoteEntry = validator((v) => readEntry(v, ''));

/** Unknown remote names are refused (a typo would otherwise silently drop a remote). */
export const remotesManifest = validator((v): RemotesManifest => {
  const o = record(v, '');
  const given = record(o.remotes, 'remotes');
  const remotes: RemotesManifest['remotes'] = {};
  for (const [name, entry] of Object.entries(given)) {
    if (!(REMOTE_NAMES as readonly string[]).includes(name)) {
      throw new ShapeError(`remotes.${name}`, `one of ${REMOTE_NAMES.join(', ')}`);
    }
    remotes[name as RemoteName] = readEntry(entry, `remotes.${name}`);
  }
  return { remotes, updated_at: string(o.updated_at, 'updated_at') };
});
