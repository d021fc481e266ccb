import { useId, type ComponentProps } from 'react';
import { describedBy, FieldChrome, type FieldChromeProps } from './Field';

export type TextAreaFieldProps = FieldChromeProps & Omit<ComponentProps<'textarea'>, 'children'>;

/** A labelled multi-line input, styled and wired (hint, error, aria) like TextField. */
export function TextAreaField({ label, error, errorValues, hint, hideLabel, id, className, ...textarea }: TextAreaFieldProps) {
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
      required={textarea.required}
    >
      <textarea
        id={ids.inputId}
        className={['pui-input', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        {...textarea}
      />
    </FieldChrome>
  );
}
