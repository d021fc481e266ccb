import type { LanguageCode } from '@portal/api-client';
import type { MailMessage } from '../../mail';
import { composeMail } from '../../mail/compose';

export interface InviteMailInput {
  groupName: string;
  inviterName: string;
  link: string;
  expiryDays: number;
}

const TEXT: Record<LanguageCode, (i: InviteMailInput) => { subject: string; lines: string[] }> = {
  ja: (i) => ({
    subject: `【グループポータル】「${i.groupName}」への招待`,
    lines: [
      `${i.inviterName} さんから、グループ「${i.groupName}」に招待されました。`,
      '',
      '以下のリンクからグループを確認し、参加を申請してください。',
      '',
      i.link,
      '',
      `この招待の有効期限は${i.expiryDays}日間です。期限が過ぎた場合は、招待した方に再招待を依頼してください。`,
      'お心当たりのない場合は、このメールを破棄してください。',
      '',
      'グループポータル',
    ],
  }),
  en: (i) => ({
    subject: `[Group Portal] Invitation to "${i.groupName}"`,
    lines: [
      `${i.inviterName} invited you to the group "${i.groupName}".`,
      '',
      'Open the link below to see the group and ask to join.',
      '',
      i.link,
      '',
      `This invitation expires in ${i.expiryDays} days. After that, ask the sender to invite you again.`,
      'If you were not expecting this, ignore this mail.',
      '',
      'Group Portal',
    ],
  }),
};

/** The group invitation mail in the given language: plain text plus a simple HTML part. */
export function invitationMail(lang: LanguageCode, to: string, input: InviteMailInput): MailMessage {
  return composeMail(lang, to, TEXT[lang](input), input.link);
}
