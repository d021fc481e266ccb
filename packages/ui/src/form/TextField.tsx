import { useId, type ComponentProps } from 'react';
import { describedBy, FieldChrome, type FieldChromeProps } from './Field';

export type TextFieldProps = FieldChromeProps & Omit<ComponentProps<'input'>, 'children'>;

/**
 * A labelled input that takes `{...register('name')}` directly (React 19 passes `ref` as a prop).
 */
export function TextField({ label, error, errorValues, hint, hideLabel, id, className, type = 'text', ...input }: TextFieldProps) {
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
      required={input.required}
    >
      <input
        id={ids.inputId}
        type={type}
        className={['pui-input', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        {...input}
      />
    </FieldChrome>
  );
}
