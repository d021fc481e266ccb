import { createHash } from 'node:crypto';

/**
 * Who gets a canary build, and when its error reports end it. Pure functions: the registry
 * (registry.ts) and the health route (health.ts) apply them.
 */

/**
 * Whether a signed-in user is offered the canary: the user id and the canary's version hashed
 * into one of 10 000 buckets, compared with the share. Sticky (the same user and build always
 * land in the same bucket, on every API process), and a new canary version draws a fresh sample
 * instead of always hitting the same employees first.
 */
export function inCanary(userId: number, canaryVersion: string, sharePercent: number): boolean {
  if (sharePercent <= 0) return false;
  if (sharePercent >= 100) return true;
  return canaryBucket(userId, canaryVersion) < sharePercent * 100;
}

/** 0–9 999, uniform over users for a given version. */
export function canaryBucket(userId: number, canaryVersion: string): number {
  const digest = createHash('sha256').update(`${userId}\0${canaryVersion}`).digest();
  return digest.readUInt32BE(0) % 10_000;
}

export interface CanaryPolicy {
  /** The canary is judged only after this many loads of it (CANARY_MIN_LOADS, default 20). */
  minLoads: number;
  /**
   * How much higher than the stable build's its error rate may be before it is withdrawn
   * (CANARY_ERROR_MARGIN, a fraction: default 0.05 = five percentage points).
   */
  margin: number;
  /**
   * Loads of the canary within the margin after which it is promoted by itself
   * (CANARY_PROMOTE_AFTER; default 0 = never, an operator promotes).
   */
  promoteAfter: number;
}

export const DEFAULT_CANARY_POLICY: CanaryPolicy = { minLoads: 20, margin: 0.05, promoteAfter: 0 };

function positive(raw: string | undefined, fallback: number, integer: boolean): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || (integer && !Number.isInteger(n))) throw new Error(`invalid canary setting "${raw}"`);
  return n;
}

export function canaryPolicy(env: Record<string, string | undefined> = process.env): CanaryPolicy {
  const margin = positive(env.CANARY_ERROR_MARGIN, DEFAULT_CANARY_POLICY.margin, false);
  if (margin > 1) throw new Error('CANARY_ERROR_MARGIN is a fraction between 0 and 1');
  return {
    minLoads: Math.max(1, positive(env.CANARY_MIN_LOADS, DEFAULT_CANARY_POLICY.minLoads, true)),
    margin,
    promoteAfter: positive(env.CANARY_PROMOTE_AFTER, DEFAULT_CANARY_POLICY.promoteAfter, true),
  };
}

export interface Counts {
  loads: number;
  errors: number;
}

/** Errors per load, capped at 1 (a render error and its load may arrive in different reports). */
export const errorRate = (c: Counts): number => (c.loads > 0 ? Math.min(1, c.errors / c.loads) : 0);

export type Verdict = { action: 'rollback' | 'promote' | 'wait'; canaryRate: number; stableRate: number };

/** The canary's fate from both builds' counts since it began. */
export function judgeCanary(canary: Counts, stable: Counts, policy: CanaryPolicy): Verdict {
  const canaryRate = errorRate(canary);
  const stableRate = errorRate(stable);
  if (canary.loads < policy.minLoads) return { action: 'wait', canaryRate, stableRate };
  if (canaryRate > stableRate + policy.margin) return { action: 'rollback', canaryRate, stableRate };
  if (policy.promoteAfter > 0 && canary.loads >= policy.promoteAfter) return { action: 'promote', canaryRate, stableRate };
  return { action: 'wait', canaryRate, stableRate };
}
