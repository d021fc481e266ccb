import { LANGUAGES, type LanguageCode } from '@portal/api-client';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../kernel';
import type { DB } from '../../db';
import { templateMail } from '../../mail/compose';
import { mailPhrase } from '@portal/i18n/mail';
import type { MailMessage } from '../../mail';
import { hashToken, newToken } from '../auth';

/** A set-password link lives a week: a new employee may read the mail on their first day. */
export const PASSWORD_SET_TTL_MS = 7 * 86_400_000;

interface Input {
  name: string;
  employeeNumber: string;
  link: string;
}

export function passwordSetMail(lang: LanguageCode, to: string, input: Input): MailMessage {
  return templateMail(lang, to, 'password_set', { ...input });
}

/**
 * Stores a one-time password-reset token (the existing reset page sets the password with it) in
 * `db`, and returns the mail to send once that transaction has committed.
 */
export async function preparePasswordSetMail(ctx: AppContext, db: Kysely<DB>, userId: number): Promise<MailMessage> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'last_name', 'first_name', 'employee_number'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const token = newToken();
  const now = ctx.now();
  await db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: hashToken(token), expires_at: now + PASSWORD_SET_TTL_MS, used_at: null, created_at: now })
    .execute();
  // Read through `db`: on SQLite a second connection inside the transaction would wait for it.
  const setting = await db
    .selectFrom('user_settings')
    .select('value')
    .where('user_id', '=', userId)
    .where('section', '=', 'setting_language')
    .executeTakeFirst();
  const lang = languageOf(setting?.value);
  const name = `${user.last_name} ${user.first_name}`.trim() || mailPhrase(lang, 'fallback_name');
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return passwordSetMail(lang, user.email, { name, employeeNumber: user.employee_number, link });
}

function languageOf(value: string | undefined): LanguageCode {
  try {
    const code = (JSON.parse(value ?? '{}') as { code?: string }).code;
    return (LANGUAGES as readonly string[]).includes(code ?? '') ? (code as LanguageCode) : 'ja';
  } catch {
    return 'ja';
  }
}
