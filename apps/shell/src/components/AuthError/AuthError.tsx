import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@portal/api-client/core';
import { translateError } from '@portal/i18n';

const LINK_SLOT = '\u0000';

/** Keeps a reset link on our own origin; anything else becomes the forgot-password page. */
function resetLinkPath(raw: unknown): string {
  if (typeof raw !== 'string' || !raw) return '/forgot-password';
  try {
    const url = new URL(raw, globalThis.location?.origin ?? 'http://localhost');
    if (url.origin !== (globalThis.location?.origin ?? 'http://localhost')) return '/forgot-password';
    return url.pathname + url.search;
  } catch {
    return '/forgot-password';
  }
}

/**
 * An API error shown inline under a login-type form, in the user's language (errors namespace).
 * `errors` is not bundled up front: every login-type form asks for it along with its own strings
 * (one suspension at mount), so it is in by the time this renders.
 * `fallback` is the code shown when the error has no message of its own.
 * ACCOUNT_LOCKED carries the reset link (`data.reset_link`), rendered inside the message.
 */
export function AuthError({ error, fallback }: { error: unknown; fallback?: string }) {
  const { t, i18n } = useTranslation(['auth', 'errors']);
  if (!error) return null;
  const known = error instanceof ApiError && error.code !== 'INTERNAL_ERROR' && i18n.exists(`errors:${error.code}`);
  // A failure without a reason of its own (no answer, a server error, an unknown code) is the
  // form's own failure ("login failed"), not the generic error, when the form names one.
  const code = known ? (error as ApiError).code : (fallback ?? (error instanceof ApiError ? error.code : null));
  if (code === 'ACCOUNT_LOCKED') {
    const [before = '', after = ''] = translateError(t, code, { link: LINK_SLOT }).split(LINK_SLOT);
    const to = resetLinkPath((error as ApiError).body?.data?.reset_link);
    return (
      <p className="shell-form-error" role="alert">
        {before}
        <Link to={to}>{t('auth:links.reset_password_here')}</Link>
        {after}
      </p>
    );
  }
  return (
    <p className="shell-form-error" role="alert">
      {translateError(t, code)}
    </p>
  );
}
