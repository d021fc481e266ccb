import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { api } from '@portal/api-client/browser';
import { groupRolesQuery } from '@portal/api-client/page-queries';
import { ADMIN_REGISTER_MAX, adminRegisterBody, type AdminRegisterBody } from '@portal/api-client/schemas/settings';
import { Button, isImeComposing, Spinner, useDocumentTitle, useModal } from '@portal/ui';
import { TextField } from '@portal/ui/kit';
import { applyServerErrors } from '../../api/form-errors';
// Exposed on its own (outside SettingsLayout), so it brings the settings styles itself.
import '../SettingsLayout.css';
import '../pages.css';

type Employee = AdminRegisterBody['employees'][number];
const BLANK: Employee = { employee_number: '', email: '', last_name: '', first_name: '', last_name_kana: '', first_name_kana: '' };
const COLUMNS = ['employee_number', 'email', 'last_name', 'first_name', 'last_name_kana', 'first_name_kana'] as const;

/**
 * `./MemberRegister` (the shell's /group/{groupId}/members/register): a group administrator
 * registers employees into the group; each gets a mail to set a password. Without the right the
 * page goes to the group's top page (spec section 2).
 */
export default function MemberRegisterPage() {
  const { t } = useTranslation('settings');
  const title = t('register.title');
  useDocumentTitle(title);
  const groupId = Number(useParams().groupId);
  const navigate = useNavigate();
  const modal = useModal();
  // The groups remote keeps the same entry, in this shape, under the same key.
  const roles = useQuery(groupRolesQuery(api, groupId));
  const isAdmin = roles.data?.admin;
  useEffect(() => {
    if (roles.isError || (roles.data && !isAdmin)) navigate(`/group/${groupId}`, { replace: true });
  }, [roles.isError, roles.data, isAdmin, groupId, navigate]);

  const form = useForm<AdminRegisterBody>({ resolver: zodResolver(adminRegisterBody), defaultValues: { employees: [BLANK] } });
  const rows = useFieldArray({ control: form.control, name: 'employees' });
  const submit = form.handleSubmit(async (body) => {
    try {
      const { registered } = (await api.call('adminRegisters', { params: { group_id: groupId }, body })).items;
      form.reset({ employees: [BLANK] });
      modal.success({ message: t('register.done', { n: registered.length, names: registered.map((r) => r.employee_number).join(', ') }) });
    } catch (err) {
      const fields = body.employees.flatMap((_, i) => COLUMNS.map((c) => `employees.${i}.${c}` as Path<AdminRegisterBody>));
      applyServerErrors(err, form.setError, {}, fields);
    }
  });

  if (!isAdmin) return <Spinner />;
  const e = form.formState.errors.employees;
  return (
    <section className="pset-page" aria-labelledby="pset-register-title">
      <h1 id="pset-register-title" className="pui-page-title">
        {title}
      </h1>
      <p>{t('register.lead')}</p>
      <form
        noValidate
        onSubmit={submit}
        onKeyDown={(ev) => {
          if (ev.key !== 'Enter' || !(ev.target instanceof HTMLInputElement)) return;
          ev.preventDefault();
          if (!isImeComposing(ev) && !form.formState.isSubmitting) void submit();
        }}
      >
        {rows.fields.map((row, i) => (
          <fieldset key={row.id} className="pset-register__row">
            <legend>{t('register.row', { n: i + 1 })}</legend>
            {COLUMNS.map((c) => (
              <TextField
                key={c}
                label={t(`register.fields.${c}`)}
                required
                error={e?.[i]?.[c]?.message}
                {...form.register(`employees.${i}.${c}`)}
              />
            ))}
            {rows.fields.length > 1 && (
              <Button variant="link" onClick={() => rows.remove(i)}>
                {t('info.remove_item')}
              </Button>
            )}
          </fieldset>
        ))}
        <div className="pset-form__actions">
          {rows.fields.length < ADMIN_REGISTER_MAX && (
            <Button variant="secondary" onClick={() => rows.append(BLANK)}>
              {t('register.add_row')}
            </Button>
          )}
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('register.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
