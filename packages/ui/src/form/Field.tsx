import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from './FormError';

/** What every field shares: the label, the error key and an optional hint. */
export interface FieldChromeProps {
  label: ReactNode;
  /** Validation key from react-hook-form's `errors.x?.message`. */
  error?: string | null;
  /** Extra interpolation values for the message; `field` defaults to the label. */
  errorValues?: Record<string, unknown>;
  hint?: ReactNode;
  /** Hide the label visually but keep it for screen readers (search boxes, table cells). */
  hideLabel?: boolean;
}

export interface FieldIds {
  inputId: string;
  errorId: string;
  hintId: string;
}

/** aria-describedby for the control: the hint, then the error, when present. */
export function describedBy(ids: FieldIds, hint: ReactNode, error: string | null | undefined): string | undefined {
  return [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(' ') || undefined;
}

export function FieldChrome({
  ids,
  label,
  error,
  errorValues,
  hint,
  hideLabel,
  required,
  children,
}: FieldChromeProps & { ids: FieldIds; required?: boolean; children: ReactNode }) {
  const { t } = useTranslation('ui');
  const field = typeof label === 'string' ? label : undefined;
  return (
    <div className={['pui-field', error ? 'pui-field--invalid' : null].filter(Boolean).join(' ')}>
      <label htmlFor={ids.inputId} className={hideLabel ? 'pui-visually-hidden' : 'pui-field__label'}>
        {label}
        {required && <span className="pui-field__required">{t('field.required_mark')}</span>}
      </label>
      {children}
      {hint && (
        <p id={ids.hintId} className="pui-field__hint">
          {hint}
        </p>
      )}
      <FormError id={ids.errorId} message={error} values={{ field, ...errorValues }} />
    </div>
  );
}
