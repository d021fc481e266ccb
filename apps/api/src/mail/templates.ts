import type { LanguageCode } from '@portal/api-client';
import type { MailMessage } from './index';
import { composeMail } from './compose';

interface ResetMailInput {
  name: string;
  link: string;
  ttlMinutes: number;
}

const RESET_TEXT: Record<LanguageCode, (i: ResetMailInput) => { subject: string; lines: string[] }> = {
  ja: (i) => ({
    subject: '【グループポータル】パスワード再設定のご案内',
    lines: [
      `${i.name} 様`,
      '',
      'パスワード再設定のリクエストを受け付けました。',
      '以下のリンクから新しいパスワードを設定してください。',
      '',
      i.link,
      '',
      `このリンクの有効期限は${i.ttlMinutes}分です。期限を過ぎた場合は、もう一度お手続きください。`,
      'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
      '',
      'グループポータル',
    ],
  }),
  en: (i) => ({
    subject: '[Group Portal] Reset your password',
    lines: [
      `Dear ${i.name},`,
      '',
      'We received a request to reset your password.',
      'Use the link below to set a new password.',
      '',
      i.link,
      '',
      `This link expires in ${i.ttlMinutes} minutes. After that, please request a new one.`,
      'If you did not ask for this, ignore this mail. Your password stays unchanged.',
      '',
      'Group Portal',
    ],
  }),
};

/** The password-reset mail in the user's language: plain text plus a simple HTML part. */
export function passwordResetMail(lang: LanguageCode, to: string, input: ResetMailInput): MailMessage {
  return composeMail(lang, to, RESET_TEXT[lang](input), input.link);
}
