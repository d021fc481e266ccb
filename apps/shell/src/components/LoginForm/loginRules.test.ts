import { describe, expect, it } from 'vitest';
import { loginBody } from '@portal/api-client';
import { checkLogin } from './loginRules';

const [employeeSchema, emailSchema] = loginBody.options;

/** The first message per field zod gives (what zodResolver showed before). */
function zodFirst(schema: typeof employeeSchema | typeof emailSchema, values: Record<string, string>) {
  const r = schema.safeParse(values);
  if (r.success) return { values: r.data as Record<string, string>, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { values: null, errors };
}

const ids = ['', '  ', 'E001', ' E001 ', 'x'.repeat(50), 'x'.repeat(51), '社員１', ' a b '];
const emails = [
  '',
  ' ',
  'a@example.com',
  ' a@example.com ',
  'a@b',
  'a..b@example.com',
  '.a@example.com',
  'あ@example.com',
  'a b@example.com',
  `${'a'.repeat(95)}@x.jp`,
  `${'a'.repeat(90)}@example.com`,
  "o'brien+x@mail.example.co.jp",
  'a@-x.com',
  'a@x.c',
];
const passwords = ['', ' ', 'secret', 'x'.repeat(128), 'x'.repeat(129), 'パスワード'];

describe('login rules without zod', () => {
  it.each([
    ['employee number', 'employee_number', employeeSchema, ids],
    ['e-mail', 'email', emailSchema, emails],
  ] as const)('match loginBody (%s) field by field', (_, idKey, schema, values) => {
    for (const id of values)
      for (const password of passwords) {
        const input = { [idKey]: id, password };
        const mine = checkLogin(idKey, input);
        const ref = zodFirst(schema, input);
        expect(mine.errors, JSON.stringify(input)).toEqual(ref.errors);
        if (ref.values) expect(mine.values).toEqual(ref.values);
      }
  });
});
