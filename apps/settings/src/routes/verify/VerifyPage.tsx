import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { verifyApplyBody, type VerifyApplyBody } from '@portal/api-client/schemas/settings';
import { Button, ErrorFallback, isImeComposing, Spinner, useDocumentTitle } from '@portal/ui';
import { PasswordField } from '@portal/ui/kit';
import { applyServerErrors } from '../../api/form-errors';
// Exposed on its own (outside SettingsLayout), so it brings the settings styles itself.
import '../SettingsLayout.css';
import '../pages.css';

type Result = { purpose: 'email_change' | 'register'; email: string };
const UNUSABLE = new Set(['INVALID_LINK', 'RESET_LINK_EXPIRED']);

/**
 * One apply per token per page load: React may run an effect twice in development, and a second
 * apply of a one-use link would report it used.
 */
const applying = new Map<string, Promise<Result>>();
function applyOnce(token: string): Promise<Result> {
  if (!applying.has(token))
    applying.set(
      token,
      api.call('verifyApply', { body: { token } }).then((r) => r.items),
    );
  return applying.get(token)!;
}

/**
 * `./Verify` (the shell's /verify, no auth): applies an e-mail change at once; for a
 * registration by an administrator it asks for the first password. A used or expired link goes
 * to /token-expired.
 */
export default function VerifyPage() {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('verify.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'password'; email: string } | { kind: 'done'; result: Result } | { kind: 'error'; error: unknown }
  >({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    const fail = (err: unknown) => {
      if (!live) return;
      if (!token || (err instanceof ApiError && UNUSABLE.has(err.code))) navigate('/token-expired', { replace: true });
      else setState({ kind: 'error', error: err });
    };
    if (!token) return fail(null);
    api
      .call('verifyCheck', { body: { token } })
      .then(async ({ items }) => {
        if (!live) return;
        if (items.purpose === 'register') return setState({ kind: 'password', email: items.email });
        const result = await applyOnce(token);
        if (live) setState({ kind: 'done', result });
      })
      .catch(fail);
    return () => {
      live = false;
    };
  }, [token, navigate]);

  return (
    <section className="shell-auth-card" aria-labelledby="pset-verify-title">
      <h1 id="pset-verify-title">{t('verify.title')}</h1>
      {state.kind === 'loading' && <Spinner />}
      {state.kind === 'error' && <ErrorFallback error={state.error} />}
      {state.kind === 'password' && (
        <FirstPasswordForm token={token} email={state.email} onDone={(result) => setState({ kind: 'done', result })} />
      )}
      {state.kind === 'done' && (
        <>
          <p role="status">
            {t(state.result.purpose === 'email_change' ? 'verify.email_changed' : 'verify.registered', { email: state.result.email })}
          </p>
          <nav className="shell-auth-links">
            <Link to="/">{t('verify.to_top')}</Link>
          </nav>
        </>
      )}
    </section>
  );
}

function FirstPasswordForm({ token, email, onDone }: { token: string; email: string; onDone: (r: Result) => void }) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useForm<VerifyApplyBody>({
    resolver: zodResolver(verifyApplyBody),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const submit = handleSubmit(async (body) => {
    try {
      onDone((await api.call('verifyApply', { body })).items);
    } catch (err) {
      if (err instanceof ApiError && UNUSABLE.has(err.code)) navigate('/token-expired', { replace: true });
      else applyServerErrors(err, setError, {}, ['password', 'password_confirmation']);
    }
  });
  return (
    <form
      className="pset-form"
      noValidate
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
        e.preventDefault();
        if (!isImeComposing(e) && !formState.isSubmitting) void submit();
      }}
    >
      <p>{t('verify.set_password_lead', { email })}</p>
      <PasswordField
        label={t('change_password.new')}
        autoComplete="new-password"
        required
        hint={t('change_password.hint')}
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label={t('change_password.confirmation')}
        autoComplete="new-password"
        required
        error={formState.errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      <Button type="submit" loading={formState.isSubmitting}>
        {t('verify.set_password')}
      </Button>
    </form>
  );
}
