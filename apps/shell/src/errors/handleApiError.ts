import { errorAction, UNAUTHORIZED_MESSAGE } from '@portal/api-client/core';
import type { ModalApi } from '@portal/ui';
import { currentPathname, navigateTo, reloadHome } from '../session/navigation';

/**
 * Section 8 for every failed query and mutation. Kept free of React so the QueryClient's caches
 * call it directly; the modal texts are translated by the caller's `t`.
 */
export interface ErrorHandlerDeps {
  modal: Pick<ModalApi, 'error'>;
  t: (key: string) => string;
  setTimeout?: (fn: () => void, ms: number) => unknown;
}

/** Where a lost group membership must not redirect (the user is already leaving or logging in). */
const NO_GROUP_EXEMPT = ['/login', '/email/login', '/line-login', '/withdraw', '/employee-without-group'];

export function handleApiError(err: unknown, deps: ErrorHandlerDeps): void {
  const action = errorAction(err);
  const { modal, t } = deps;
  const later = deps.setTimeout ?? ((fn: () => void, ms: number) => globalThis.setTimeout(fn, ms));
  switch (action.kind) {
    case 'login':
      // The API client's session-end handler already cleared the session and went to login.
      return;
    case 'employee-without-group':
      if (!NO_GROUP_EXEMPT.includes(currentPathname())) navigateTo('/employee-without-group', { replace: true });
      return;
    case 'approval-waiting':
      if (currentPathname() !== '/approval-waiting') navigateTo('/approval-waiting', { replace: true });
      return;
    case 'go-home-after':
      modal.error({ message: UNAUTHORIZED_MESSAGE });
      later(() => navigateTo('/'), action.ms);
      return;
    case 'group-not-found':
      modal.error({ message: t('shell:errors.group_not_found'), closeSeconds: 0, onClose: () => navigateTo('/') });
      return;
    case 'company-storage':
      modal.error({ message: t('shell:errors.company_storage') });
      return;
    case 'rate-limited':
      modal.error({ message: t('shell:errors.rate_limited') });
      return;
    case 'busy':
      modal.error({ message: t('shell:errors.busy') });
      return;
    case 'generic':
      modal.error({
        message: t('shell:errors.generic'),
        closeSeconds: 0,
        backLabel: t('shell:actions.back_to_home'),
        onBack: reloadHome,
      });
      return;
    case 'none':
      return;
  }
}
