import type { Kysely } from 'kysely';
import type { Config, Clock } from '../config';
import type { DB, DialectName } from '../db';
import type { Mailer } from '../mail';
import type { Caches } from './caches';
import type { WriteEpoch } from '../db/write-epoch';
import type { ServerBus } from './bus';
import type { FileStorage } from '../storage';

/** What every module needs, hung on `app.ctx` so routes and services share one set. */
export interface AppContext {
  db: Kysely<DB>;
  dialect: DialectName;
  config: Config;
  mailer: Mailer;
  bus: ServerBus;
  /** One store for every module's uploaded files (group images, shared folders, attachments). */
  storage: FileStorage;
  now: Clock;
  /** Per-user reads this process reuses for SESSION_CACHE_MS (caches.ts). */
  caches: Caches;
  /** Moves on at every write this process makes to the database (db/write-epoch.ts). */
  writes: WriteEpoch;
}

/** The authenticated caller, set by registerEndpoint for `auth: true` endpoints. */
export interface AuthUser {
  id: number;
  companyId: number;
  isCompanyAdmin: boolean;
  /**
   * The common-topic right (users.common_topic_role), read in the session's own statement.
   * Absent where the caller was not read that way (signed links, sockets): those ask the database.
   */
  commonTopicRole?: boolean;
  /** The login (token family) this request belongs to; logout and password change use it. */
  sessionId: string;
  /** Registered through a group link and not yet approved: only PENDING_ALLOWED endpoints. */
  pendingApproval?: boolean;
  /** In no group (and neither pending nor company administrator): only NO_GROUP_ALLOWED endpoints. */
  noGroup?: boolean;
}
