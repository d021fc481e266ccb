import { errorAction } from '@portal/api-client/core';
import { translateError } from '@portal/i18n';

/**
 * The inline message for a failed folder call, or null when the shell's global handler already
 * shows one (403, 5xx, network, session end). 400/404/409 are left to the caller by section 8,
 * so a stale folder or a bad name is explained right where the user acted.
 */
export function inlineErrorMessage(t: Parameters<typeof translateError>[0], err: unknown): string | null {
  if (errorAction(err).kind !== 'none') return null;
  const code = (err as { code?: string }).code;
  return translateError(t, code);
}
