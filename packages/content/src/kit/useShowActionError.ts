import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorAction } from '@portal/api-client/core';
import { translateError } from '@portal/i18n';
import { useModal } from '@portal/ui';

/**
 * Shows a refused action's message (spec section 8 codes such as MUST_APPOINT_ADMIN) in an error
 * modal. Only the errors the shell's global handler leaves alone (400/404/409) are shown here, so
 * a 403 or a 500 never produces two modals.
 */
export function useShowActionError(): (err: unknown) => void {
  const { t } = useTranslation('errors');
  const modal = useModal();
  return useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && errorAction(err).kind === 'none') {
        modal.error({ message: translateError(t, err.code) });
      }
    },
    [modal, t],
  );
}
