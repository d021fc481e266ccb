import type { Generated } from 'kysely';
import type { Bool } from './types-base';

/** Tables of migration 0017_remotes_registry, merged into DB below. */
export interface RemoteVersionsTable {
  name: string;
  version: string;
  entry: string;
  shared_json: Generated<string>;
  created_at: number;
  /** `sha384-…` of remoteEntry.js (migration 0025); null for builds registered before it. */
  integrity: string | null;
}

export interface RemoteCurrentTable {
  name: string;
  version: string;
  pinned: Generated<Bool>;
  updated_at: number;
  canary_version: string | null;
  canary_share: Generated<number>;
  canary_started_at: number | null;
}

/** Loads and errors the shell reported per build since the remote's canary began (0025). */
export interface RemoteHealthTable {
  name: string;
  version: string;
  loads: Generated<number>;
  errors: Generated<number>;
  updated_at: number;
}

export interface RemoteHistoryTable {
  id: Generated<number>;
  name: string;
  action: 'publish' | 'rollback';
  version: string;
  previous: string | null;
  at: number;
}

/** The remote registry tables, part of DB (types.ts). */
export interface RemotesTables {
  remote_versions: RemoteVersionsTable;
  remote_current: RemoteCurrentTable;
  remote_history: RemoteHistoryTable;
  remote_health: RemoteHealthTable;
}
