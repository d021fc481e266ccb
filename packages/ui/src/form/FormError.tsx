import { translateValidation } from '@portal/i18n';
import { useTranslation } from 'react-i18next';

export interface FormErrorProps {
  /** A validation key such as 'validation.required' (api-client zod messages, API 400 bodies). */
  message?: string | null;
  /** Interpolation values; `field` is usually the field's label. */
  values?: Record<string, unknown>;
  id?: string;
  className?: string;
}

/**
 * The translated message for a validation key, announced to screen readers. The `validation`
 * strings are not bundled up front (home has no form), nor are the `errors` ones a server refusal
 * sets as a field message (`errors:DUPLICATE_GROUP`): mounting with its field starts loading
 * both, without suspending — a field that appears on a click (a "custom" option revealing
 * inputs) must not swap its form for a spinner mid-interaction. They are there long before a
 * message is; until then a message waits (the load ends on failure too, with fallbacks).
 */
export function FormError({ message, values, id, className }: FormErrorProps) {
  const { t, ready } = useTranslation(['validation', 'errors'], { useSuspense: false });
  if (!ready) return null;
  if (!message) return null;
  return (
    <p id={id} role="alert" className={['pui-field__error', className].filter(Boolean).join(' ')}>
      {translateValidation(t, message, values)}
    </p>
  );
}
