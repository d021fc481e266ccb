import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoginBody } from '@portal/api-client/core';
import { translateValidation } from '@portal/i18n';
import { AuthError } from '../AuthError';
import { onFormEnter } from './imeSafeEnter';
import { loginResolver } from './loginResolver';

export type LoginMode = 'employee' | 'email';

export interface LoginFormProps {
  mode: LoginMode;
  /** Runs the login; a rejection is shown inline under the form. */
  onLogin: (body: LoginBody) => Promise<void>;
}

/** Employee-number or e-mail login (spec section 2: /login and /email/login). */
export function LoginForm({ mode, onLogin }: LoginFormProps) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const [error, setError] = useState<unknown>(null);
  const idKey = mode === 'email' ? 'email' : 'employee_number';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Record<string, string>>({
    defaultValues: { [idKey]: '', password: '' },
    resolver: loginResolver(idKey),
  });

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      await onLogin(values as LoginBody);
    } catch (e) {
      setError(e);
    }
  });

  const idLabel = t(mode === 'email' ? 'auth:fields.email' : 'auth:fields.employee_number');
  const pwLabel = t('auth:fields.password');
  const fieldError = (name: string, field: string) => {
    const msg = errors[name]?.message;
    return msg ? (
      <p className="shell-field-error" id={`login-${name}-error`} role="alert">
        {translateValidation(t, msg, { field })}
      </p>
    ) : null;
  };

  return (
    <form className="shell-form" noValidate onSubmit={submit} onKeyDown={onFormEnter(() => void submit())}>
      <div className="shell-field">
        <label htmlFor="login-id">{idLabel}</label>
        <input
          id="login-id"
          type={mode === 'email' ? 'email' : 'text'}
          autoComplete="username"
          aria-invalid={!!errors[idKey]}
          aria-describedby={errors[idKey] ? `login-${idKey}-error` : undefined}
          {...register(idKey)}
        />
        {fieldError(idKey, idLabel)}
      </div>
      <div className="shell-field">
        <label htmlFor="login-password">{pwLabel}</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          {...register('password')}
        />
        {fieldError('password', pwLabel)}
      </div>
      <AuthError error={error} />
      <button className="shell-button shell-button--primary" type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('auth:login.submitting') : t('auth:login.submit')}
      </button>
    </form>
  );
}
