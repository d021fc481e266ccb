import { LANGUAGES, type LanguageCode } from '@portal/api-client';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db';
import { composeMail } from '../../mail/compose';
import type { MailMessage } from '../../mail';
import { hashToken, newToken } from '../auth';

/** A set-password link lives a week: a new employee may read the mail on their first day. */
export const PASSWORD_SET_TTL_MS = 7 * 86_400_000;

interface Input {
  name: string;
  employeeNumber: string;
  link: string;
}

const TEXT: Record<LanguageCode, (i: Input) => { subject: string; lines: string[] }> = {
  ja: (i) => ({
    subject: '【グループポータル】パスワード設定のご案内',
    lines: [
      `${i.name} 様`,
      '',
      '会社管理者があなたのアカウントを用意しました。',
      `社員番号: ${i.employeeNumber}`,
      '以下のリンクからパスワードを設定すると、ログインできます。',
      '',
      i.link,
      '',
      'このリンクの有効期限は7日間です。期限を過ぎた場合は会社管理者に再送を依頼してください。',
      '',
      'グループポータル',
    ],
  }),
  en: (i) => ({
    subject: '[Group Portal] Set your password',
    lines: [
      `Dear ${i.name},`,
      '',
      'Your company administrator has created your account.',
      `Employee number: ${i.employeeNumber}`,
      'Set a password with the link below, then log in.',
      '',
      i.link,
      '',
      'This link expires in 7 days. After that, ask your company administrator to send it again.',
      '',
      'Group Portal',
    ],
  }),
};

export function passwordSetMail(lang: LanguageCode, to: string, input: Input): MailMessage {
  return composeMail(lang, to, TEXT[lang](input), input.link);
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
  const name = `${user.last_name} ${user.first_name}`.trim() || 'User';
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
