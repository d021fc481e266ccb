import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@portal/api-client/core';

/** The form-level slot for a server error that belongs to no single field. */
export const SERVER_ERROR = 'root.server' as const;

/**
 * Puts a failed call's 400 onto the form: a code we know belongs to a field goes there (as an
 * `errors:<CODE>` key, which FormError translates), else the body's per-field validation keys,
 * else the code on the form as a whole. Anything but a 400 is left to the shell's global error
 * handler (section 8 modals, session end), so it returns false.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fieldByCode: Partial<Record<string, Path<T>>>,
  fields: readonly Path<T>[],
): boolean {
  if (!(err instanceof ApiError) || err.status !== 400) return false;
  const field = fieldByCode[err.code];
  if (field) {
    setError(field, { type: 'server', message: `errors:${err.code}` });
    return true;
  }
  let placed = false;
  for (const name of fields) {
    const first = err.body?.errors?.[name]?.[0];
    if (first) {
      setError(name, { type: 'server', message: first });
      placed = true;
    }
  }
  if (!placed) setError(SERVER_ERROR as Path<T>, { type: 'server', message: err.code });
  return true;
}
