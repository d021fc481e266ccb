import { z } from 'zod';
import { afterFields, emailSchema, kanaSchema, passwordSchema, requiredText, rowIdText } from '../validation';
import { envelope } from './common';

/** The one-time first-administrator link of a new deployment. */
export const setupTokenBody = z.object({ token: z.string().min(16).max(256) }).strict();
export const setupStateResponse = envelope(z.object({ valid: z.boolean(), expired: z.boolean() }));

export const setupBody = z
  .object({
    token: z.string().min(16).max(256),
    company_name: requiredText(200),
    employee_number: requiredText(50),
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string(),
    last_name: requiredText(50),
    first_name: requiredText(50),
    last_name_kana: kanaSchema,
    first_name_kana: kanaSchema,
  })
  .strict()
  .refine((b) => b.password === b.password_confirmation, {
    message: 'validation.password_confirmation',
    path: ['password_confirmation'],
    ...afterFields,
  });
export type SetupBody = z.infer<typeof setupBody>;
export const setupResponse = envelope(z.object({ user_id: z.number().int(), company_id: z.number().int() }));

/** A company administrator unlocks an employee locked by failed logins. */
export const unlockUserParam = z.object({ userId: rowIdText() }).strict();
export const unlockUserResponse = envelope(z.object({ user_id: z.number().int(), was_locked: z.boolean() }));
