import { endpoints, REMOTE_NAMES, type RemoteName, type RemoteStatus } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT } from '../../config';
import type { AppContext, AuthUser } from '../../kernel';
import { HttpError } from '../../http/errors';
import { registerEndpoint } from '../../http/route';
import { canaryPolicy, type CanaryPolicy } from './canary';
import { readHealth } from './canary-store';
import { promote, rollback } from './deploy';
import { reportHealth } from './health';
import { knownVersions, readState, type ManifestCache } from './registry';
import { requireCompanyAdmin, writeAudit } from '../../kernel';

export interface RemotesRoutesOptions {
  manifest: ManifestCache;
  policy?: CanaryPolicy;
  /** Repository root (the shell build a rollback must fit); defaults to this checkout. */
  rootDir?: string;
}

/** A page reports at most every 30 s per remote; this leaves room for many tabs behind one address. */
const HEALTH_PER_MINUTE = 600;

async function status(ctx: AppContext, name: RemoteName): Promise<RemoteStatus> {
  const state = await readState(ctx.db, name);
  const health = await readHealth(ctx.db, name);
  const counts = (v: string) => health[v] ?? { loads: 0, errors: 0 };
  const versions = (await knownVersions(ctx.db, name)).map((v) => v.version);
  const idx = state.current ? versions.indexOf(state.current) : -1;
  return {
    name,
    stable: state.current ? { version: state.current, ...counts(state.current) } : null,
    canary: state.canary
      ? { version: state.canary.version, share: state.canary.share, started_at: state.canary.startedAt, ...counts(state.canary.version) }
      : null,
    previous: idx > 0 ? versions[idx - 1]! : null,
  };
}

/** The administrator acts on what they saw: a remote that moved on since is refused. */
function expect(actual: string | null | undefined, seen: string): void {
  if (actual !== seen) throw new HttpError(400, 'VALIDATION_ERROR', undefined, { version: ['validation.invalid'] });
}

export async function remotesRoutes(app: FastifyInstance, opts: RemotesRoutesOptions): Promise<void> {
  const policy = opts.policy ?? canaryPolicy();
  const deploy = () => ({
    rootDir: opts.rootDir ?? REPO_ROOT,
    dataDir: app.ctx.config.dataDir,
    registry: { db: app.ctx.db, dialect: app.ctx.dialect },
  });
  const audit = (
    ctx: AppContext,
    user: AuthUser,
    ip: string,
    action: 'remote.promoted' | 'remote.canary_rolled_back' | 'remote.rolled_back',
    name: RemoteName,
    detail: string,
  ) =>
    writeAudit(ctx, ctx.db, { companyId: user.companyId, action, actorId: user.id, targetType: 'remote', targetLabel: name, detail, ip });

  registerEndpoint(
    app,
    endpoints.reportRemoteHealth,
    async ({ ctx, user, body }) => {
      await reportHealth({ ctx, manifest: opts.manifest, policy }, user.id, body);
      return { items: { ok: true as const } };
    },
    { rateLimitPerMinute: HEALTH_PER_MINUTE },
  );

  registerEndpoint(app, endpoints.adminListRemotes, async ({ ctx, user }) => {
    requireCompanyAdmin(user);
    const items: RemoteStatus[] = [];
    for (const name of REMOTE_NAMES) items.push(await status(ctx, name));
    return { items };
  });

  registerEndpoint(app, endpoints.adminPromoteRemote, async ({ ctx, user, params, body, request }) => {
    requireCompanyAdmin(user);
    const state = await readState(ctx.db, params.name);
    expect(state.canary?.version, body.version);
    const r = await promote(params.name, deploy()).catch((e: Error) => {
      throw new HttpError(400, 'VALIDATION_ERROR', e.message, { version: ['validation.invalid'] });
    });
    opts.manifest.invalidate();
    await audit(ctx, user, request.ip, 'remote.promoted', r.name, `${r.previous} → ${r.version}`);
    return { items: { name: r.name, version: r.version } };
  });

  registerEndpoint(app, endpoints.adminRollbackRemote, async ({ ctx, user, params, body, request }) => {
    requireCompanyAdmin(user);
    const state = await readState(ctx.db, params.name);
    // With a canary the administrator withdraws it (they saw its version); else the stable build.
    expect(state.canary ? state.canary.version : state.current, body.version);
    const r = await rollback(params.name, deploy()).catch((e: Error) => {
      throw new HttpError(400, 'VALIDATION_ERROR', e.message, { version: ['validation.invalid'] });
    });
    opts.manifest.invalidate();
    await audit(
      ctx,
      user,
      request.ip,
      r.endedCanary ? 'remote.canary_rolled_back' : 'remote.rolled_back',
      r.name,
      `${r.previous} → ${r.version}`,
    );
    return { items: { name: r.name, version: r.version } };
  });
}
