import type { LanguageCode } from '@portal/api-client';
import { templateMail } from '../../mail/compose';
import type { MailMessage } from '../../mail';

interface LinkMail {
  name: string;
  link: string;
  ttlHours: number;
}

export function emailChangeMail(lang: LanguageCode, to: string, input: LinkMail): MailMessage {
  return templateMail(lang, to, 'email_change', { ...input });
}

export function registerMail(lang: LanguageCode, to: string, input: LinkMail & { groupName: string; employeeNumber: string }): MailMessage {
  return templateMail(lang, to, 'registration', { ...input });
}
