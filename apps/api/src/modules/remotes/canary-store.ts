import type { Kysely } from 'kysely';
import type { RemoteName } from '@portal/api-client';
import type { DB } from '../../db';
import { readState, setCurrent, type RemoteState } from './registry';

/**
 * The canary's rows: its build, share and start on `remote_current`, and the shell's reports per
 * build in `remote_health`. Writers call these inside withRegistryLock.
 */

/** Offers `version` to `share` percent of signed-in users beside the stable build. */
export async function startCanary(
  trx: Kysely<DB>,
  name: RemoteName,
  state: RemoteState,
  version: string,
  share: number,
  at: number,
): Promise<void> {
  if (!state.current) throw new Error(`${name} has no stable build yet: publish one without --canary first`);
  if (state.current === version) throw new Error(`${name} is already live at ${version} for everyone`);
  await trx
    .updateTable('remote_current')
    .set({ canary_version: version, canary_share: share, canary_started_at: at, updated_at: at })
    .where('name', '=', name)
    .execute();
  // Both builds are judged from the canary's start on, over the same period.
  if (state.canary?.version !== version) await trx.deleteFrom('remote_health').where('name', '=', name).execute();
}

/** Withdraws the canary if it is still `version`; false when another writer got there first. */
export async function endCanary(trx: Kysely<DB>, name: RemoteName, version: string, at: number): Promise<boolean> {
  const res = await trx
    .updateTable('remote_current')
    .set({ canary_version: null, canary_share: 0, canary_started_at: null, updated_at: at })
    .where('name', '=', name)
    .where('canary_version', '=', version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Makes the canary `version` the stable build for everyone; false if it is no longer the canary. */
export async function promoteCanary(
  trx: Kysely<DB>,
  name: RemoteName,
  version: string | null,
  at: number,
): Promise<{ version: string; previous: string } | null> {
  const state = await readState(trx, name);
  if (!state.canary || !state.current || (version !== null && state.canary.version !== version)) return null;
  await setCurrent(trx, name, { action: 'publish', version: state.canary.version, previous: state.current, at });
  return { version: state.canary.version, previous: state.current };
}

export interface HealthCounts {
  loads: number;
  errors: number;
}

export async function readHealth(db: Kysely<DB>, name: RemoteName): Promise<Record<string, HealthCounts>> {
  const rows = await db.selectFrom('remote_health').select(['version', 'loads', 'errors']).where('name', '=', name).execute();
  const out: Record<string, HealthCounts> = {};
  for (const r of rows) out[r.version] = { loads: Number(r.loads), errors: Number(r.errors) };
  return out;
}

/** Adds one report to a build's counters (one statement; concurrent reports add up). */
export async function recordHealth(db: Kysely<DB>, name: RemoteName, version: string, c: HealthCounts, at: number): Promise<void> {
  await db
    .insertInto('remote_health')
    .values({ name, version, loads: c.loads, errors: c.errors, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['name', 'version']).doUpdateSet((eb) => ({
        loads: eb('remote_health.loads', '+', eb.ref('excluded.loads')),
        errors: eb('remote_health.errors', '+', eb.ref('excluded.errors')),
        updated_at: at,
      })),
    )
    .execute();
}
