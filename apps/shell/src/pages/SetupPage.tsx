import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setupBody, type SetupBody } from '@portal/api-client/schemas/security';
import { api } from '@portal/api-client/browser';
import { translateValidation } from '@portal/i18n';
import { Spinner } from '@portal/ui';
import { AuthError } from '../components/AuthError';
import { onFormEnter } from '../components/LoginForm/imeSafeEnter';
import { usePageTitle } from '../hooks/usePageTitle';
import { TITLE_KEYS } from '../routes/titles';

type Field = Exclude<keyof SetupBody, 'token'>;
const FIELDS: [Field, string, string][] = [
  ['company_name', 'auth:setup.company_name', 'organization'],
  ['last_name', 'auth:setup.last_name', 'family-name'],
  ['first_name', 'auth:setup.first_name', 'given-name'],
  ['last_name_kana', 'auth:setup.last_name_kana', 'off'],
  ['first_name_kana', 'auth:setup.first_name_kana', 'off'],
  ['employee_number', 'auth:fields.employee_number', 'username'],
  ['email', 'auth:fields.email', 'email'],
  ['password', 'auth:fields.password', 'new-password'],
  ['password_confirmation', 'auth:fields.password_confirmation', 'new-password'],
];

/**
 * /setup?token=: the one-time link a new deployment prints on its first start (no demo data
 * there). It creates the company and its first administrator, then sends them to log in.
 */
export function SetupPage() {
  const title = usePageTitle(TITLE_KEYS.setup);
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const token = useSearchParams()[0].get('token') ?? '';
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const check = useQuery({
    queryKey: ['setup-link', token],
    queryFn: () => api.call('checkSetupLink', { body: { token } }),
    enabled: token.length >= 16,
    retry: false,
    meta: { silent: true },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SetupBody>({
    defaultValues: { token, ...Object.fromEntries(FIELDS.map(([name]) => [name, ''])) },
    resolver: zodResolver(setupBody),
  });

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      await api.call('completeSetup', { body: values });
      setDone(true);
    } catch (e) {
      setError(e);
    }
  });

  if (token.length >= 16 && check.isPending) return <Spinner />;
  const usable = check.data?.items.valid === true;
  return (
    <section className="shell-auth-card" aria-labelledby="setup-title">
      <h1 id="setup-title">{title}</h1>
      {done ? (
        <p role="status">{t('auth:setup.done')}</p>
      ) : !usable ? (
        <p role="alert">{t('auth:setup.expired')}</p>
      ) : (
        <>
          <p>{t('auth:setup.lead')}</p>
          <form className="shell-form" noValidate onSubmit={submit} onKeyDown={onFormEnter(() => void submit())}>
            {FIELDS.map(([name, key, autoComplete]) => (
              <div className="shell-field" key={name}>
                <label htmlFor={`setup-${name}`}>{t(key)}</label>
                <input
                  id={`setup-${name}`}
                  type={name.startsWith('password') ? 'password' : name === 'email' ? 'email' : 'text'}
                  autoComplete={autoComplete}
                  aria-invalid={!!errors[name]}
                  {...register(name)}
                />
                {errors[name]?.message && (
                  <p className="shell-field-error" role="alert">
                    {translateValidation(t, errors[name].message, { field: t(key) })}
                  </p>
                )}
              </div>
            ))}
            <AuthError error={error} />
            <button className="shell-button shell-button--primary" type="submit" disabled={isSubmitting}>
              {t('auth:setup.submit')}
            </button>
          </form>
        </>
      )}
      <nav className="shell-auth-links">
        <Link to="/login">{t('auth:links.back_to_login')}</Link>
      </nav>
    </section>
  );
}
