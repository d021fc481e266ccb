import { useEffect, type KeyboardEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isImeComposing, useModal } from '@portal/ui';
import { applyServerErrors } from './form-errors';

/**
 * One settings form: validated by the same zod schema as the API, filled from the loaded values,
 * saved with `save`, server 400s put back on their fields. Enter in a text input submits
 * explicitly, never the Enter that confirms an IME conversion.
 */
export function useSectionForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  loaded: T | undefined,
  save: (values: T) => Promise<unknown>,
  fields: readonly Path<T>[],
  /** Message of the success modal; null when `save` tells the user itself. */
  successKey: string | null,
) {
  const { t } = useTranslation('settings');
  const modal = useModal();
  const form = useForm<T>({ resolver: zodResolver(schema as never), defaultValues: loaded as DefaultValues<T> | undefined });
  const { reset } = form;
  useEffect(() => {
    if (loaded) reset(loaded);
  }, [loaded, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save(values);
      if (successKey) modal.success({ message: t(successKey) });
    } catch (err) {
      applyServerErrors(err, form.setError, {}, fields);
    }
  });

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement) || e.target.type === 'file') return;
    e.preventDefault();
    if (!isImeComposing(e) && !form.formState.isSubmitting) void submit();
  };
  return { form, submit, onKeyDown };
}
