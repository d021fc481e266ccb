import type { LanguageCode } from '@portal/api-client';
import { composeMail } from '../../mail/compose';
import type { MailMessage } from '../../mail';

interface LockMailInput {
  name: string;
  link: string;
  ttlMinutes: number;
}

const TEXT: Record<LanguageCode, (i: LockMailInput) => { subject: string; lines: string[] }> = {
  ja: (i) => ({
    subject: '【グループポータル】アカウントがロックされました',
    lines: [
      `${i.name} 様`,
      '',
      'ログインに10回続けて失敗したため、アカウントをロックしました。',
      '以下のリンクから新しいパスワードを設定すると、ロックが解除されます。',
      '',
      i.link,
      '',
      `このリンクの有効期限は${i.ttlMinutes}分です。期限後は「パスワードをお忘れの方」から再度お手続きいただくか、会社管理者にロック解除を依頼してください。`,
      'ご自身の操作でない場合は、第三者がログインを試みた可能性があります。会社管理者にご連絡ください。',
      '',
      'グループポータル',
    ],
  }),
  en: (i) => ({
    subject: '[Group Portal] Your account has been locked',
    lines: [
      `Dear ${i.name},`,
      '',
      'Your account was locked after 10 failed logins in a row.',
      'Set a new password with the link below to unlock it.',
      '',
      i.link,
      '',
      `This link expires in ${i.ttlMinutes} minutes. After that, use "Forgot your password" again or ask your company administrator to unlock the account.`,
      'If this was not you, someone may have tried to log in as you. Please tell your company administrator.',
      '',
      'Group Portal',
    ],
  }),
};

/** Sent once, when the tenth failure locks the account: the owner learns of it with the way out. */
export function accountLockedMail(lang: LanguageCode, to: string, input: LockMailInput): MailMessage {
  return composeMail(lang, to, TEXT[lang](input), input.link);
}
