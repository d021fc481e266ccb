/** Demo people and groups of a fictional company; kana are hiragana as section 5 requires. */

export const DEMO_COMPANY = { name: '株式会社さくら精機（デモ）', name_kana: 'かぶしきがいしゃさくらせいき' };
export const DEMO_EMAIL_DOMAIN = 'sakura-seiki.example';
export const DEMO_PASSWORD = 'Portal#2026';

const LAST: [string, string][] = [
  ['佐藤', 'さとう'],
  ['鈴木', 'すずき'],
  ['高橋', 'たかはし'],
  ['田中', 'たなか'],
  ['伊藤', 'いとう'],
  ['渡辺', 'わたなべ'],
  ['山本', 'やまもと'],
  ['中村', 'なかむら'],
  ['小林', 'こばやし'],
  ['加藤', 'かとう'],
  ['吉田', 'よしだ'],
  ['山田', 'やまだ'],
  ['佐々木', 'ささき'],
  ['山口', 'やまぐち'],
  ['松本', 'まつもと'],
  ['井上', 'いのうえ'],
  ['木村', 'きむら'],
  ['林', 'はやし'],
  ['斎藤', 'さいとう'],
  ['清水', 'しみず'],
  ['山崎', 'やまさき'],
  ['森', 'もり'],
  ['池田', 'いけだ'],
  ['橋本', 'はしもと'],
  ['阿部', 'あべ'],
  ['石川', 'いしかわ'],
  ['山下', 'やました'],
  ['中島', 'なかじま'],
  ['石井', 'いしい'],
  ['小川', 'おがわ'],
  ['前田', 'まえだ'],
  ['岡田', 'おかだ'],
  ['長谷川', 'はせがわ'],
  ['藤田', 'ふじた'],
];

const FIRST: [string, string][] = [
  ['太郎', 'たろう'],
  ['花子', 'はなこ'],
  ['健一', 'けんいち'],
  ['美咲', 'みさき'],
  ['翔太', 'しょうた'],
  ['陽菜', 'ひな'],
  ['大輔', 'だいすけ'],
  ['結衣', 'ゆい'],
  ['拓也', 'たくや'],
  ['さくら', 'さくら'],
  ['直樹', 'なおき'],
  ['愛', 'あい'],
  ['誠', 'まこと'],
  ['優子', 'ゆうこ'],
  ['亮', 'りょう'],
  ['真由美', 'まゆみ'],
  ['達也', 'たつや'],
  ['恵', 'めぐみ'],
  ['浩二', 'こうじ'],
  ['由美', 'ゆみ'],
  ['和也', 'かずや'],
  ['彩', 'あや'],
  ['聡', 'さとし'],
  ['明美', 'あけみ'],
  ['隆', 'たかし'],
  ['千尋', 'ちひろ'],
  ['修', 'おさむ'],
  ['舞', 'まい'],
  ['悠斗', 'ゆうと'],
  ['葵', 'あおい'],
  ['剛', 'つよし'],
  ['奈々', 'なな'],
  ['蓮', 'れん'],
  ['琴音', 'ことね'],
];

const JOB_TITLES = ['部長', '課長', '主任', '担当'];

export interface DemoUser {
  index: number;
  employee_number: string;
  email: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  is_company_admin: 0 | 1;
  common_topic_role: 0 | 1;
  job_title: string;
}

export const DEMO_USERS: DemoUser[] = LAST.map(([last, lastKana], i) => {
  const [first, firstKana] = FIRST[i]!;
  const n = String(i + 1).padStart(4, '0');
  return {
    index: i + 1,
    employee_number: `E${n}`,
    email: `e${n}@${DEMO_EMAIL_DOMAIN}`,
    last_name: last,
    first_name: first,
    last_name_kana: lastKana,
    first_name_kana: firstKana,
    is_company_admin: i === 0 ? 1 : 0,
    common_topic_role: i === 0 || i === 2 ? 1 : 0,
    job_title: i === 0 ? '代表取締役' : JOB_TITLES[i % JOB_TITLES.length]!,
  };
});

/** The last demo user belongs to no group: the employee-without-group case. */
export const NO_GROUP_USER_INDEX = DEMO_USERS.length;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);

export interface DemoGroup {
  name: string;
  group_link: string;
  notice: string;
  letter_color: 1 | 2;
  /** Member indexes besides E0001 (who administers every group). */
  members: number[];
}

export const DEMO_GROUPS: DemoGroup[] = [
  {
    name: '全社連絡',
    group_link: 'demo-zensha-renraku',
    notice: '全社員向けのお知らせです。',
    letter_color: 1,
    members: range(2, NO_GROUP_USER_INDEX - 1),
  },
  { name: '総務部', group_link: 'demo-soumubu', notice: '総務部の連絡用グループです。', letter_color: 1, members: [...range(2, 7)] },
  { name: '営業一課', group_link: 'demo-eigyo-ikka', notice: '営業一課の案件共有。', letter_color: 2, members: [2, ...range(8, 14)] },
  { name: '開発チーム', group_link: 'demo-kaihatsu', notice: '開発チームの情報共有。', letter_color: 1, members: [2, ...range(15, 22)] },
  {
    name: '東京支社',
    group_link: 'demo-tokyo-shisha',
    notice: '東京支社のお知らせ。',
    letter_color: 2,
    members: range(2, 18).filter((i) => i % 2 === 0),
  },
  {
    name: '大阪支社',
    group_link: 'demo-osaka-shisha',
    notice: '大阪支社のお知らせ。',
    letter_color: 1,
    members: range(19, 33).filter((i) => i % 2 === 1),
  },
  { name: '品質保証', group_link: 'demo-hinshitsu-hosho', notice: '品質保証の手順と記録。', letter_color: 2, members: range(23, 30) },
];

/** E0002 is the ordinary member: no rights anywhere, and 全社連絡 muted. */
export const ORDINARY_USER_INDEX = 2;
export const MUTED_GROUP_FOR_ORDINARY = '全社連絡';

/** Roles for a non-E0001 member, varied so every role combination shows up in the demo. */
export function demoRoles(userIndex: number, group: DemoGroup) {
  if (userIndex === ORDINARY_USER_INDEX) {
    return { role_admin: 0, role_invite: 0, role_edit_shared_folder: 0, role_edit_topic: 0 } as const;
  }
  const firstOther = group.members.find((i) => i !== ORDINARY_USER_INDEX);
  const bit = (b: boolean) => (b ? 1 : 0) as 0 | 1;
  return {
    role_admin: bit(userIndex === firstOther),
    role_invite: bit(userIndex % 4 === 0),
    role_edit_shared_folder: bit(userIndex % 3 === 0),
    role_edit_topic: bit(userIndex % 2 === 0),
  };
}

/** Accounts the README and the e2e tests log in with. */
export const DEMO_ACCOUNTS = {
  companyAdmin: { employee_number: 'E0001', email: `e0001@${DEMO_EMAIL_DOMAIN}`, password: DEMO_PASSWORD },
  member: { employee_number: 'E0002', email: `e0002@${DEMO_EMAIL_DOMAIN}`, password: DEMO_PASSWORD },
  noGroup: {
    employee_number: `E${String(NO_GROUP_USER_INDEX).padStart(4, '0')}`,
    email: `e${String(NO_GROUP_USER_INDEX).padStart(4, '0')}@${DEMO_EMAIL_DOMAIN}`,
    password: DEMO_PASSWORD,
  },
} as const;

/** A demo comment; replies are one level deep, as in the product. */
export interface DemoComment {
  by: number;
  text: string;
  anonymous?: boolean;
  replies?: { by: number; text: string }[];
}

/**
 * A demo topic. `group` null makes it a common topic reaching `destinations`. Authors hold
 * role_edit_topic (or role_admin) in the group, or common_topic_role for common topics; every
 * commenter and liker can read the topic (seed.test.ts checks both).
 */
export interface DemoTopic {
  group: string | null;
  destinations?: string[];
  title: string;
  html: string;
  by: number;
  hoursAgo: number;
  emergency?: boolean;
  anonymousComments?: boolean;
  likeCharacter?: string;
  likers?: number[];
  comments?: DemoComment[];
}

export const DEMO_TOPICS: DemoTopic[] = [
  {
    group: '全社連絡',
    title: '年末年始休業のお知らせ',
    by: 1,
    hoursAgo: 120,
    html: '<p>12月29日（月）から1月3日（土）まで休業とします。</p><p>休業中の緊急連絡は総務部の当番までお願いします。</p>',
    likers: [2, 3, 4, 5, 9],
    comments: [{ by: 4, text: '承知しました。' }],
  },
  {
    group: '全社連絡',
    title: '【緊急】台風接近に伴う出社判断について',
    by: 1,
    hoursAgo: 30,
    emergency: true,
    html: '<p><strong>台風の接近に伴い、明日は原則在宅勤務とします。</strong></p><p>出社が必要な方は所属長に相談してください。</p>',
    comments: [{ by: 6, text: '了解しました。在宅に切り替えます。' }],
  },
  {
    group: '総務部',
    title: '週報',
    by: 4,
    hoursAgo: 20,
    anonymousComments: true,
    likers: [2, 3, 5, 6],
    html: '<p>今週の総務部の動きです。</p><ul><li>備品発注の締切は金曜日</li><li>健康診断の案内を送付済み</li></ul>',
    comments: [
      { by: 3, text: '備品発注の件、了解です。' },
      { by: 5, text: '健康診断の日程はいつ頃ですか？', anonymous: true, replies: [{ by: 4, text: '来月の第二週を予定しています。' }] },
    ],
  },
  {
    group: '総務部',
    title: '備品購入申請の手順',
    by: 6,
    hoursAgo: 72,
    html: '<p>申請書に記入のうえ、<em>課長の承認</em>を得てから総務部へ提出してください。</p>',
  },
  { group: '総務部', title: 'オフィス清掃日の変更', by: 1, hoursAgo: 200, html: '<p>来月から清掃日を毎週水曜日に変更します。</p>' },
  {
    group: '営業一課',
    title: '今月の営業目標',
    by: 8,
    hoursAgo: 50,
    likeCharacter: '👍',
    likers: [9, 10, 11],
    html: '<p>今月の目標は新規契約 5 件です。進捗は毎週月曜の朝会で共有します。</p>',
  },
  {
    group: '営業一課',
    title: '顧客訪問報告：さくら商事',
    by: 10,
    hoursAgo: 8,
    html: '<p>さくら商事様を訪問し、新製品の見積もりを提出しました。来週回答予定です。</p>',
    comments: [
      { by: 9, text: 'ありがとうございます。回答が来たら共有をお願いします。' },
      { by: 12, text: '見積書の控えを共有フォルダに置いてください。' },
    ],
  },
  {
    group: '開発チーム',
    title: 'リリース計画 v2.3',
    by: 16,
    hoursAgo: 26,
    likers: [2, 15, 17, 18],
    html: '<p>v2.3 は来月第一週にリリースします。</p><ol><li>機能凍結：今週金曜</li><li>結合テスト：来週</li></ol>',
    comments: [
      { by: 15, text: '結合テストの担当表を作ります。', replies: [{ by: 16, text: 'お願いします。' }] },
      { by: 17, text: '移行手順書も更新が必要です。' },
    ],
  },
  {
    group: '開発チーム',
    title: 'コードレビューのガイドライン',
    by: 18,
    hoursAgo: 96,
    html: '<p>レビューは 2 営業日以内に返すこと。指摘には理由を添えてください。</p>',
  },
  {
    group: '開発チーム',
    title: 'テスト環境メンテナンスのお知らせ',
    by: 20,
    hoursAgo: 4,
    html: '<p>土曜日 9:00〜12:00 はテスト環境を停止します。</p>',
  },
  {
    group: '東京支社',
    title: '東京支社 忘年会のご案内',
    by: 4,
    hoursAgo: 40,
    likeCharacter: '🎉',
    likers: [2, 6, 8, 10],
    html: '<p>12月20日（金）19時から、駅前の会場で開催します。出欠はコメントでお知らせください。</p>',
    comments: [
      { by: 6, text: '出席します。' },
      { by: 8, text: '出席します！' },
    ],
  },
  { group: '東京支社', title: '会議室予約ルールの変更', by: 1, hoursAgo: 150, html: '<p>会議室の予約は 2 週間先までとします。</p>' },
  {
    group: '大阪支社',
    title: '大阪支社 防災訓練の実施',
    by: 19,
    hoursAgo: 60,
    html: '<p>来週水曜 14 時に避難訓練を行います。全員参加してください。</p>',
    comments: [
      { by: 21, text: '集合場所はどこですか？', replies: [{ by: 19, text: '正面玄関前の広場です。' }] },
      { by: 23, text: '了解しました。' },
    ],
  },
  {
    group: '大阪支社',
    title: '新オフィス移転のスケジュール',
    by: 1,
    hoursAgo: 300,
    html: '<p>移転は来年 3 月を予定しています。詳細は追って連絡します。</p>',
  },
  {
    group: '品質保証',
    title: '品質月次レポート 10月',
    by: 24,
    hoursAgo: 36,
    likers: [23, 26],
    html: '<p>10月の不良率は 0.8% でした。前月比 0.2 ポイント改善です。</p>',
    comments: [{ by: 25, text: '改善の要因もまとめておきます。' }],
  },
  { group: '品質保証', title: '不具合報告テンプレートの改訂', by: 26, hoursAgo: 12, html: '<p>再現手順と発生頻度の欄を追加しました。</p>' },
  {
    group: null,
    destinations: DEMO_GROUPS.map((g) => g.name),
    title: '情報セキュリティ研修の受講のお願い',
    by: 1,
    hoursAgo: 48,
    html: '<p>全社員を対象に情報セキュリティ研修を実施します。今月末までに受講してください。</p>',
    likers: [2, 5, 15],
    comments: [{ by: 5, text: '受講しました。' }],
  },
  {
    group: null,
    destinations: ['総務部', '営業一課', '東京支社'],
    title: '健康診断のご案内',
    by: 3,
    hoursAgo: 90,
    html: '<p>今年度の健康診断は来月実施します。予約方法は別途メールで案内します。</p>',
  },
  {
    group: null,
    destinations: ['開発チーム', '品質保証'],
    title: 'システムメンテナンスのお知らせ（11/15）',
    by: 1,
    hoursAgo: 16,
    html: '<p>11月15日 22:00〜翌 2:00 に基幹システムのメンテナンスを行います。</p>',
    comments: [{ by: 15, text: '了解しました。' }],
  },
];
