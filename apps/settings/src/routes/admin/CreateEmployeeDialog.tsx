import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { createEmployeeBody, type CreateEmployeeBody } from '@portal/api-client/schemas/admin';
import { api } from '@portal/api-client/browser';
import { Button, Dialog } from '@portal/ui';
import { TextField } from '@portal/ui/kit';
import { useSectionForm } from '../../api/use-section-form';
import { adminKeys } from '../../api/admin';

type Values = Omit<CreateEmployeeBody, 'group_ids'> & { department: string; send_password_mail: boolean };
const FIELDS = ['employee_number', 'email', 'last_name', 'first_name', 'last_name_kana', 'first_name_kana', 'department'] as const;
const EMPTY: Values = {
  employee_number: '',
  email: '',
  last_name: '',
  first_name: '',
  last_name_kana: '',
  first_name_kana: '',
  department: '',
  send_password_mail: true,
};

/** Registers one employee; groups are added on the detail page (the group screens own members). */
export function CreateEmployeeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { form, submit, onKeyDown } = useSectionForm<Values>(
    createEmployeeBody.omit({ group_ids: true }) as never,
    EMPTY,
    async (v) => {
      const created = (await api.call('adminCreateEmployee', { body: v })).items;
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      onClose();
      void navigate(`/setting/admin/employees/${created.id}`);
    },
    FIELDS,
    'admin.employees.created',
  );
  const e = form.formState.errors;
  return (
    <Dialog titleId={`${id}-t`} descriptionId={`${id}-d`} onDismiss={onClose} className="pui-modal padm-dialog">
      <h2 id={`${id}-t`}>{t('admin.employees.new')}</h2>
      <form id={`${id}-d`} className="pset-form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
        <TextField label={t('admin.employees.number')} required error={e.employee_number?.message} {...form.register('employee_number')} />
        <div className="padm-pair">
          <TextField label={t('admin.employees.last_name')} required error={e.last_name?.message} {...form.register('last_name')} />
          <TextField label={t('admin.employees.first_name')} required error={e.first_name?.message} {...form.register('first_name')} />
        </div>
        <div className="padm-pair">
          <TextField label={t('admin.employees.last_name_kana')} error={e.last_name_kana?.message} {...form.register('last_name_kana')} />
          <TextField
            label={t('admin.employees.first_name_kana')}
            error={e.first_name_kana?.message}
            {...form.register('first_name_kana')}
          />
        </div>
        <TextField label={t('admin.employees.email')} type="email" required error={e.email?.message} {...form.register('email')} />
        <TextField label={t('admin.employees.department')} error={e.department?.message} {...form.register('department')} />
        <label className="padm-check">
          <input type="checkbox" {...form.register('send_password_mail')} /> {t('admin.employees.send_mail')}
        </label>
        <div className="pset-form__actions">
          <Button variant="secondary" type="button" onClick={onClose}>
            {t('admin.employees.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('admin.employees.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
