import { useId, type ComponentProps, type ReactNode } from 'react';
import { describedBy, FieldChrome, type FieldChromeProps } from './Field';

export interface SelectOption {
  value: string | number;
  label: ReactNode;
  disabled?: boolean;
}

export type SelectFieldProps = FieldChromeProps &
  Omit<ComponentProps<'select'>, 'children'> & {
    options: readonly SelectOption[];
    /** An empty first option such as '選択してください'. */
    placeholder?: string;
  };

export function SelectField({
  label,
  error,
  errorValues,
  hint,
  hideLabel,
  id,
  className,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  const auto = useId();
  const ids = { inputId: id ?? auto, errorId: `${id ?? auto}-error`, hintId: `${id ?? auto}-hint` };
  return (
    <FieldChrome
      ids={ids}
      label={label}
      error={error}
      errorValues={errorValues}
      hint={hint}
      hideLabel={hideLabel}
      required={select.required}
    >
      <select
        id={ids.inputId}
        className={['pui-input', 'pui-select', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldChrome>
  );
}
