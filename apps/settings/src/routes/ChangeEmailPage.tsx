import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { changeEmailForm, subEmailsBody, type MyProfile, type SubEmailsBody } from '@portal/api-client/schemas/settings';
import { Button, ErrorFallback, Spinner, useDocumentTitle, useModal } from '@portal/ui';
import { TextField } from '@portal/ui/kit';
import { useChangeEmail, useMyProfile, useUpdateSubEmails } from '../api/profile';
import { useSectionForm } from '../api/use-section-form';

/** /setting/change-email: a new login address (confirmed from a mailed link) and two more. */
export function ChangeEmailPage() {
  const { t } = useTranslation('settings');
  const title = t('pages.change_email');
  useDocumentTitle(title);
  const q = useMyProfile();
  return (
    <section className="pset-page" aria-labelledby="pset-email-title">
      <h1 id="pset-email-title" className="pui-page-title">
        {title}
      </h1>
      {q.isPending && <Spinner />}
      {q.isError && <ErrorFallback error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && (
        <>
          <LoginEmailForm current={q.data.info.email} />
          <SubEmailsForm info={q.data.info} />
        </>
      )}
    </section>
  );
}

function LoginEmailForm({ current }: { current: string }) {
  const { t } = useTranslation('settings');
  const modal = useModal();
  const change = useChangeEmail();
  const schema = useMemo(() => changeEmailForm(current), [current]);
  const empty = useMemo(() => ({ email: '' }), []);
  const { form, submit, onKeyDown } = useSectionForm<{ email: string }>(
    schema as never,
    empty,
    async (v) => {
      const sent = await change.mutateAsync(v.email);
      form.reset(empty);
      // Replaces the generic success message: the change is not done until the link is opened.
      modal.info({ message: t('email.sent', { email: sent.pending_email }) });
    },
    ['email'],
    null,
  );
  const e = form.formState.errors;
  return (
    <form className="pset-form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
      <h2 className="pset-subtitle">{t('email.login_heading')}</h2>
      <p className="pset-readonly">
        {t('email.current')}: <strong>{current}</strong>
      </p>
      <TextField
        label={t('email.new')}
        type="email"
        autoComplete="email"
        required
        hint={t('email.hint')}
        error={e.email?.message}
        {...form.register('email')}
      />
      <div className="pset-form__actions">
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('email.send')}
        </Button>
      </div>
    </form>
  );
}

function SubEmailsForm({ info }: { info: MyProfile['info'] }) {
  const { t } = useTranslation('settings');
  const update = useUpdateSubEmails();
  const loaded = useMemo(() => ({ second_email: info.second_email, third_email: info.third_email }), [info.second_email, info.third_email]);
  const { form, submit, onKeyDown } = useSectionForm<SubEmailsBody>(
    subEmailsBody as never,
    loaded,
    (v) => update.mutateAsync(v),
    ['second_email', 'third_email'],
    'info.saved',
  );
  const e = form.formState.errors;
  return (
    <form className="pset-form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
      <h2 className="pset-subtitle">{t('email.sub_heading')}</h2>
      <TextField label={t('account.sub_email', { n: 2 })} type="email" error={e.second_email?.message} {...form.register('second_email')} />
      <TextField label={t('account.sub_email', { n: 3 })} type="email" error={e.third_email?.message} {...form.register('third_email')} />
      <div className="pset-form__actions">
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('info.submit')}
        </Button>
      </div>
    </form>
  );
}
