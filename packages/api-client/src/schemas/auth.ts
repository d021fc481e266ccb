import { z } from 'zod';
import { afterFields, emailSchema, passwordSchema } from '../validation';
import { envelope } from './common';

/** Login by employee number (login page) or by e-mail (email-login page), plus password. */
export const loginBody = z.union([
  z
    .object({
      employee_number: z.string().trim().min(1, 'validation.required').max(50, 'validation.max_length'),
      password: z.string().min(1, 'validation.required').max(128, 'validation.max_length'),
    })
    .strict(),
  z
    .object({
      email: emailSchema,
      password: z.string().min(1, 'validation.required').max(128, 'validation.max_length'),
    })
    .strict(),
]);
export type LoginBody = z.infer<typeof loginBody>;

export const tokenItems = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
});
// The refresh token is never in a body (any script could read it): only the HttpOnly cookie.
export const loginResponse = envelope(tokenItems);
export const refreshResponse = envelope(tokenItems);
export type TokenItems = z.infer<typeof tokenItems>;

export const logoutBody = z.object({ token: z.string().max(4096).optional() }).strict();
export const deviceTokenBody = z.object({ token: z.string().min(1).max(4096) }).strict();

export const forgotPasswordBody = z
  .object({
    email: emailSchema,
    /** UI language for the mail; defaults to the user's stored language. */
    lang: z.enum(['ja', 'en']).optional(),
  })
  .strict();

export const resetPasswordBody = z
  .object({
    token: z.string().min(16).max(256),
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .strict()
  .refine((b) => b.password === b.password_confirmation, {
    message: 'validation.password_confirmation',
    path: ['password_confirmation'],
    ...afterFields,
  });

export const checkTokenExpiredBody = z.object({ token: z.string().min(16).max(256) }).strict();
export const checkTokenExpiredResponse = envelope(z.object({ expired: z.boolean(), valid: z.boolean() }));

export const policyResponse = envelope(z.object({ title: z.string(), content: z.string(), updated_at: z.number().int() }));
