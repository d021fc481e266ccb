// The kernel: machinery every module uses and no module owns (jobs, naming people, errors, guards).
// Named for the developers' guide's word; "platform" reads as the runtime under us, "shared" as a
// junk drawer. It imports no module, so any module may import it without making a circle.

// What every handler gets (database, storage, bus, caches, config, clock) and the caller.
export type { AppContext, AuthUser } from './context';

// Errors and guards.
export { forbidden, notFound } from './errors';
export { HttpError } from '../http/errors';
export { requireCompanyAdmin } from './admin';

// Access: group rights, the content (topic and file) scope, and what a viewer may see.
export { effectiveRole } from './roles';
export {
  type AccessRow,
  authorizeGroup,
  canInvite,
  type GroupAccess,
  type GroupAction,
  heldRoleNames,
  normalizedFlags,
  rememberGroupAccess,
  requireMember,
  splitAccessRow,
} from './group-access';
export { type FoundAccess, type MemberFlags, pgGroupAccessCache } from './group-access-cache';
export { commonContentScope, type ContentAction, type ContentScope, groupContentScope } from './content-scope';
export { folderNotFound, folderService, requireContentFolder } from './content-folders';
export {
  commonTopicReadable,
  commonTopicVisible,
  groupTopicReadable,
  groupTopicVisible,
  lit,
  myGroupIds,
  notRead,
  visibleTopics,
} from './visibility';

// People.
export { activeStatus, displayName, shortName } from './people';

// Durable jobs.
export {
  enqueueJob,
  ensurePeriodicJob,
  HEARTBEAT_MS,
  installJobRunner,
  LEASE_MS,
  newWorkerId,
  registerJobHandler,
  releaseLeases,
  runDueJobs,
  STALE_CLAIM_MS,
  type Job,
  type JobHandler,
} from './jobs';

// Side effects other modules register for or queue: audit trail, search index, unread and notice sources, push.
export { actorFields, userLabel, writeAudit, writeAuditMany, type AuditActor, type AuditEntry } from './audit';
export {
  commentDoc,
  commentDocs,
  fileDoc,
  fileDocs,
  indexComment,
  indexFile,
  indexTopic,
  topicDoc,
  topicDocs,
  unindexFiles,
  unindexTopics,
} from './search/documents';
export { ftsQuery, keywordWords, tsQuery } from './search/grams';
export { DocKind, indexDocument, removeDocuments, type SearchDocument, writeDocuments } from './search/indexer';
export {
  allSources,
  myGroups,
  type NameMatches,
  type Readable,
  registerSearchSource,
  type SearchFilter,
  type SearchSource,
  sourcesFor,
} from './search/sources';
export {
  type ChangesAt,
  registerUnreadSource,
  type UnreadDetail,
  type UnreadSource,
  unreadSource,
  unreadSources,
  unreadSourcesVersion,
  type Viewer,
} from './unread-sources';
export {
  type FavoriteRow,
  type FavoriteSource,
  favoriteSources,
  type LikeDetail,
  type LikeRow,
  type LikeSource,
  likeSources,
  registerFavoriteSource,
  registerLikeSource,
} from './notice-sources';
export { PUSH_KINDS, type PushKind, type PushMessage, queuePush, SubscriptionGone } from './push';
export { looksLikeSubscription, parseSubscription, type WebPushSubscription } from './push-subscription';

// The realtime bus and the sessions it invalidates.
export { type BusLogger, createBus, createInProcessBus, type RealtimeEvent, type ServerBus } from './bus';
export { SESSION_CHANGED_EVENT, SESSION_REVOKED_EVENT, type AccessTokenRow } from './session-cache';
export { createCaches } from './caches';
