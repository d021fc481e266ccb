import type { LanguageCode } from '@portal/api-client';
import { composeMail } from '../../mail/compose';
import type { MailMessage } from '../../mail';

interface LinkMail {
  name: string;
  link: string;
  ttlHours: number;
}

const EMAIL_CHANGE: Record<LanguageCode, (i: LinkMail) => { subject: string; lines: string[] }> = {
  ja: (i) => ({
    subject: '【グループポータル】メールアドレス変更の確認',
    lines: [
      `${i.name} 様`,
      '',
      'ログイン用メールアドレスの変更を受け付けました。',
      '以下のリンクを開くと、このアドレスへの変更が完了します。',
      '',
      i.link,
      '',
      `このリンクの有効期限は${i.ttlHours}時間です。`,
      'お心当たりのない場合は、このメールを破棄してください。メールアドレスは変更されません。',
      '',
      'グループポータル',
    ],
  }),
  en: (i) => ({
    subject: '[Group Portal] Confirm your new email address',
    lines: [
      `Dear ${i.name},`,
      '',
      'We received a request to change your login email address to this one.',
      'Open the link below to complete the change.',
      '',
      i.link,
      '',
      `This link expires in ${i.ttlHours} hours.`,
      'If you did not ask for this, ignore this mail. Your email address stays unchanged.',
      '',
      'Group Portal',
    ],
  }),
};

const REGISTER: Record<
  LanguageCode,
  (i: LinkMail & { groupName: string; employeeNumber: string }) => { subject: string; lines: string[] }
> = {
  ja: (i) => ({
    subject: '【グループポータル】アカウント登録のご案内',
    lines: [
      `${i.name} 様`,
      '',
      `グループ「${i.groupName}」の管理者があなたのアカウントを登録しました。`,
      `社員番号: ${i.employeeNumber}`,
      '以下のリンクからパスワードを設定すると、ログインできるようになります。',
      '',
      i.link,
      '',
      `このリンクの有効期限は${i.ttlHours}時間です。`,
      '',
      'グループポータル',
    ],
  }),
  en: (i) => ({
    subject: '[Group Portal] Your account has been registered',
    lines: [
      `Dear ${i.name},`,
      '',
      `An administrator of the group "${i.groupName}" has registered your account.`,
      `Employee number: ${i.employeeNumber}`,
      'Set your password with the link below to log in.',
      '',
      i.link,
      '',
      `This link expires in ${i.ttlHours} hours.`,
      '',
      'Group Portal',
    ],
  }),
};

export function emailChangeMail(lang: LanguageCode, to: string, input: LinkMail): MailMessage {
  return composeMail(lang, to, EMAIL_CHANGE[lang](input), input.link);
}

export function registerMail(lang: LanguageCode, to: string, input: LinkMail & { groupName: string; employeeNumber: string }): MailMessage {
  return composeMail(lang, to, REGISTER[lang](input), input.link);
}
