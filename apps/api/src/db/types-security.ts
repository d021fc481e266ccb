import type { Generated } from 'kysely';
import type { Bool } from './types-base';

/** Tables and columns of migration 0013_security, merged into the shared types. */
export interface SetupLinksTable {
  id: Generated<number>;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** Failed logins per key (`ip:<address>` or `account:<login id>`), and the delay they earned. */
export interface LoginThrottlesTable {
  key: string;
  failures: number;
  blocked_until: number;
  first_failure_at: number;
  last_failure_at: number;
}

/** The security tables and the columns they add to users and auth_tokens (types.ts). */
export interface SecurityTables {
  setup_links: SetupLinksTable;
  login_throttles: LoginThrottlesTable;
}

export interface SecurityUserColumns {
  /** Registered through a group link and not yet approved: sees only the waiting page. */
  pending_approval: Generated<Bool>;
}

export interface SecurityTokenColumns {
  /** When the login began; refresh rotation carries it over (absolute lifetime). */
  session_started_at: number | null;
  /** A rotated refresh token: never valid again, and presenting it revokes the family. */
  retired_at: number | null;
}
