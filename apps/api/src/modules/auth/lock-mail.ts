import type { LanguageCode } from '@portal/api-client';
import { templateMail } from '../../mail/compose';
import type { MailMessage } from '../../mail';

interface LockMailInput {
  name: string;
  link: string;
  ttlMinutes: number;
}

/** Sent once, when the tenth failure locks the account: the owner learns of it with the way out. */
export function accountLockedMail(lang: LanguageCode, to: string, input: LockMailInput): MailMessage {
  return templateMail(lang, to, 'account_locked', { ...input });
}
