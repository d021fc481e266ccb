import type { Kysely } from 'kysely';
import { sanitizeHtml } from '../text/sanitize';
import { normalizeForSearch } from '../text/search';
import type { DB } from './types';

interface DemoArticle {
  kind: 'help' | 'terms' | 'policy';
  ja: [string, string];
  en: [string, string];
}

/** Help center articles of the demo company, in display order. */
const ARTICLES: DemoArticle[] = [
  {
    kind: 'help',
    ja: [
      'ログインできないとき',
      '<p>パスワードを10回続けて間違えるとアカウントがロックされます。ログイン画面の「パスワードをお忘れの方」から再設定してください。</p>',
    ],
    en: [
      'When you cannot log in',
      '<p>Ten wrong passwords in a row lock the account. Use “Forgot your password?” on the login page to set a new one.</p>',
    ],
  },
  {
    kind: 'help',
    ja: [
      'プロフィール画像を変更するには',
      '<p>設定の「プロフィール編集」で画像を選び、表示する範囲を選んで保存します。幅500px・高さ100px以上のJPEG・PNG・GIFが使えます。</p>',
    ],
    en: [
      'Changing your profile picture',
      '<p>In Settings → Edit profile, choose an image, pick the part to show and save. JPEG, PNG or GIF of at least 500×100 px.</p>',
    ],
  },
  {
    kind: 'help',
    ja: [
      'メールアドレスを変更するには',
      '<p>設定の「メールアドレス変更」で新しいアドレスを入力すると確認メールが届きます。メール内のリンクを開くと変更が完了します。</p>',
    ],
    en: [
      'Changing your email address',
      '<p>Enter the new address in Settings → Change email. A confirmation mail arrives; the change is complete when you open its link.</p>',
    ],
  },
  {
    kind: 'help',
    ja: [
      'テーマを変更するには',
      '<p>設定の「テーマ設定」で既定のテーマを選ぶか、色を自由に指定できます。文字が読みにくい配色は保存できません。</p>',
    ],
    en: [
      'Changing the theme',
      '<p>In Settings → Theme, choose a prescribed theme or your own colours. Colours that make text hard to read cannot be saved.</p>',
    ],
  },
];

/** Adds the demo articles once: a company that has any article is left alone. */
export async function seedDemoSettings(trx: Kysely<DB>, c: { companyId: number; now: number }): Promise<number> {
  const any = await trx.selectFrom('help_articles').select('id').where('company_id', '=', c.companyId).executeTakeFirst();
  if (any) return 0;
  let order = 10;
  for (const a of ARTICLES) {
    await trx
      .insertInto('help_articles')
      .values({
        company_id: c.companyId,
        kind: a.kind,
        title_ja: a.ja[0],
        title_en: a.en[0],
        body_ja: sanitizeHtml(a.ja[1], { images: false }).html,
        body_en: sanitizeHtml(a.en[1], { images: false }).html,
        title_search: `${normalizeForSearch(a.ja[0])}\n${normalizeForSearch(a.en[0])}`,
        sort_order: order,
        updated_by: null,
        created_at: c.now,
        updated_at: c.now,
      })
      .execute();
    order += 10;
  }
  return ARTICLES.length;
}
