import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginBody } from '@portal/api-client/core';
import { translateValidation } from '@portal/i18n';
import { AuthError } from '../AuthError';
import { onFormEnter } from './imeSafeEnter';
import { checkLogin } from './loginRules';
import { adoptPrerenderedField } from '../../pages/prerendered';

export type LoginMode = 'employee' | 'email';

export interface LoginFormProps {
  mode: LoginMode;
  /** Runs the login; a rejection is shown inline under the form. */
  onLogin: (body: LoginBody) => Promise<void>;
}

/**
 * Employee-number or e-mail login (spec section 2: /login and /email/login). Two fields need no
 * form library: react-hook-form was 9 KB gzip of the 182 KB the login page downloads before it
 * paints, which Lighthouse's phone counts against its LCP. As before: checked on
 * submit, then again on each change once a submit was refused; the first wrong field is focused.
 */
export function LoginForm({ mode, onLogin }: LoginFormProps) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const [error, setError] = useState<unknown>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const refused = useRef(false);
  const idRef = useRef<HTMLInputElement>(null);
  const pwRef = useRef<HTMLInputElement>(null);
  const idKey = mode === 'email' ? 'email' : 'employee_number';
  // Before the first paint: what was typed into the static form shows in this one at once.
  useLayoutEffect(() => {
    adoptPrerenderedField(idRef.current);
    adoptPrerenderedField(pwRef.current);
  }, []);

  const check = () => checkLogin(idKey, { [idKey]: idRef.current?.value ?? '', password: pwRef.current?.value ?? '' });

  const submit = async () => {
    if (submitting) return;
    const { values, errors: found } = check();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      refused.current = true;
      (found[idKey] ? idRef : pwRef).current?.focus();
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await onLogin(values as unknown as LoginBody);
    } catch (e) {
      setError(e);
    } finally {
      setSubmitting(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };
  const onChange = () => {
    if (refused.current) setErrors(check().errors);
  };

  const idLabel = t(mode === 'email' ? 'auth:fields.email' : 'auth:fields.employee_number');
  const pwLabel = t('auth:fields.password');
  const fieldError = (name: string, field: string) => {
    const msg = errors[name];
    return msg ? (
      <p className="shell-field-error" id={`login-${name}-error`} role="alert">
        {translateValidation(t, msg, { field })}
      </p>
    ) : null;
  };

  return (
    <form className="shell-form" noValidate onSubmit={onSubmit} onKeyDown={onFormEnter(() => void submit())}>
      <div className="shell-field">
        <label htmlFor="login-id">{idLabel}</label>
        <input
          id="login-id"
          ref={idRef}
          name={idKey}
          type={mode === 'email' ? 'email' : 'text'}
          autoComplete="username"
          aria-invalid={!!errors[idKey]}
          aria-describedby={errors[idKey] ? `login-${idKey}-error` : undefined}
          onChange={onChange}
        />
        {fieldError(idKey, idLabel)}
      </div>
      <div className="shell-field">
        <label htmlFor="login-password">{pwLabel}</label>
        <input
          id="login-password"
          ref={pwRef}
          name="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          onChange={onChange}
        />
        {fieldError('password', pwLabel)}
      </div>
      <AuthError error={error} fallback="LOGIN_FAILED" />
      <button className="shell-button shell-button--primary" type="submit" disabled={submitting}>
        {submitting ? t('auth:login.submitting') : t('auth:login.submit')}
      </button>
    </form>
  );
}
