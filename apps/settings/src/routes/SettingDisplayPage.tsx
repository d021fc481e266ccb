import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { settingsSchema } from '@portal/api-client/schemas/members';
import type { Settings } from '@portal/api-client/core';
import { Button, ErrorFallback, Spinner, useDocumentTitle, useModal } from '@portal/ui';
import { SelectField } from '@portal/ui/kit';
import { applyServerErrors } from '../api/form-errors';
import { numberSelect } from '../api/number-select';
import { useUpdateDisplay } from '../api/profile';
import { useSettings } from '../api/settings';

type Display = Settings['setting_display'];
const schema = settingsSchema.shape.setting_display.strict();
const FIELDS = ['number_item_lists', 'number_items_list_comment', 'display_image_video', 'first_day_of_week'] as const;
const SIZES = [5, 10, 20, 30, 50, 100];
const DAYS = [0, 1, 2, 3, 4, 5, 6];

/** /setting/setting-display: list sizes, thumbnails in text and the calendar's first weekday. */
export function SettingDisplayPage() {
  const { t } = useTranslation('settings');
  const title = t('pages.setting_display');
  useDocumentTitle(title);
  const modal = useModal();
  const settings = useSettings();
  const update = useUpdateDisplay();
  const form = useForm<Display>({ resolver: zodResolver(schema) });
  const { handleSubmit, reset, setError, setValue, watch, formState } = form;
  const thumbnails = watch('display_image_video');
  const current = settings.data?.setting_display;
  useEffect(() => {
    if (current) reset(current);
  }, [current, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      modal.success({ message: t('display.success') });
    } catch (err) {
      applyServerErrors(err, setError, {}, FIELDS);
    }
  });

  const sizes = SIZES.map((n) => ({ value: n, label: t('display.items', { n }) }));
  const e = formState.errors;
  return (
    <section className="pset-page" aria-labelledby="pset-display-title">
      <h1 id="pset-display-title" className="pui-page-title">
        {title}
      </h1>
      {settings.isPending && <Spinner />}
      {settings.isError && <ErrorFallback error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && (
        <form className="pset-form" noValidate onSubmit={submit}>
          <SelectField
            label={t('display.list_size')}
            options={sizes}
            error={e.number_item_lists?.message}
            {...numberSelect(form, 'number_item_lists')}
          />
          <SelectField
            label={t('display.comment_size')}
            options={sizes}
            error={e.number_items_list_comment?.message}
            {...numberSelect(form, 'number_items_list_comment')}
          />
          <fieldset>
            <legend className="pui-field__label">{t('display.thumbnails')}</legend>
            {[1, 0].map((v) => (
              <label key={v} className="pset-radio">
                <input
                  type="radio"
                  name="display_image_video"
                  checked={thumbnails === v}
                  onChange={() => setValue('display_image_video', v as 0 | 1, { shouldDirty: true })}
                />{' '}
                {t(v ? 'display.show' : 'display.hide')}
              </label>
            ))}
          </fieldset>
          <SelectField
            label={t('display.first_day')}
            options={DAYS.map((d) => ({ value: d, label: t(`weekdays.${d}`) }))}
            error={e.first_day_of_week?.message}
            {...numberSelect(form, 'first_day_of_week')}
          />
          <div className="pset-form__actions">
            <Button type="submit" loading={formState.isSubmitting}>
              {t('display.submit')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
