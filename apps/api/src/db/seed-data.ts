/** Demo people and groups of a fictional company; kana are hiragana as section 5 requires. */

export const DEMO_COMPANY = { name: '株式会社さくら精機（デモ）', name_kana: 'かぶしきがいしゃさくらせいき' };
export const DEMO_EMAIL_DOMAIN = 'sakura-seiki.example';
export const DEMO_PASSWORD = 'Portal#2026';

const LAST: [string, string][] = [
  ['佐藤', 'さとう'], ['鈴木', 'すずき'], ['高橋', 'たかはし'], ['田中', 'たなか'], ['伊藤', 'いとう'],
  ['渡辺', 'わたなべ'], ['山本', 'やまもと'], ['中村', 'なかむら'], ['小林', 'こばやし'], ['加藤', 'かとう'],
  ['吉田', 'よしだ'], ['山田', 'やまだ'], ['佐々木', 'ささき'], ['山口', 'やまぐち'], ['松本', 'まつもと'],
  ['井上', 'いのうえ'], ['木村', 'きむら'], ['林', 'はやし'], ['斎藤', 'さいとう'], ['清水', 'しみず'],
  ['山崎', 'やまさき'], ['森', 'もり'], ['池田', 'いけだ'], ['橋本', 'はしもと'], ['阿部', 'あべ'],
  ['石川', 'いしかわ'], ['山下', 'やました'], ['中島', 'なかじま'], ['石井', 'いしい'], ['小川', 'おがわ'],
  ['前田', 'まえだ'], ['岡田', 'おかだ'], ['長谷川', 'はせがわ'], ['藤田', 'ふじた'],
];

const FIRST: [string, string][] = [
  ['太郎', 'たろう'], ['花子', 'はなこ'], ['健一', 'けんいち'], ['美咲', 'みさき'], ['翔太', 'しょうた'],
  ['陽菜', 'ひな'], ['大輔', 'だいすけ'], ['結衣', 'ゆい'], ['拓也', 'たくや'], ['さくら', 'さくら'],
  ['直樹', 'なおき'], ['愛', 'あい'], ['誠', 'まこと'], ['優子', 'ゆうこ'], ['亮', 'りょう'],
  ['真由美', 'まゆみ'], ['達也', 'たつや'], ['恵', 'めぐみ'], ['浩二', 'こうじ'], ['由美', 'ゆみ'],
  ['和也', 'かずや'], ['彩', 'あや'], ['聡', 'さとし'], ['明美', 'あけみ'], ['隆', 'たかし'],
  ['千尋', 'ちひろ'], ['修', 'おさむ'], ['舞', 'まい'], ['悠斗', 'ゆうと'], ['葵', 'あおい'],
  ['剛', 'つよし'], ['奈々', 'なな'], ['蓮', 'れん'], ['琴音', 'ことね'],
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
  { name: '全社連絡', group_link: 'demo-zensha-renraku', notice: '全社員向けのお知らせです。', letter_color: 1, members: range(2, NO_GROUP_USER_INDEX - 1) },
  { name: '総務部', group_link: 'demo-soumubu', notice: '総務部の連絡用グループです。', letter_color: 1, members: [...range(2, 7)] },
  { name: '営業一課', group_link: 'demo-eigyo-ikka', notice: '営業一課の案件共有。', letter_color: 2, members: [2, ...range(8, 14)] },
  { name: '開発チーム', group_link: 'demo-kaihatsu', notice: '開発チームの情報共有。', letter_color: 1, members: [2, ...range(15, 22)] },
  { name: '東京支社', group_link: 'demo-tokyo-shisha', notice: '東京支社のお知らせ。', letter_color: 2, members: range(2, 18).filter((i) => i % 2 === 0) },
  { name: '大阪支社', group_link: 'demo-osaka-shisha', notice: '大阪支社のお知らせ。', letter_color: 1, members: range(19, 33).filter((i) => i % 2 === 1) },
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
