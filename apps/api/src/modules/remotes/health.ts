import {
  InformationType,
  NewsDisplayType,
  NewsPlacement,
  NewsTargetType,
  type RemoteHealthBody,
  type RemoteName,
} from '@portal/api-client';
import type { AppContext } from '../../kernel';
import { HttpError } from '../../http/errors';
import { auditDeployment } from '../admin';
import { publishNewsChanged } from '../news';
import { inCanary, judgeCanary, type CanaryPolicy } from './canary';
import { endCanary, promoteCanary, readHealth, recordHealth } from './canary-store';
import { withRegistryLock, type ManifestCache } from './registry';

/**
 * The shell's reports of how each remote build fares, and what they decide: a canary whose error
 * rate exceeds the stable build's by the policy's margin is withdrawn for everyone (the registry
 * row changes, so every API process stops offering it within its manifest cache period), with an
 * audit entry in every company and a news item for their administrators.
 */

export interface HealthDeps {
  ctx: AppContext;
  manifest: ManifestCache;
  policy: CanaryPolicy;
}

export type CanaryOutcome = {
  action: 'rollback' | 'promote';
  name: RemoteName;
  canary: string;
  stable: string;
  canaryRate: number;
  stableRate: number;
} | null;

const percent = (r: number) => `${(r * 100).toFixed(1)} %`;

/**
 * Counts one report, then judges the remote's canary if the report concerns it. While a canary
 * runs, a user's report counts only for the build they are assigned: nobody outside the canary's
 * share can condemn it (or, by reporting the stable build, excuse it). A report of another known
 * build (a page started before a switch) is accepted and not counted.
 */
export async function reportHealth(deps: HealthDeps, userId: number, body: RemoteHealthBody): Promise<CanaryOutcome> {
  const { ctx } = deps;
  const known = await ctx.db
    .selectFrom('remote_versions')
    .select('version')
    .where('name', '=', body.name)
    .where('version', '=', body.version)
    .executeTakeFirst();
  if (!known) throw new HttpError(400, 'VALIDATION_ERROR', undefined, { version: ['validation.invalid'] });
  const live = (await deps.manifest.live()).remotes[body.name];
  const canary = live?.canary;
  if (canary && live) {
    const assigned = inCanary(userId, canary.version, canary.share) ? canary.version : live.stable.version;
    if (body.version !== assigned) return null;
  }
  await recordHealth(ctx.db, body.name, body.version, { loads: body.loads, errors: body.errors }, ctx.now());
  if (!canary || !live) return null;
  return judge(deps, body.name, canary.version, live.stable.version);
}

async function judge(deps: HealthDeps, name: RemoteName, canary: string, stable: string): Promise<CanaryOutcome> {
  const { ctx } = deps;
  const health = await readHealth(ctx.db, name);
  const zero = { loads: 0, errors: 0 };
  const verdict = judgeCanary(health[canary] ?? zero, health[stable] ?? zero, deps.policy);
  if (verdict.action === 'wait') return null;
  const at = ctx.now();
  // Under the registry lock, and only if the canary is still this build: two processes judging
  // at once withdraw it once.
  const acted = await withRegistryLock({ db: ctx.db, dialect: ctx.dialect }, async (trx) =>
    verdict.action === 'rollback' ? endCanary(trx, name, canary, at) : (await promoteCanary(trx, name, canary, at)) !== null,
  );
  if (!acted) return null;
  deps.manifest.invalidate();
  const outcome = { action: verdict.action, name, canary, stable, canaryRate: verdict.canaryRate, stableRate: verdict.stableRate };
  await announce(ctx, outcome).catch((err: unknown) => console.warn('[remotes] canary outcome not announced', err));
  return outcome;
}

/** Audit trail of every company, and a news item for every company administrator. */
async function announce(ctx: AppContext, o: NonNullable<CanaryOutcome>): Promise<void> {
  const rates = `canary ${percent(o.canaryRate)}, stable ${percent(o.stableRate)}`;
  const detail = o.action === 'rollback' ? `${o.canary} → ${o.stable} (${rates})` : `${o.stable} → ${o.canary} (${rates})`;
  await auditDeployment(
    ctx.db,
    ctx.now(),
    o.action === 'rollback' ? 'remote.canary_auto_rolled_back' : 'remote.canary_auto_promoted',
    o.name,
    detail,
    'System',
  );
  if (o.action !== 'rollback') return;
  const admins = await ctx.db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where('is_company_admin', '=', 1)
    .where('status', '=', 'active')
    .execute();
  if (admins.length === 0) return;
  const now = ctx.now();
  const content = JSON.stringify({
    remote: o.name,
    canary_version: o.canary,
    stable_version: o.stable,
    canary_rate: percent(o.canaryRate),
    stable_rate: percent(o.stableRate),
  });
  await ctx.db
    .insertInto('informations')
    .values(
      admins.map((a) => ({
        company_id: a.company_id,
        type: InformationType.SYSTEM,
        title: 'remote_canary_rolled_back',
        content,
        placement: NewsPlacement.HOME,
        target_type: NewsTargetType.NO_LINK,
        target_id: null,
        group_id: null,
        user_id: a.id,
        display_type: NewsDisplayType.ONE_TIME,
        created_by: null,
        withdrawn_at: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await publishNewsChanged(
    ctx,
    admins.map((a) => a.id),
  );
}
