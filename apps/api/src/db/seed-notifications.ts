import { InformationType, NewsDisplayType, NewsPlacement, NewsTargetType } from '@portal/api-client';
import type { Kysely } from 'kysely';
import { sanitizeHtml } from '../text/sanitize';
import type { DemoTopicContext } from './seed-topics';
import type { DB } from './types';

const HOUR_MS = 3_600_000;

/** CMS news of the demo company (matched by title, so a second run adds nothing). */
const DEMO_CMS = [
  {
    title: 'グループポータルへようこそ',
    html: '<p>お知らせ・トピック・共有フォルダを一か所で確認できます。右上のベルから<strong>未読</strong>と<strong>いいね</strong>を確認しましょう。</p>',
    placement: NewsPlacement.HOME,
    display: NewsDisplayType.CONTINUES,
    group: null,
    hoursAgo: 200,
  },
  {
    title: '年末年始の休業日について',
    html: '<p>12月29日から1月3日まで休業します。緊急の連絡は総務部までお願いします。</p>',
    placement: NewsPlacement.BOTH,
    display: NewsDisplayType.ONE_TIME,
    group: null,
    hoursAgo: 6,
  },
  {
    title: '開発チーム：リリース判定会議',
    html: '<p>金曜 15:00 から第一会議室でリリース判定会議を行います。</p>',
    placement: NewsPlacement.GROUP,
    display: NewsDisplayType.CONTINUES,
    group: '開発チーム',
    hoursAgo: 10,
  },
] as const;

/**
 * Demo notifications: CMS news on home and on a group page, a few system news items, favourites,
 * and read marks on the older comment notices so the unread list holds the recent ones only.
 * Everything else (unread topics, comments, likes) comes from the demo topics themselves.
 */
export async function seedDemoNotifications(trx: Kysely<DB>, c: DemoTopicContext): Promise<void> {
  const admin = c.userIds.get(1)!;
  for (const n of DEMO_CMS) {
    const exists = await trx
      .selectFrom('informations')
      .select('id')
      .where('company_id', '=', c.companyId)
      .where('title', '=', n.title)
      .executeTakeFirst();
    if (exists) continue;
    const at = c.now - n.hoursAgo * HOUR_MS;
    const groupId = n.group === null ? null : (c.groupIds.get(n.group) ?? null);
    await trx
      .insertInto('informations')
      .values({
        company_id: c.companyId,
        type: InformationType.CMS,
        title: n.title,
        content: sanitizeHtml(n.html, { images: false }).html,
        placement: n.placement,
        target_type: groupId ? NewsTargetType.GROUP_TOP : NewsTargetType.NO_LINK,
        target_id: groupId,
        group_id: groupId,
        user_id: null,
        display_type: n.display,
        created_by: admin,
        withdrawn_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  const system = [
    { user: 2, group: '全社連絡', key: 'join_approved', params: {}, target: NewsTargetType.GROUP_TOP, hoursAgo: 30 },
    {
      user: 3,
      group: '総務部',
      key: 'permission_granted',
      params: { permission_name: 'edit_topic' },
      target: NewsTargetType.GROUP_TOP,
      hoursAgo: 3,
    },
  ];
  for (const s of system) {
    const userId = c.userIds.get(s.user);
    const groupId = c.groupIds.get(s.group);
    if (!userId || !groupId) continue;
    const exists = await trx
      .selectFrom('informations')
      .select('id')
      .where('user_id', '=', userId)
      .where('title', '=', s.key)
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    if (exists) continue;
    const at = c.now - s.hoursAgo * HOUR_MS;
    await trx
      .insertInto('informations')
      .values({
        company_id: c.companyId,
        type: InformationType.SYSTEM,
        title: s.key,
        content: JSON.stringify({ group_name: s.group, ...s.params }),
        placement: NewsPlacement.BOTH,
        target_type: s.target,
        target_id: groupId,
        group_id: groupId,
        user_id: userId,
        display_type: NewsDisplayType.ONE_TIME,
        created_by: null,
        withdrawn_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  // Favourites: the ordinary member and the administrator star a few topics of their groups.
  for (const [userIndex, titles] of [
    [2, ['年末年始休業のお知らせ', '週報']],
    [1, ['リリース計画 v2.3', '情報セキュリティ研修の受講のお願い']],
  ] as const) {
    const userId = c.userIds.get(userIndex)!;
    const topics = await trx
      .selectFrom('topics')
      .select('id')
      .where('company_id', '=', c.companyId)
      .where('title', 'in', [...titles])
      .execute();
    if (topics.length === 0) continue;
    await trx
      .insertInto('topic_favorites')
      .values(topics.map((t) => ({ topic_id: t.id, user_id: userId, created_at: c.now })))
      .onConflict((oc) => oc.columns(['topic_id', 'user_id']).doNothing())
      .execute();
  }

  // Comment notices older than two days count as read, as if their readers had been around.
  const old = await trx
    .selectFrom('topic_comments as cm')
    .innerJoin('topics as t', 't.id', 'cm.topic_id')
    .select(['cm.id', 't.author_id'])
    .where('t.company_id', '=', c.companyId)
    .where('cm.created_at', '<', c.now - 48 * HOUR_MS)
    .execute();
  const reads = old.filter((r) => r.author_id !== null).map((r) => ({ comment_id: r.id, user_id: r.author_id!, created_at: c.now }));
  if (reads.length > 0)
    await trx
      .insertInto('comment_reads')
      .values(reads)
      .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
      .execute();
}
