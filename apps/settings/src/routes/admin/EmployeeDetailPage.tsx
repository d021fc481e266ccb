import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@portal/api-client/core';
import { updateEmployeeBody, type UpdateEmployeeBody } from '@portal/api-client/schemas/admin';
import { api } from '@portal/api-client/browser';
import { useShowActionError } from '@portal/content/kit';
import { translateError } from '@portal/i18n';
import { Button, ErrorFallback, Spinner, useConfirm, useModal } from '@portal/ui';
import { useErrorStrings, TextField } from '@portal/ui/kit';
import { useSectionForm } from '../../api/use-section-form';
import { adminKeys, formatTime } from '../../api/admin';
import { SuccessorDialog, type SoleGroup } from './SuccessorDialog';

const FIELDS = ['employee_number', 'email', 'last_name', 'first_name', 'last_name_kana', 'first_name_kana', 'department'] as const;

export function EmployeeDetailPage() {
  const { t, i18n } = useTranslation('settings');
  const userId = Number(useParams().userId);
  const queryClient = useQueryClient();
  const modal = useModal();
  const confirm = useConfirm();
  const showError = useShowActionError();
  const errorStrings = useErrorStrings();
  const [soleGroups, setSoleGroups] = useState<SoleGroup[] | null>(null);
  const q = useQuery({
    queryKey: adminKeys.employee(userId),
    queryFn: async () => (await api.call('adminGetEmployee', { params: { userId } })).items,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const loaded = useMemo(
    () => (q.data ? (Object.fromEntries(FIELDS.map((f) => [f, q.data[f]])) as Required<UpdateEmployeeBody>) : undefined),
    [q.data],
  );
  const { form, submit, onKeyDown } = useSectionForm<Required<UpdateEmployeeBody>>(
    updateEmployeeBody as never,
    loaded,
    async (body) => {
      await api.call('adminUpdateEmployee', { params: { userId }, body });
      await refresh();
    },
    FIELDS,
    'admin.employees.saved',
  );

  if (q.isPending) return <Spinner />;
  if (q.isError) return <ErrorFallback error={q.error} onRetry={() => void q.refetch()} />;
  const u = q.data;
  const name = `${u.last_name} ${u.first_name}`;
  const active = u.status === 'active';
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      await refresh();
      modal.success({ message: t(done) });
    } catch (err) {
      const groups =
        err instanceof ApiError && err.code === 'MUST_APPOINT_ADMIN' ? (err.body?.data?.groups as SoleGroup[] | undefined) : undefined;
      if (groups?.length) setSoleGroups(groups);
      else if (err instanceof ApiError && err.code === 'MUST_APPOINT_ADMIN')
        errorStrings.afterLoad(() => modal.error({ message: translateError(errorStrings.t, 'MUST_APPOINT_ADMIN') }));
      else showError(err);
    }
  };
  const rights = (body: { is_company_admin?: boolean; common_topic_role?: boolean }) =>
    act(() => api.call('adminSetRights', { params: { userId }, body }), 'admin.employees.saved');
  const e = form.formState.errors;
  return (
    <div className="padm-detail">
      <p>
        <Link to="/setting/admin/employees">{t('admin.detail.back')}</Link>
      </p>
      <h2>
        {name} {!active && <span className="padm-badge">{t('admin.detail.status_left')}</span>}
      </h2>
      <section aria-labelledby="padm-info">
        <h3 id="padm-info">{t('admin.detail.info')}</h3>
        <form className="pset-form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
          <TextField
            label={t('admin.employees.number')}
            required
            disabled={!active}
            error={e.employee_number?.message}
            {...form.register('employee_number')}
          />
          <div className="padm-pair">
            <TextField
              label={t('admin.employees.last_name')}
              required
              disabled={!active}
              error={e.last_name?.message}
              {...form.register('last_name')}
            />
            <TextField
              label={t('admin.employees.first_name')}
              required
              disabled={!active}
              error={e.first_name?.message}
              {...form.register('first_name')}
            />
          </div>
          <div className="padm-pair">
            <TextField
              label={t('admin.employees.last_name_kana')}
              disabled={!active}
              error={e.last_name_kana?.message}
              {...form.register('last_name_kana')}
            />
            <TextField
              label={t('admin.employees.first_name_kana')}
              disabled={!active}
              error={e.first_name_kana?.message}
              {...form.register('first_name_kana')}
            />
          </div>
          <TextField
            label={t('admin.employees.email')}
            type="email"
            required
            disabled={!active}
            error={e.email?.message}
            {...form.register('email')}
          />
          <TextField
            label={t('admin.employees.department')}
            disabled={!active}
            error={e.department?.message}
            {...form.register('department')}
          />
          {active && (
            <div className="pset-form__actions">
              <Button type="submit" loading={form.formState.isSubmitting}>
                {t('admin.employees.save')}
              </Button>
            </div>
          )}
        </form>
      </section>
      <section aria-labelledby="padm-rights">
        <h3 id="padm-rights">{t('admin.detail.rights')}</h3>
        <label className="padm-check">
          <input
            type="checkbox"
            checked={u.is_company_admin}
            disabled={!active}
            onChange={(ev) => void rights({ is_company_admin: ev.target.checked })}
          />{' '}
          {t('admin.employees.company_admin')}
        </label>
        <label className="padm-check">
          <input
            type="checkbox"
            checked={u.common_topic_role}
            disabled={!active}
            onChange={(ev) => void rights({ common_topic_role: ev.target.checked })}
          />{' '}
          {t('admin.employees.common_topic')}
        </label>
      </section>
      <section aria-labelledby="padm-account">
        <h3 id="padm-account">{t('admin.detail.account')}</h3>
        <p>
          {t('admin.detail.last_login')}: {u.last_login_at ? formatTime(u.last_login_at, i18n.language) : t('admin.detail.never')}
        </p>
        {u.locked_at !== null && (
          <p className="padm-warn" role="status">
            {t('admin.detail.locked_since', { time: formatTime(u.locked_at, i18n.language) })}{' '}
            <Button size="sm" onClick={() => void act(() => api.call('unlockUser', { params: { userId } }), 'admin.detail.unlocked')}>
              {t('admin.detail.unlock')}
            </Button>
          </p>
        )}
        {active && (
          <div className="padm-actions">
            <Button
              variant="secondary"
              onClick={() => void act(() => api.call('adminPasswordMail', { params: { userId } }), 'admin.detail.password_mail_sent')}
            >
              {t('admin.detail.password_mail')}
            </Button>
            <Button
              variant="danger"
              onClick={async () => {
                if (
                  await confirm({
                    message: t('admin.detail.retire_confirm', { name }),
                    destructive: true,
                    confirmLabel: t('admin.detail.retire'),
                  })
                ) {
                  await act(() => api.call('adminRetireEmployee', { params: { userId }, body: {} }), 'admin.detail.retired');
                }
              }}
            >
              {t('admin.detail.retire')}
            </Button>
          </div>
        )}
      </section>
      {soleGroups && (
        <SuccessorDialog
          groups={soleGroups}
          onCancel={() => setSoleGroups(null)}
          onConfirm={(successors) => {
            setSoleGroups(null);
            void act(() => api.call('adminRetireEmployee', { params: { userId }, body: { successors } }), 'admin.detail.retired');
          }}
        />
      )}
      <section aria-labelledby="padm-groups">
        <h3 id="padm-groups">{t('admin.detail.groups')}</h3>
        <ul>
          {u.groups.map((g) => (
            <li key={g.id}>
              {g.name}
              {g.role_admin && ` (${t('admin.detail.group_admin')})`}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
