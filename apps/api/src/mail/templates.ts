import type { LanguageCode } from '@portal/api-client';
import type { MailMessage } from './index';
import { templateMail } from './compose';

interface ResetMailInput {
  name: string;
  link: string;
  ttlMinutes: number;
}

/** The password-reset mail in the user's language: plain text plus a simple HTML part. */
export function passwordResetMail(lang: LanguageCode, to: string, input: ResetMailInput): MailMessage {
  return templateMail(lang, to, 'password_reset', { ...input });
}
