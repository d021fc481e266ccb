import type { Generated } from 'kysely';
import type { Bool } from './types';

/** Tables of migration 0017_remotes_registry, merged into DB below. */
export interface RemoteVersionsTable {
  name: string;
  version: string;
  entry: string;
  shared_json: Generated<string>;
  created_at: number;
}

export interface RemoteCurrentTable {
  name: string;
  version: string;
  pinned: Generated<Bool>;
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

declare module './types' {
  interface DB {
    remote_versions: RemoteVersionsTable;
    remote_current: RemoteCurrentTable;
    remote_history: RemoteHistoryTable;
  }
}
