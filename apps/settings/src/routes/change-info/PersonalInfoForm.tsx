import { useTranslation } from 'react-i18next';
import type { Path } from 'react-hook-form';
import { MAX_PHONES, MAX_URLS, personalInfoBody, type MyProfile, type PersonalInfoBody } from '@portal/api-client/schemas/settings';
import { Button } from '@portal/ui';
import { FormError, SelectField, TextField } from '@portal/ui/kit';
import { useUpdatePersonalInfo } from '../../api/profile';
import { numberSelect } from '../../api/number-select';
import { useSectionForm } from '../../api/use-section-form';
import { usePostalFill } from './usePostalFill';
import { VisibilitySelect } from './VisibilitySelect';

type P = PersonalInfoBody;
const FIELDS = [
  'gender',
  'birthday',
  'birthday_option',
  'nearest_station',
  'zipcode',
  'prefecture',
  'prefecture_option',
  'city',
  'other_address',
  'building_name',
  'phones',
  'urls',
] as unknown as readonly Path<P>[];
const ADDRESS = ['city', 'other_address', 'building_name'] as const;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Gender, birthday, nearest station, home address, phones and URLs, each with who may see it. */
export function PersonalInfoForm({ data }: { data: MyProfile }) {
  const { t } = useTranslation('settings');
  const update = useUpdatePersonalInfo();
  const { form, submit, onKeyDown } = useSectionForm<P>(
    personalInfoBody,
    data.personal_info,
    (v) => update.mutateAsync(v),
    FIELDS,
    'info.saved',
  );
  const unknownCode = usePostalFill(form);
  const { register, formState, watch, setValue } = form;
  const e = formState.errors as typeof formState.errors & { birthday?: { message?: string } };
  const phones = watch('phones') ?? [];
  const urls = watch('urls') ?? [];
  const thisYear = new Date().getFullYear();

  const list = (key: 'phones' | 'urls', values: string[], max: number, type: 'tel' | 'url') => (
    <fieldset className="pset-list">
      <legend className="pui-field__label">{t(`info.${key}`)}</legend>
      {values.map((_, i) => (
        <div key={i} className="pset-list__row">
          <TextField label={t(`info.${key}_item`, { n: i + 1 })} type={type} error={e[key]?.[i]?.message} {...register(`${key}.${i}`)} />
          <Button
            variant="link"
            onClick={() =>
              setValue(
                key,
                values.filter((_, j) => j !== i),
                { shouldDirty: true },
              )
            }
          >
            {t('info.remove_item')}
          </Button>
        </div>
      ))}
      {values.length < max && (
        <Button variant="secondary" size="sm" onClick={() => setValue(key, [...values, ''], { shouldDirty: true })}>
          {t(`info.add_${key}`)}
        </Button>
      )}
      <FormError message={e[key]?.message} />
    </fieldset>
  );

  return (
    <form className="pset-form" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
      <SelectField
        label={t('info.gender')}
        options={[0, 1, 2, 3].map((g) => ({ value: g, label: t(`info.genders.${g}`) }))}
        error={e.gender?.message}
        {...numberSelect(form, 'gender')}
      />
      <fieldset className="pset-birthday">
        <legend className="pui-field__label">{t('info.birthday')}</legend>
        <SelectField
          label={t('info.birthday_year')}
          placeholder="—"
          options={range(1900, thisYear)
            .reverse()
            .map((y) => ({ value: y, label: y }))}
          {...numberSelect(form, 'birthday_year', { nullable: true })}
        />
        <SelectField
          label={t('info.birthday_month')}
          placeholder="—"
          options={range(1, 12).map((m) => ({ value: m, label: m }))}
          {...numberSelect(form, 'birthday_month', { nullable: true })}
        />
        <SelectField
          label={t('info.birthday_day')}
          placeholder="—"
          options={range(1, 31).map((d) => ({ value: d, label: d }))}
          {...numberSelect(form, 'birthday_day', { nullable: true })}
        />
        <FormError message={e.birthday?.message} />
      </fieldset>
      <VisibilitySelect label={t('info.birthday_option')} error={e.birthday_option?.message} {...numberSelect(form, 'birthday_option')} />
      <TextField label={t('info.nearest_station')} error={e.nearest_station?.message} {...register('nearest_station')} />
      <TextField
        label={t('info.zipcode')}
        inputMode="numeric"
        maxLength={7}
        hint={unknownCode ? t('info.zipcode_unknown') : t('info.zipcode_hint')}
        error={e.zipcode?.message}
        {...register('zipcode')}
      />
      <TextField label={t('info.prefecture')} error={e.prefecture?.message} {...register('prefecture')} />
      <VisibilitySelect
        label={t('info.prefecture_option')}
        error={e.prefecture_option?.message}
        {...numberSelect(form, 'prefecture_option')}
      />
      {ADDRESS.map((f) => (
        <TextField key={f} label={t(`info.${f}`)} error={e[f]?.message} {...register(f)} />
      ))}
      {list('phones', phones, MAX_PHONES, 'tel')}
      {list('urls', urls, MAX_URLS, 'url')}
      <div className="pset-form__actions">
        <Button type="submit" loading={formState.isSubmitting}>
          {t('info.submit')}
        </Button>
      </div>
    </form>
  );
}
