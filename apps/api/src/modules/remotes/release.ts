import fs from 'node:fs';
import path from 'node:path';
import { endpoints, REMOTE_NAMES } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT } from '../../config';
import { registerEndpoint } from '../../http/route';
import { requireCompanyAdmin } from '../../kernel';
import { readState } from './registry';

/** The portal's semantic version: the root package.json of the installation this server runs from. */
export function portalVersion(rootDir = REPO_ROOT): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { version?: unknown };
    if (typeof pkg.version === 'string') return pkg.version;
  } catch {
    // An installation without its package.json still answers.
  }
  return 'unknown';
}

/**
 * GET company/release: what a company administrator quotes to support — the portal's version and
 * the build each remote serves now (`<package version>-<content hash>`, see remotes/deploy.ts).
 */
export async function releaseRoutes(app: FastifyInstance): Promise<void> {
  const version = portalVersion();
  registerEndpoint(app, endpoints.adminRelease, async ({ ctx, user }) => {
    requireCompanyAdmin(user);
    const remotes = [];
    for (const name of REMOTE_NAMES) remotes.push({ name, version: (await readState(ctx.db, name)).current });
    return { items: { version, remotes } };
  });
}
