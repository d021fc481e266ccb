// The kernel: machinery every module uses and no module owns (jobs, naming people, errors, guards).
// Named for the developers' guide's word; "platform" reads as the runtime under us, "shared" as a
// junk drawer. It imports no module, so any module may import it without making a circle.
export { requireCompanyAdmin } from './admin';
export { createInProcessBus, type BusLogger, type RealtimeEvent, type ServerBus } from './bus';
export { type FoundAccess, type MemberFlags } from './group-access-cache';
export { SESSION_CHANGED_EVENT, SESSION_REVOKED_EVENT, type AccessTokenRow } from './session-cache';
export { forbidden, notFound } from './errors';
export { HttpError } from '../http/errors';
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
export { activeStatus, displayName, shortName } from './people';
