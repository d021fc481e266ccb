import { LIMITS } from '@portal/api-client/core';

/**
 * The login form's rules (the contract's `loginBody`) checked without zod. The login page is the
 * first page most visitors load; importing the schema pulled zod and every endpoint schema
 * (~50 KB gzip, the longest task of the page on a phone) into it. loginResolver.test.ts checks
 * these rules give the same first message per field as `loginBody` for the same inputs.
 */
const SINGLE_BYTE = /^[\x21-\x7e]+$/;
// zod 4's `z.email()` default pattern (its "html5-like" rule is not the default).
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

type Rule = (value: string) => string | null;

const idRules: Record<'employee_number' | 'email', Rule> = {
  employee_number: (v) => (v.length < 1 ? 'validation.required' : v.length > 50 ? 'validation.max_length' : null),
  email: (v) =>
    v.length < 1
      ? 'validation.required'
      : v.length > LIMITS.emailMaxLength
        ? 'validation.email_max'
        : !SINGLE_BYTE.test(v) || !EMAIL.test(v)
          ? 'validation.email'
          : null,
};

const passwordRule: Rule = (v) => (v.length < 1 ? 'validation.required' : v.length > 128 ? 'validation.max_length' : null);

/** The first message per field (as zod gives them), and the values with the id trimmed. */
export function checkLogin(idKey: 'employee_number' | 'email', raw: Record<string, string>) {
  const values = { [idKey]: (raw[idKey] ?? '').trim(), password: raw.password ?? '' };
  const errors: Record<string, string> = {};
  const idError = idRules[idKey](values[idKey]!);
  if (idError) errors[idKey] = idError;
  const pwError = passwordRule(values.password!);
  if (pwError) errors.password = pwError;
  return { values, errors };
}
