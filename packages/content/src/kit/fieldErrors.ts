import { ApiError } from '@portal/api-client/core';

/**
 * The server's field errors (400 VALIDATION_ERROR, `errors: {api_field: [validation keys]}`)
 * under a form's own field names, so a refusal the browser could not foresee (the no-script rule,
 * a deadline passed while typing) lands on its field like the form's own checks. `fields` maps
 * API names (the first path segment: `selected_group.0` is `selected_group`) to form names.
 * Null when the error names none of this form's fields: the caller shows it as before.
 */
export function apiFieldErrors<K extends string>(err: unknown, fields: Readonly<Record<string, K>>): Partial<Record<K, string>> | null {
  if (!(err instanceof ApiError) || err.code !== 'VALIDATION_ERROR') return null;
  const found: Partial<Record<K, string>> = {};
  for (const [name, keys] of Object.entries(err.body?.errors ?? {})) {
    const field = fields[name.split('.')[0]!];
    if (field && keys[0] && !(field in found)) found[field] = keys[0];
  }
  return Object.keys(found).length > 0 ? found : null;
}
