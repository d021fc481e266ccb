import type { KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { changePasswordBody } from '@portal/api-client/schemas/members';
import { translateError } from '@portal/i18n';
import { Button, isImeComposing, useDocumentTitle, useModal } from '@portal/ui';
import { PasswordField } from '@portal/ui/kit';
import { applyServerErrors } from '../api/form-errors';
import { useChangePassword, type ChangePasswordInput } from '../api/settings';

const EMPTY: ChangePasswordInput = { current_password: '', password: '', password_confirmation: '' };
const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const FIELD_BY_CODE = {
  CURRENT_PASSWORD_INCORRECT: 'current_password',
  PASSWORD_SAME_AS_CURRENT: 'password',
} as const;

/** /setting/change-password: current, new and confirmation; success modal on change. */
export function ChangePasswordPage() {
  // Both namespaces in one call, so the page suspends once for them (`errors` is not bundled).
  const { t } = useTranslation(['settings', 'errors']);
  const { t: tErrors } = useTranslation('errors');
  const title = t('pages.change_password');
  useDocumentTitle(title);
  const modal = useModal();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordBody), defaultValues: EMPTY });

  const submit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      modal.success({ message: t('change_password.success') });
    } catch (err) {
      applyServerErrors(err, setError, FIELD_BY_CODE, FIELDS);
    }
  });

  // Enter submits explicitly so the Enter that confirms a Japanese IME conversion never does;
  // the browser's implicit submission cannot tell the two apart in every engine.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
    e.preventDefault();
    if (!isImeComposing(e) && !isSubmitting) void submit();
  };

  const serverError = errors.root?.server?.message;
  return (
    <section className="pset-page" aria-labelledby="pset-change-password-title">
      <h1 id="pset-change-password-title" className="pui-page-title">
        {title}
      </h1>
      <form className="pset-form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
        <PasswordField
          label={t('change_password.current')}
          autoComplete="current-password"
          required
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <PasswordField
          label={t('change_password.new')}
          autoComplete="new-password"
          required
          hint={t('change_password.hint')}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label={t('change_password.confirmation')}
          autoComplete="new-password"
          required
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        {serverError && (
          <p role="alert" className="pui-field__error">
            {translateError(tErrors, serverError)}
          </p>
        )}
        <div className="pset-form__actions">
          <Button type="submit" loading={isSubmitting}>
            {t('change_password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
