import { MessageSpecial } from '@portal/api-client';
import type { Kysely } from 'kysely';
import type { DemoTopicContext } from './seed-topics';
import type { DB } from './types';

const MINUTE_MS = 60_000;

interface DemoChat {
  group: string;
  /** Demo user indexes; the first creates it. Two people make a one-to-one chat. */
  members: number[];
  name?: string;
  /** [by, text, minutes ago, reply to (index in this list)?, likers?] */
  messages: [number, string, number, number?, number[]?][];
  /** Demo user index → how many of the last messages they have not read (others read all). */
  unread?: Record<number, number>;
  favoriteOf?: number[];
}

/** 1 = E0001 佐藤 (administrator), 2 = E0002 鈴木 (ordinary member), 3 = E0003 高橋. */
const DEMO_CHATS: DemoChat[] = [
  {
    group: '総務部',
    members: [1, 2],
    messages: [
      [2, 'お疲れさまです。来週の備品発注の件でご相談があります。', 300],
      [1, 'お疲れさまです。どのような内容でしょうか？', 290],
      [2, 'コピー用紙の在庫が少なくなっています。いつもの数量で発注してよいですか？', 285],
      [1, '了解しました。いつもの数量でお願いします。', 60, 2],
      [1, '納品日が決まったら教えてください。', 58],
    ],
    unread: { 2: 2 },
    favoriteOf: [2],
  },
  {
    group: '総務部',
    members: [2, 1, 3, 4, 5],
    name: '総務部 打ち合わせ',
    messages: [
      [2, '明日10時からの打ち合わせ、会議室Aで行います。', 900],
      [4, '承知しました。資料は前回のものを使いますか？', 880, undefined, [2]],
      [2, 'はい、前回の資料に今月の数字を追加してください。', 870, 1],
      [5, '追加しておきます。', 120, undefined, [2, 4]],
      [3, '少し遅れて参加します。よろしくお願いします。', 30],
      [4, '了解です。議事録は私が取ります。', 10],
    ],
    unread: { 1: 3, 3: 1 },
  },
  {
    group: '全社連絡',
    members: [3, 2],
    messages: [
      [3, 'セキュリティ研修はもう受講しましたか？', 2000],
      [2, 'はい、昨日受講しました。思ったより短かったです。', 1990, undefined, [3]],
    ],
  },
  {
    group: '開発チーム',
    members: [15, 2, 16],
    messages: [
      [15, 'リリース前のレビューをお願いできますか。', 200],
      [16, '午後に見ます。', 190],
      [15, 'ありがとうございます。修正点はチャットで送ります。', 5],
    ],
    unread: { 2: 1 },
  },
];

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * Demo chats with some history, likes, a reply and unread messages, so the chat list and the
 * navbar badge are lived-in on a fresh start. Added only when the company has no chat yet.
 */
export async function seedDemoChats(trx: Kysely<DB>, c: DemoTopicContext): Promise<number> {
  const any = await trx.selectFrom('chats').select('id').where('company_id', '=', c.companyId).executeTakeFirst();
  if (any) return 0;
  for (const demo of DEMO_CHATS) {
    const ids = demo.members.map((i) => c.userIds.get(i)!);
    const only = ids.length === 2;
    const created = c.now - (demo.messages[0]![2] + 5) * MINUTE_MS;
    const chat = await trx
      .insertInto('chats')
      .values({
        company_id: c.companyId,
        group_id: c.groupIds.get(demo.group)!,
        name: demo.name ?? '',
        pair_key: only ? pairKey(ids[0]!, ids[1]!) : null,
        created_by_user_id: ids[0]!,
        last_message_id: null,
        only_user: only ? 1 : 0,
        last_activity_at: created,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const messageIds: number[] = [];
    for (const [n, [by, text, ago, replyTo, likers]] of demo.messages.entries()) {
      const at = c.now - ago * MINUTE_MS;
      const m = await trx
        .insertInto('chat_messages')
        .values({
          chat_id: chat.id,
          no: n + 1,
          sender_id: c.userIds.get(by)!,
          content: text,
          message_special: MessageSpecial.TEXT,
          client_message_id: null,
          reply_to_id: replyTo === undefined ? null : messageIds[replyTo]!,
          created_at: at,
          updated_at: at,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      messageIds.push(m.id);
      for (const liker of likers ?? [])
        await trx
          .insertInto('chat_message_likes')
          .values({ message_id: m.id, user_id: c.userIds.get(liker)!, created_at: at })
          .execute();
    }
    const last = demo.messages.length;
    const lastAt = c.now - demo.messages[last - 1]![2] * MINUTE_MS;
    await trx
      .updateTable('chats')
      .set({ last_no: last, last_message_id: messageIds[last - 1]!, last_activity_at: lastAt, updated_at: lastAt })
      .where('id', '=', chat.id)
      .execute();
    await trx
      .insertInto('chat_members')
      .values(
        demo.members.map((i) => ({
          chat_id: chat.id,
          user_id: c.userIds.get(i)!,
          read_no: last - (demo.unread?.[i] ?? 0),
          favorite: demo.favoriteOf?.includes(i) ? (1 as const) : (0 as const),
          joined_at: created,
          left_at: null,
        })),
      )
      .execute();
  }
  return DEMO_CHATS.length;
}
