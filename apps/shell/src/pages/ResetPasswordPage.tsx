import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@portal/api-client/core';
import { resetPasswordBody } from '@portal/api-client/schemas/auth';
import { api } from '@portal/api-client/browser';
import { translateValidation } from '@portal/i18n';
import { Spinner } from '@portal/ui';
import { AuthError } from '../components/AuthError';
import { onFormEnter } from '../components/LoginForm/imeSafeEnter';
import { usePageTitle } from '../hooks/usePageTitle';
import { TITLE_KEYS } from '../routes/titles';

type Values = { token: string; password: string; password_confirmation: string };

/**
 * /reset-password?token=: the token is checked first (check-token-expired) so nobody types a new
 * password into a dead link; an expired or unknown token goes to /token-expired.
 */
export function ResetPasswordPage() {
  const title = usePageTitle(TITLE_KEYS.resetPassword);
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [error, setError] = useState<unknown>(null);
  const check = useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => api.call('checkTokenExpired', { body: { token } }),
    enabled: token.length >= 16,
    retry: false,
    meta: { silent: true },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { token, password: '', password_confirmation: '' },
    resolver: zodResolver(resetPasswordBody),
  });

  if (token.length < 16) return <Navigate to="/token-expired" replace />;
  if (check.isPending) return <Spinner />;
  const usable = check.data && check.data.items.valid && !check.data.items.expired;
  if (!usable) return <Navigate to="/token-expired" replace />;

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      await api.call('resetPassword', { body: values });
      navigate('/login', { replace: true, state: { notice: 'password_reset' } });
    } catch (e) {
      if (e instanceof ApiError && (e.code === 'RESET_LINK_EXPIRED' || e.code === 'INVALID_LINK')) {
        navigate('/token-expired', { replace: true });
        return;
      }
      setError(e);
    }
  });

  const field = (name: 'password' | 'password_confirmation', label: string) => (
    <div className="shell-field">
      <label htmlFor={`reset-${name}`}>{label}</label>
      <input id={`reset-${name}`} type="password" autoComplete="new-password" aria-invalid={!!errors[name]} {...register(name)} />
      {errors[name]?.message && (
        <p className="shell-field-error" role="alert">
          {translateValidation(t, errors[name].message, { field: label })}
        </p>
      )}
    </div>
  );

  return (
    <section className="shell-auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">{title}</h1>
      <p>{t('auth:reset.lead')}</p>
      <form className="shell-form" noValidate onSubmit={submit} onKeyDown={onFormEnter(() => void submit())}>
        {field('password', t('auth:fields.new_password'))}
        {field('password_confirmation', t('auth:fields.password_confirmation'))}
        <AuthError error={error} />
        <button className="shell-button shell-button--primary" type="submit" disabled={isSubmitting}>
          {t('auth:reset.submit')}
        </button>
      </form>
      <nav className="shell-auth-links">
        <Link to="/login">{t('auth:links.back_to_login')}</Link>
      </nav>
    </section>
  );
}
