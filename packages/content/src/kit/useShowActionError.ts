import { useCallback } from 'react';
import { ApiError, errorAction } from '@portal/api-client/core';
import { translateError } from '@portal/i18n';
import { useModal } from '@portal/ui';
import { useErrorStrings } from '@portal/ui/kit';

/**
 * Shows a refused action's message (spec section 8 codes such as MUST_APPOINT_ADMIN) in an error
 * modal. Only the errors the shell's global handler leaves alone (400/404/409) are shown here, so
 * a 403 or a 500 never produces two modals. The `errors` strings start loading when the caller
 * mounts (without suspending it); a refusal that comes back first waits for them.
 */
export function useShowActionError(): (err: unknown) => void {
  const { t, afterLoad } = useErrorStrings();
  const modal = useModal();
  return useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && errorAction(err).kind === 'none') {
        afterLoad(() => modal.error({ message: translateError(t, err.code) }));
      }
    },
    [modal, t, afterLoad],
  );
}
