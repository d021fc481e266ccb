import { LANGUAGES, LikeTargetType, type LanguageCode } from '@portal/api-client';
import { MAIL_STRINGS } from '@portal/i18n/mail';
import { describe, expect, it } from 'vitest';
import { passwordSetMail } from '../modules/admin/password-mail';
import { accountLockedMail } from '../modules/auth/lock-mail';
import { invitationMail } from '../modules/groups/invite-mail';
import { digestMail } from '../modules/notifications/digest';
import { emailChangeMail, registerMail } from '../modules/settings/mails';
import { emergencyMail } from '../modules/topics/emergency';
import type { MailMessage } from './index';
import { passwordResetMail } from './templates';

const LINK = 'https://portal.example/path?token=abc';

/** Every mail the API sends, built the way its sender builds it. */
const MAILS: Record<string, (lang: LanguageCode) => MailMessage> = {
  password_reset: (l) => passwordResetMail(l, 'a@x.jp', { name: '佐藤 花子', link: LINK, ttlMinutes: 30 }),
  password_set: (l) => passwordSetMail(l, 'a@x.jp', { name: '佐藤 花子', employeeNumber: 'E0001', link: LINK }),
  account_locked: (l) => accountLockedMail(l, 'a@x.jp', { name: '佐藤 花子', link: LINK, ttlMinutes: 30 }),
  invitation: (l) => invitationMail(l, 'a@x.jp', { groupName: '営業部', inviterName: '鈴木', link: LINK, expiryDays: 7 }),
  email_change: (l) => emailChangeMail(l, 'a@x.jp', { name: '佐藤 花子', link: LINK, ttlHours: 24 }),
  registration: (l) =>
    registerMail(l, 'a@x.jp', { name: '佐藤 花子', link: LINK, ttlHours: 24, groupName: '営業部', employeeNumber: 'E0001' }),
  emergency: (l) => emergencyMail(l, 'a@x.jp', { title: '停電', where: '営業部', link: LINK }),
  digest: (l) =>
    digestMail(l, 'a@x.jp', {
      total: 3,
      items: [
        { unread_type: LikeTargetType.GROUP_TOPIC, title: '議事録', group_name: '営業部' },
        { unread_type: LikeTargetType.CHAT_CONTENT, title: 'こんにちは', group_name: null },
      ],
      link: LINK,
      settingsUrl: 'https://portal.example/setting',
      unsubscribeUrl: 'https://portal.example/unsubscribe',
    }),
};

const JAPANESE = /[\u3040-\u30ff]/; // kana: every Japanese mail has some, no English one does

describe.each(Object.keys(MAILS))('mail %s', (kind) => {
  it.each(LANGUAGES)('renders completely in %s', (lang) => {
    const m = MAILS[kind]!(lang);
    expect(m.subject.trim()).not.toBe('');
    expect(`${m.subject}\n${m.text}`).not.toMatch(/\{\{|\}\}|undefined|null/);
    expect(m.html).toContain(`<html lang="${lang}">`);
    expect(m.html).toContain(`<a href="${LINK}">`);
    // The fixed words are in the recipient's language (names and titles above are Japanese).
    const fixed = m.text.replace(/佐藤 花子|営業部|鈴木|停電|議事録|こんにちは/g, '');
    expect(JAPANESE.test(fixed)).toBe(lang === 'ja');
  });

  it('differs between the languages', () => {
    expect(MAILS[kind]!('en').subject).not.toBe(MAILS[kind]!('ja').subject);
  });
});

describe('digest mail', () => {
  it('names every unread kind in both languages', () => {
    for (const lang of LANGUAGES) {
      const kinds = MAIL_STRINGS[lang].digest.kinds as Record<string, string>;
      expect(Object.values(LikeTargetType).filter((t) => !kinds[String(t)])).toEqual([]);
    }
  });

  it('fails rather than mailing a kind it has no word for', () => {
    expect(() =>
      digestMail('en', 'a@x.jp', {
        total: 1,
        items: [{ unread_type: 99, title: 't', group_name: null }],
        link: LINK,
        settingsUrl: LINK,
        unsubscribeUrl: LINK,
      }),
    ).toThrow(/digest\.kinds\.99/);
  });
});
