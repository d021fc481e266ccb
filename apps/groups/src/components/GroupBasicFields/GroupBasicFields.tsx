import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormError, TextField } from '@portal/ui/kit';

export interface GroupBasicFieldsProps {
  /** Makes the notice field's id unique on its page. */
  idPrefix: string;
  name: UseFormRegisterReturn;
  letterColor: UseFormRegisterReturn;
  notice: UseFormRegisterReturn;
  errors: { name?: string; notice?: string };
}

/** Name, letter colour and notice: the fields creating a group and editing one have in common. */
export function GroupBasicFields({ idPrefix, name, letterColor, notice, errors }: GroupBasicFieldsProps) {
  const { t } = useTranslation('groups');
  const noticeId = `${idPrefix}-notice`;
  return (
    <>
      <TextField label={t('info.name')} required error={errors.name} {...name} />
      <fieldset>
        <legend className="pui-field__label">{t('info.letter_color')}</legend>
        <label>
          <input type="radio" value="1" {...letterColor} /> {t('info.white')}
        </label>
        <label>
          <input type="radio" value="2" {...letterColor} /> {t('info.black')}
        </label>
      </fieldset>
      <div className="pui-field">
        <label className="pui-field__label" htmlFor={noticeId}>
          {t('info.notice')}
        </label>
        <textarea id={noticeId} className="pui-input" aria-invalid={errors.notice ? true : undefined} {...notice} />
        <FormError message={errors.notice} values={{ field: t('info.notice') }} />
      </div>
    </>
  );
}
