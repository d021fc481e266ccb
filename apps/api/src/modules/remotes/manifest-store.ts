import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@portal/api-client';

/**
 * Where remote builds live on disk. The record of which build is live is in the database (see
 * registry.ts); DATA_DIR only holds the immutable copies of builds published without a base URL:
 *
 *   remotes/<name>/<version>/          immutable copy of one build
 *
 * With several API nodes DATA_DIR/remotes is a shared folder, or builds are published to a CDN and
 * registered with absolute entries (docs/operations.md, "Remotes: publish and rollback").
 */

/** `<package version>-<8 hex>`; also the only folder names ever served from remotes/<name>/. */
export const VERSION_RE = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,99}$/;

export const remotesRoot = (dataDir: string) => path.join(dataDir, 'remotes');
export const remoteDir = (dataDir: string, name: RemoteName) => path.join(remotesRoot(dataDir), name);
export const versionDir = (dataDir: string, name: RemoteName, version: string) => path.join(remoteDir(dataDir, name), version);

/** The entry of a build: served by this API from DATA_DIR, or under `baseUrl` (a CDN). */
export function entryUrl(name: RemoteName, version: string, baseUrl?: string): string {
  const rel = `${name}/${version}/mf-manifest.json`;
  return baseUrl ? `${baseUrl.replace(/\/+$/, '')}/${rel}` : `/remotes/${rel}`;
}

export function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}
