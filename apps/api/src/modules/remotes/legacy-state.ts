import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES } from '@portal/api-client';
import { entryUrl, remoteDir, versionDir } from './manifest-store';
import { knownVersions, readState, registerVersion, withRegistryLock, type RegistryDb } from './registry';
import { readMfManifest } from './skew';

interface LegacyState {
  current: string | null;
  pinned: boolean;
  history: { at: string; action: 'publish' | 'rollback'; version: string; previous: string | null }[];
}

/**
 * One-time upgrade from the file registry (DATA_DIR/remotes/<name>/state.json, from before the registry moved into the database):
 * a remote the database does not know yet takes its current version, pin and history from that
 * file, so an upgrade keeps an operator's rollback. The file (and the old remotes.json) is removed once imported.
 */
export async function importLegacyState(opts: { dataDir: string; registry: RegistryDb }): Promise<void> {
  for (const name of REMOTE_NAMES) {
    const file = path.join(remoteDir(opts.dataDir, name), 'state.json');
    let legacy: LegacyState;
    try {
      legacy = JSON.parse(await readFile(file, 'utf8')) as LegacyState;
    } catch {
      continue; // none, or unreadable: the start-up publish fills the registry instead
    }
    await withRegistryLock(opts.registry, async (trx) => {
      if ((await readState(trx, name)).current || (await knownVersions(trx, name)).length) return;
      const seen = new Set<string>();
      for (const ev of legacy.history ?? []) {
        if (ev.action !== 'publish' || seen.has(ev.version)) continue;
        seen.add(ev.version);
        const mf = await readMfManifest(path.join(versionDir(opts.dataDir, name, ev.version), 'mf-manifest.json')).catch(() => null);
        if (!mf) continue;
        await registerVersion(trx, name, { version: ev.version, entry: entryUrl(name, ev.version), shared: mf.shared }, Date.parse(ev.at));
      }
      for (const ev of (legacy.history ?? []).slice(-500)) {
        await trx
          .insertInto('remote_history')
          .values({ name, action: ev.action, version: ev.version, previous: ev.previous, at: Date.parse(ev.at) })
          .execute();
      }
      if (legacy.current && seen.has(legacy.current)) {
        const at = Date.parse(legacy.history.at(-1)?.at ?? '') || Date.now();
        await trx
          .insertInto('remote_current')
          .values({ name, version: legacy.current, pinned: legacy.pinned ? 1 : 0, updated_at: at })
          .execute();
      }
    });
    await rm(file, { force: true });
  }
  await rm(path.join(opts.dataDir, 'remotes.json'), { force: true });
}
