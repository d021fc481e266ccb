import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from '../controls/icons';
import { describedBy, FieldChrome } from './Field';
import type { TextFieldProps } from './TextField';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input with a show/hide toggle (aria-pressed) that keeps focus in the form. */
export function PasswordField({ label, error, errorValues, hint, hideLabel, id, className, ...input }: PasswordFieldProps) {
  const { t } = useTranslation('ui');
  const [visible, setVisible] = useState(false);
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
      <div className="pui-password">
        <input
          id={ids.inputId}
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          className={['pui-input', className].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, hint, error)}
          {...input}
        />
        <button
          type="button"
          className="pui-password__toggle"
          aria-pressed={visible}
          aria-controls={ids.inputId}
          aria-label={visible ? t('password.hide') : t('password.show')}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldChrome>
  );
}
