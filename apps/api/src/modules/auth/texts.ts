import type { LanguageCode } from '@portal/api-client';

/** Texts for a fictional portal operator; updated_at is when the wording last changed. */
interface LegalText {
  title: string;
  content: string;
  updated_at: number;
}

const UPDATED_AT = Date.UTC(2026, 3, 1);

export const PRIVACY_POLICY: Record<LanguageCode, LegalText> = {
  ja: {
    title: 'プライバシーポリシー',
    updated_at: UPDATED_AT,
    content: [
      'グループポータル運営事務局（以下「当事務局」）は、本サービスの利用者の個人情報を次のとおり取り扱います。',
      '',
      '1. 取得する情報',
      '氏名、ふりがな、社員番号、メールアドレス、所属・役職などのプロフィール情報、投稿・コメント・ファイル・予定・チャットの内容、ログイン日時、ご利用の端末の通知用トークンを取得します。',
      '',
      '2. 利用目的',
      '本サービスの提供、本人確認、お知らせや通知メールの送信、不正利用の防止、サービス改善のための統計作成に利用します。',
      '',
      '3. 第三者提供',
      '法令に基づく場合を除き、ご本人の同意なく第三者に提供しません。',
      '',
      '4. 安全管理',
      'パスワードは復元できない形式で保存し、通信は暗号化します。アクセス権限は業務上必要な範囲に限ります。',
      '',
      '5. 開示・訂正・削除',
      'ご本人からの請求があった場合、所属企業の管理者を通じて速やかに対応します。',
      '',
      '6. お問い合わせ',
      'グループポータル運営事務局（privacy@portal.example）',
    ].join('\n'),
  },
  en: {
    title: 'Privacy Policy',
    updated_at: UPDATED_AT,
    content: [
      'The Group Portal operations office ("we") handles the personal information of users of this service as follows.',
      '',
      '1. Information we collect',
      'Name, name reading, employee number, e-mail address, profile details such as department and job title, the content of posts, comments, files, events and chats, login times, and push-notification tokens of your devices.',
      '',
      '2. Purposes',
      'To provide the service, identify you, send news and notification mail, prevent misuse, and compile statistics to improve the service.',
      '',
      '3. Disclosure to third parties',
      'We do not disclose personal information to third parties without your consent, except where the law requires it.',
      '',
      '4. Security',
      'Passwords are stored in a form that cannot be reversed and traffic is encrypted. Access is limited to what the work requires.',
      '',
      '5. Access, correction and deletion',
      'On your request we respond promptly through the administrator of your company.',
      '',
      '6. Contact',
      'Group Portal operations office (privacy@portal.example)',
    ].join('\n'),
  },
};

export const TERMS_OF_USE: Record<LanguageCode, LegalText> = {
  ja: {
    title: '利用規約',
    updated_at: UPDATED_AT,
    content: [
      '本規約は、グループポータル（以下「本サービス」）の利用条件を定めるものです。',
      '',
      '第1条（適用）本規約は、本サービスを利用するすべての利用者に適用されます。',
      '第2条（アカウント）利用者は自己のアカウントを適切に管理し、第三者に利用させてはなりません。',
      '第3条（禁止事項）法令違反、他者の権利侵害、業務に無関係な大量送信、不正アクセスその他運営を妨げる行為を禁止します。',
      '第4条（投稿内容）投稿・ファイルの内容については投稿した利用者が責任を負います。',
      '第5条（サービスの変更・停止）当事務局は、保守や障害対応のため本サービスを一時停止することがあります。',
      '第6条（免責）当事務局は、本サービスの利用により生じた損害について、故意または重過失がある場合を除き責任を負いません。',
      '第7条（規約の変更）本規約を変更する場合は、本サービス上でお知らせします。',
    ].join('\n'),
  },
  en: {
    title: 'Terms of Use',
    updated_at: UPDATED_AT,
    content: [
      'These terms set out the conditions for using Group Portal (the "service").',
      '',
      'Article 1 (Scope) These terms apply to every user of the service.',
      'Article 2 (Accounts) Users keep their accounts safe and do not let anyone else use them.',
      'Article 3 (Prohibited conduct) Breaking the law, infringing the rights of others, bulk sending unrelated to work, unauthorised access and anything else that disrupts the service are prohibited.',
      'Article 4 (Content) The user who posts content or files is responsible for it.',
      'Article 5 (Changes and suspension) We may suspend the service temporarily for maintenance or incidents.',
      'Article 6 (Disclaimer) We are not liable for damage arising from use of the service, except in cases of intent or gross negligence.',
      'Article 7 (Changes to these terms) Changes to these terms are announced in the service.',
    ].join('\n'),
  },
};
