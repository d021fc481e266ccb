import { endpoints, type Endpoint } from '@portal/api-client';
import type { AuthUser } from '../../kernel';
import { HttpError } from '../../http/errors';

/**
 * What an account registered through a group link may do before an administrator approves it:
 * know who it is, keep its language, and log out. Everything else, every read of company data
 * included, answers 403 PENDING_APPROVAL (the shell then shows the waiting page).
 */
const PENDING_ALLOWED: ReadonlySet<Endpoint> = new Set<Endpoint>([
  endpoints.me,
  endpoints.settings,
  endpoints.updateLanguage,
  endpoints.logout,
  endpoints.updateDeviceToken,
  endpoints.resetNotification,
  endpoints.deleteDeviceToken,
]);

export function refusePending(endpoint: Endpoint, user: AuthUser): void {
  if (user.pendingApproval && !PENDING_ALLOWED.has(endpoint)) {
    throw new HttpError(403, 'PENDING_APPROVAL', 'An administrator has not approved this account yet.');
  }
}
