import { LikeType, type LikeNotice } from '@portal/api-client';
import type { AppContext } from '../../kernel';
import { preview } from '../../text/sanitize';
import {
  activeStatus,
  commonTopicReadable,
  displayName,
  groupTopicReadable,
  type LikeDetail,
  type LikeSource,
  likeSources,
  lit,
  registerLikeSource,
  shortName,
  type Viewer,
} from '../../kernel';

const readable = (ctx: AppContext, v: Viewer, area: 'group' | 'common') =>
  area === 'group' ? groupTopicReadable(ctx, v, ctx.now()) : commonTopicReadable(v, ctx.now());

/** Up to this many likers' names per notice; the count carries the rest. */
const LIKER_NAMES = 20;

async function likers(
  ctx: AppContext,
  table: 'topic_likes' | 'topic_comment_likes',
  col: 'topic_id' | 'comment_id',
  id: number,
  viewerId: number,
) {
  const rows = await ctx.db
    .selectFrom(`${table} as l` as 'topic_likes as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['u.last_name', 'u.first_name', 'u.status'])
    .where(`l.${col}` as 'l.topic_id', '=', id)
    .where('l.user_id', '!=', viewerId)
    .orderBy('l.created_at', 'desc')
    .limit(LIKER_NAMES)
    .execute();
  return rows.map((r) => ({ name: shortName(displayName(r)), user_active_status: activeStatus(r.status, undefined) }));
}

function topicLikes(area: 'group' | 'common'): LikeSource {
  return {
    type: area === 'group' ? LikeType.GROUP_TOPIC : LikeType.COMMON_TOPIC,
    rows: (ctx, v) =>
      ctx.db
        .selectFrom('topic_likes as l')
        .innerJoin('topics as t', 't.id', 'l.topic_id')
        .where('t.author_id', '=', v.id)
        .where('l.user_id', '!=', v.id)
        .where(readable(ctx, v, area))
        .select(['t.id as target_id', 't.group_id as group_id', 'l.user_id as liker_id', 'l.created_at as at']),
    async describe(ctx, v, ids) {
      const rows = await ctx.db
        .selectFrom('topics')
        .select(['id', 'title', 'like_character', 'hide_likers'])
        .where('id', 'in', ids)
        .execute();
      const out = new Map<number, LikeDetail>();
      for (const r of rows) {
        out.set(r.id, {
          topic_id: r.id,
          comment_id: null,
          like_target: r.title,
          like_character_change: r.like_character,
          comment_content: null,
          // Hidden likers stay hidden from the author too (the topic's own rule).
          update_by_user: r.hide_likers === 1 ? [] : await likers(ctx, 'topic_likes', 'topic_id', r.id, v.id),
        });
      }
      return out;
    },
  };
}

function commentLikes(area: 'group' | 'common'): LikeSource {
  return {
    type: area === 'group' ? LikeType.GROUP_TOPIC_COMMENT : LikeType.COMMON_TOPIC_COMMENT,
    rows: (ctx, v) =>
      ctx.db
        .selectFrom('topic_comment_likes as l')
        .innerJoin('topic_comments as c', 'c.id', 'l.comment_id')
        .innerJoin('topics as t', 't.id', 'c.topic_id')
        .where('c.author_id', '=', v.id)
        .where('c.is_deleted', '=', 0)
        .where('l.user_id', '!=', v.id)
        .where(readable(ctx, v, area))
        .select(['c.id as target_id', 't.group_id as group_id', 'l.user_id as liker_id', 'l.created_at as at']),
    async describe(ctx, v, ids) {
      const rows = await ctx.db
        .selectFrom('topic_comments as c')
        .innerJoin('topics as t', 't.id', 'c.topic_id')
        .select(['c.id', 'c.topic_id', 'c.content_text', 't.title', 't.like_character', 't.hide_likers'])
        .where('c.id', 'in', ids)
        .execute();
      const out = new Map<number, LikeDetail>();
      for (const r of rows) {
        out.set(r.id, {
          topic_id: r.topic_id,
          comment_id: r.id,
          like_target: r.title,
          like_character_change: r.like_character,
          comment_content: preview(r.content_text, 50),
          update_by_user: r.hide_likers === 1 ? [] : await likers(ctx, 'topic_comment_likes', 'comment_id', r.id, v.id),
        });
      }
      return out;
    },
  };
}

for (const s of [topicLikes('group'), commentLikes('group'), topicLikes('common'), commentLikes('common')]) registerLikeSource(s);

async function seenAt(ctx: AppContext, userId: number): Promise<number> {
  const row = await ctx.db.selectFrom('like_seen').select('seen_at').where('user_id', '=', userId).executeTakeFirst();
  return row ? Number(row.seen_at) : 0;
}

/** Likes grouped per liked item: one notice each, newest like first. */
function grouped(ctx: AppContext, viewer: Viewer) {
  const parts = [...likeSources.values()].map((s) => s.rows(ctx, viewer).select(lit(s.type).as('like_type')));
  let union: any = parts[0];
  for (const p of parts.slice(1)) union = union.unionAll(p);
  return ctx.db
    .selectFrom(union.as('k'))
    .select(['k.like_type', 'k.target_id', 'k.group_id', (eb: any) => eb.fn.max('k.at').as('at'), (eb: any) => eb.fn.countAll().as('n')])
    .groupBy(['k.like_type', 'k.target_id', 'k.group_id']);
}

export async function unreadLikeCount(ctx: AppContext, viewer: Viewer): Promise<number> {
  const seen = await seenAt(ctx, viewer.id);
  const row = await (ctx.db.selectFrom(grouped(ctx, viewer).as('g')) as any)
    .select((eb: any) => eb.fn.countAll().as('n'))
    .where('g.at', '>', seen)
    .executeTakeFirstOrThrow();
  return Number((row as { n: unknown }).n);
}

export async function likePage(ctx: AppContext, viewer: Viewer, opts: { page: number; limit: number }) {
  const seen = await seenAt(ctx, viewer.id);
  const totalRow = await ctx.db
    .selectFrom(grouped(ctx, viewer).as('g'))
    .select((eb: any) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number((totalRow as { n: unknown }).n);
  const rows: { like_type: number; target_id: number; group_id: number | null; at: number; n: number }[] = await (
    ctx.db.selectFrom(grouped(ctx, viewer).as('g')) as any
  )
    .selectAll()
    .orderBy('g.at', 'desc')
    .orderBy('g.like_type', 'desc')
    .orderBy('g.target_id', 'desc')
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit)
    .execute();
  const data: LikeNotice[] = [];
  const details = new Map<number, Map<number, LikeDetail>>();
  for (const type of new Set(rows.map((r) => Number(r.like_type)))) {
    const ids = rows.filter((r) => Number(r.like_type) === type).map((r) => Number(r.target_id));
    details.set(type, await likeSources.get(type)!.describe(ctx, viewer, ids));
  }
  for (const r of rows) {
    const type = Number(r.like_type);
    const d = details.get(type)?.get(Number(r.target_id));
    if (!d) continue;
    const at = Number(r.at);
    data.push({
      id: `${type}-${r.target_id}`,
      like_type: type,
      like_target_id: Number(r.target_id),
      group_id: r.group_id === null ? null : Number(r.group_id),
      like_count: Number(r.n),
      updated_at: at,
      is_read: at <= seen,
      ...d,
    });
  }
  return { data, current_page: opts.page, last_page: Math.max(1, Math.ceil(total / opts.limit)), total };
}

/** Everything liked up to now counts as seen (the dropdown opened). */
export async function markAllLikesRead(ctx: AppContext, userId: number): Promise<void> {
  const now = ctx.now();
  await ctx.db
    .insertInto('like_seen')
    .values({ user_id: userId, seen_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ seen_at: now }))
    .execute();
}
