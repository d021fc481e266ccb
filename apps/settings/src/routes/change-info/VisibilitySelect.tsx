import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@portal/ui/kit';

/** Who sees a part of the profile: hidden (0) or the company's members (1). */
export function VisibilitySelect({
  label,
  error,
  ...select
}: { label: string; error?: string } & Omit<ComponentProps<'select'>, 'children'>) {
  const { t } = useTranslation('settings');
  const options = [
    { value: 0, label: t('info.visibility.hidden') },
    { value: 1, label: t('info.visibility.members') },
  ];
  return <SelectField label={label} options={options} error={error} {...select} />;
}
