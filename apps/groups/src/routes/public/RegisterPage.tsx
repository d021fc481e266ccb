import { useEffect, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@portal/api-client/core';
import { registerBody } from '@portal/api-client/schemas/groups';
import { translateError } from '@portal/i18n';
import { Button, isImeComposing, Spinner, useDocumentTitle } from '@portal/ui';
import { PasswordField, TextField } from '@portal/ui/kit';
import { useInvitePreview, useRegister, type RegisterInput } from '../../api/public';
import { registerType } from './registerUrl';
import '../groups.css';

const FIELD_BY_CODE = { DUPLICATE_EMAIL: 'email', EMPLOYEE_NUMBER_USED: 'employee_number' } as const;

/**
 * `./Register` at /register?link=…: a new user registers from an invitation. Registration also
 * files the join request, so the user can log in once an administrator approves it.
 */
export default function RegisterPage() {
  // Both namespaces in one call, so the page suspends once for them (`errors` is not bundled).
  const { t } = useTranslation(['groups', 'errors']);
  const { t: tErrors } = useTranslation('errors');
  useDocumentTitle(t('register.title'));
  const [params] = useSearchParams();
  const link = params.get('link') ?? '';
  const preview = useInvitePreview(link);
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput>({
    resolver: zodResolver(registerBody),
    defaultValues: {
      unique_url: link,
      last_name: '',
      first_name: '',
      last_name_kana: '',
      first_name_kana: '',
      email: '',
      employee_number: '',
      password: '',
      password_confirmation: '',
    },
  });
  const invitedEmail = preview.data?.type === 'mail' ? preview.data.email : null;
  // A mail invitation is for its address only (the API checks it); fill it in and keep it fixed.
  useEffect(() => {
    if (invitedEmail) setValue('email', invitedEmail);
  }, [invitedEmail, setValue]);

  const submit = handleSubmit(async (body) => {
    if (!preview.data) return;
    try {
      await registration.mutateAsync({ type: registerType(preview.data.type), body });
    } catch (err) {
      if (!(err instanceof ApiError)) return setError('root.server', { message: 'generic' });
      const field = FIELD_BY_CODE[err.code as keyof typeof FIELD_BY_CODE];
      if (field) setError(field, { type: 'server', message: `errors:${err.code}` });
      else setError('root.server', { message: err.code });
    }
  });

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
    e.preventDefault();
    if (!isImeComposing(e) && !isSubmitting) void submit();
  };

  const heading = (
    <h1 id="pgrp-register-title" className="pui-compact__title">
      {t('register.title')}
    </h1>
  );
  if (!link || preview.isError) {
    return (
      <section className="pgrp-public" aria-labelledby="pgrp-register-title">
        {heading}
        <p role="alert">{translateError(tErrors, 'LINK_UNUSABLE')}</p>
        <Link to="/login">{t('register.to_login')}</Link>
      </section>
    );
  }
  if (preview.isPending) return <Spinner size="lg" />;
  if (registration.isSuccess) {
    return (
      <section className="pgrp-public" aria-labelledby="pgrp-register-title">
        {heading}
        <p role="status" className="pgrp-public__done">
          {t('register.done', { group: preview.data.group.name })}
        </p>
        <Link to="/login">{t('register.to_login')}</Link>
      </section>
    );
  }

  const serverError = errors.root?.server?.message;
  return (
    <section className="pgrp-public" aria-labelledby="pgrp-register-title">
      {heading}
      <p>{t('register.lead', { group: preview.data.group.name })}</p>
      <form noValidate onSubmit={submit} onKeyDown={onKeyDown}>
        <div className="pgrp-name-row">
          <TextField
            label={t('register.last_name')}
            required
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...register('last_name')}
          />
          <TextField
            label={t('register.first_name')}
            required
            autoComplete="given-name"
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextField
            label={t('register.last_name_kana')}
            hint={t('register.kana_hint')}
            error={errors.last_name_kana?.message}
            {...register('last_name_kana')}
          />
          <TextField label={t('register.first_name_kana')} error={errors.first_name_kana?.message} {...register('first_name_kana')} />
        </div>
        <TextField
          label={t('register.email')}
          type="email"
          required
          autoComplete="email"
          readOnly={Boolean(invitedEmail)}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={t('register.employee_number')}
          required
          autoComplete="username"
          error={errors.employee_number?.message}
          {...register('employee_number')}
        />
        <PasswordField
          label={t('register.password')}
          required
          autoComplete="new-password"
          hint={t('register.password_hint')}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label={t('register.password_confirmation')}
          required
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        {serverError && (
          <p role="alert" className="pui-field__error">
            {translateError(tErrors, serverError)}
          </p>
        )}
        <Button type="submit" block loading={isSubmitting}>
          {t('register.submit')}
        </Button>
      </form>
    </section>
  );
}
