import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { forgotPasswordBody } from '@portal/api-client/schemas/auth';
import { api } from '@portal/api-client/browser';
import { translateValidation } from '@portal/i18n';
import { AuthError } from '../components/AuthError';
import { onFormEnter } from '../components/LoginForm/imeSafeEnter';
import { usePageTitle } from '../hooks/usePageTitle';
import { TITLE_KEYS } from '../routes/titles';

/** /forgot-password: mails a reset link to a registered address. */
export function ForgotPasswordPage() {
  const title = usePageTitle(TITLE_KEYS.forgotPassword);
  const { t, i18n } = useTranslation(['auth', 'validation', 'errors']);
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState(false);
  const emailOnly = forgotPasswordBody.pick({ email: true });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' }, resolver: zodResolver(emailOnly) });

  const submit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const lang = i18n.language === 'en' ? 'en' : 'ja';
      await api.call('forgotPassword', { body: { email, lang } });
      setSent(true);
    } catch (e) {
      setError(e);
    }
  });

  const label = t('auth:fields.email');
  return (
    <section className="shell-auth-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{title}</h1>
      {sent ? (
        <p role="status">{t('auth:forgot.sent')}</p>
      ) : (
        <>
          <p>{t('auth:forgot.lead')}</p>
          <form className="shell-form" noValidate onSubmit={submit} onKeyDown={onFormEnter(() => void submit())}>
            <div className="shell-field">
              <label htmlFor="forgot-email">{label}</label>
              <input id="forgot-email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...register('email')} />
              {errors.email?.message && (
                <p className="shell-field-error" role="alert">
                  {translateValidation(t, errors.email.message, { field: label })}
                </p>
              )}
            </div>
            <AuthError error={error} />
            <button className="shell-button shell-button--primary" type="submit" disabled={isSubmitting}>
              {t('auth:forgot.submit')}
            </button>
          </form>
        </>
      )}
      <nav className="shell-auth-links">
        <Link to="/email/login">{t('auth:links.back_to_login')}</Link>
      </nav>
    </section>
  );
}

/** /employee-forgot-password: employee-number accounts are reset by the company administrator. */
export function EmployeeForgotPasswordPage() {
  const title = usePageTitle(TITLE_KEYS.employeeForgotPassword);
  const { t } = useTranslation('auth');
  return (
    <section className="shell-auth-card" aria-labelledby="emp-forgot-title">
      <h1 id="emp-forgot-title">{title}</h1>
      <p>{t('employee_forgot.lead')}</p>
      <nav className="shell-auth-links">
        <Link to="/forgot-password">{t('links.forgot_password_by_email')}</Link>
        <Link to="/login">{t('links.back_to_login')}</Link>
      </nav>
    </section>
  );
}
