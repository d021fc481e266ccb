import { useTranslation } from 'react-i18next';
import { companyInfoBody, type CompanyInfoBody, type MyProfile } from '@portal/api-client/schemas/settings';
import { Button } from '@portal/ui';
import { TextField } from '@portal/ui/kit';
import { useUpdateCompanyInfo } from '../../api/profile';
import { numberSelect } from '../../api/number-select';
import { useSectionForm } from '../../api/use-section-form';
import { usePostalFill } from './usePostalFill';
import { VisibilitySelect } from './VisibilitySelect';

const FIELDS = [
  'company_info_display_option',
  'department',
  'job_title',
  'zipcode',
  'prefecture',
  'city',
  'other_address',
  'building_name',
  'phone',
  'url',
] as const;
const TEXT = ['department', 'job_title'] as const;
const ADDRESS = ['prefecture', 'city', 'other_address', 'building_name'] as const;

/** Department, job title, office address (postal code fills prefecture and city), phone, URL. */
export function CompanyInfoForm({ data }: { data: MyProfile }) {
  const { t } = useTranslation('settings');
  const update = useUpdateCompanyInfo();
  const { form, submit, onKeyDown } = useSectionForm<CompanyInfoBody>(
    companyInfoBody,
    data.company_info,
    (v) => update.mutateAsync(v),
    FIELDS,
    'info.saved',
  );
  const unknownCode = usePostalFill(form);
  const { register, formState } = form;
  const e = formState.errors;
  return (
    <form className="pset-form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
      <p className="pset-readonly">
        {t('info.company_name')}: {data.info.company_name}
      </p>
      <VisibilitySelect
        label={t('info.company_info_display_option')}
        error={e.company_info_display_option?.message}
        {...numberSelect(form, 'company_info_display_option')}
      />
      {TEXT.map((f) => (
        <TextField key={f} label={t(`info.${f}`)} error={e[f]?.message} {...register(f)} />
      ))}
      <TextField
        label={t('info.zipcode')}
        inputMode="numeric"
        maxLength={7}
        hint={unknownCode ? t('info.zipcode_unknown') : t('info.zipcode_hint')}
        error={e.zipcode?.message}
        {...register('zipcode')}
      />
      {ADDRESS.map((f) => (
        <TextField key={f} label={t(`info.${f}`)} error={e[f]?.message} {...register(f)} />
      ))}
      <TextField label={t('info.phone')} type="tel" hint={t('info.phone_hint')} error={e.phone?.message} {...register('phone')} />
      <TextField label={t('info.url')} type="url" error={e.url?.message} {...register('url')} />
      <div className="pset-form__actions">
        <Button type="submit" loading={formState.isSubmitting}>
          {t('info.submit')}
        </Button>
      </div>
    </form>
  );
}
