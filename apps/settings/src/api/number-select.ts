import type { ChangeEvent } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * Props for a <select> bound to a number (or null) form value. Controlled rather than
 * `register`ed: register writes the number into `select.value`, which not every DOM coerces to
 * the option's string, so the loaded choice could show as unselected.
 */
export function numberSelect<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>, { nullable = false } = {}) {
  const value = form.watch(name) as number | null | undefined;
  return {
    name,
    value: value === null || value === undefined ? '' : String(value),
    onChange: (e: ChangeEvent<HTMLSelectElement>) => {
      const raw = e.target.value;
      const next = raw === '' && nullable ? null : Number(raw);
      form.setValue(name, next as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    },
  };
}
