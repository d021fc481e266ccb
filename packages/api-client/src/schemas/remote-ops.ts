import { z } from 'zod';
import { REMOTE_NAMES } from '../constants';
import { envelope } from './common';
import { afterFields } from '../validation';

/**
 * Canary remotes: the shell's outcome reports per remote build, and the company administration's
 * view of each remote's stable and canary builds (the remotes.json shape is in ./remotes.ts).
 */

/** Most loads or errors one report may carry (a page reports every 30 s). */
export const REMOTE_HEALTH_MAX = 1000;

const count = z.number().int().min(0).max(REMOTE_HEALTH_MAX);

export const remoteHealthBody = z
  .object({
    name: z.enum(REMOTE_NAMES),
    version: z.string().min(1).max(100),
    loads: count,
    errors: count,
  })
  .strict()
  .refine((b) => b.loads + b.errors > 0, { message: 'validation.invalid', path: ['loads'], ...afterFields });
export type RemoteHealthBody = z.infer<typeof remoteHealthBody>;

export const remoteNameParam = z.object({ name: z.enum(REMOTE_NAMES) }).strict();

const buildHealth = z.object({
  version: z.string(),
  loads: z.number().int(),
  errors: z.number().int(),
});

export const remoteStatus = z.object({
  name: z.enum(REMOTE_NAMES),
  /** Null before the remote's first publish. */
  stable: buildHealth.nullable(),
  canary: buildHealth.extend({ share: z.number().int(), started_at: z.number() }).nullable(),
  /** The stable build a rollback goes back to when no canary runs (null: nothing older). */
  previous: z.string().nullable(),
});
export type RemoteStatus = z.infer<typeof remoteStatus>;

export const remoteStatusResponse = envelope(z.array(remoteStatus));

export const remoteActionBody = z
  .object({
    /** The build the administrator saw: refused (409) when the remote has moved on since. */
    version: z.string().min(1).max(100),
  })
  .strict();

export const remoteActionResponse = envelope(z.object({ name: z.enum(REMOTE_NAMES), version: z.string() }));
