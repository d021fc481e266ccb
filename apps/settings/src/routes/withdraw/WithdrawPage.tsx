import { useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { clearSession } from '@portal/api-client/session';
import { soleAdminGroups, withdrawBody } from '@portal/api-client/schemas/settings';
import { Button, isImeComposing, useConfirm, useDocumentTitle, useModal } from '@portal/ui';
import { PasswordField } from '@portal/ui/kit';
import { useShowActionError } from '@portal/content/kit';
import { applyServerErrors } from '../../api/form-errors';
// Exposed on its own (outside SettingsLayout), so it brings the settings styles itself.
import '../SettingsLayout.css';
import '../pages.css';

type Body = { password: string };
type Group = { id: number; name: string };

/**
 * `./Withdraw` (the shell's /withdraw): leave the portal after confirming with the password. A
 * sole group administrator sees the groups that need another administrator first.
 */
export default function WithdrawPage() {
  const { t } = useTranslation('settings');
  const title = t('withdraw.title');
  useDocumentTitle(title);
  const confirm = useConfirm();
  const modal = useModal();
  const showError = useShowActionError();
  const navigate = useNavigate();
  const [blocked, setBlocked] = useState<Group[]>([]);
  const { register, handleSubmit, setError, formState } = useForm<Body>({
    resolver: zodResolver(withdrawBody),
    defaultValues: { password: '' },
  });

  const submit = handleSubmit(async (body) => {
    if (!(await confirm({ message: t('withdraw.confirm'), confirmLabel: t('withdraw.submit'), destructive: true }))) return;
    try {
      await api.call('withdraw', { body });
      modal.success({ message: t('withdraw.done') });
      clearSession();
      navigate('/login', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'MUST_APPOINT_ADMIN') {
        setBlocked(soleAdminGroups.safeParse(err.body?.data).data?.groups ?? []);
        return;
      }
      if (!applyServerErrors(err, setError, { CURRENT_PASSWORD_INCORRECT: 'password' }, ['password'])) showError(err);
    }
  });
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
    e.preventDefault();
    if (!isImeComposing(e) && !formState.isSubmitting) void submit();
  };

  return (
    <section className="pset-page" aria-labelledby="pset-withdraw-title">
      <h1 id="pset-withdraw-title" className="pui-page-title">
        {title}
      </h1>
      <p>{t('withdraw.lead')}</p>
      {blocked.length > 0 && (
        <div role="alert" className="pset-alert">
          <p>{t('withdraw.appoint_first')}</p>
          <ul>
            {blocked.map((g) => (
              <li key={g.id}>
                <Link to={`/group/${g.id}`}>{g.name}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form className="pset-form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
        <PasswordField
          label={t('withdraw.password')}
          autoComplete="current-password"
          required
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <div className="pset-form__actions">
          <Button type="submit" variant="danger" loading={formState.isSubmitting}>
            {t('withdraw.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
