import type { LanguageCode } from '@portal/api-client';
import type { MailMessage } from '../../mail';
import { templateMail } from '../../mail/compose';

export interface InviteMailInput {
  groupName: string;
  inviterName: string;
  link: string;
  expiryDays: number;
}

/** The group invitation mail in the given language: plain text plus a simple HTML part. */
export function invitationMail(lang: LanguageCode, to: string, input: InviteMailInput): MailMessage {
  return templateMail(lang, to, 'invitation', { ...input });
}
