import { LIMITS, LikeTargetType } from '@portal/api-client';
import { sql } from 'kysely';
import type { AppContext } from '../../kernel';
import { preview } from '../../text/sanitize';
import {
  activeStatus,
  type ChangesAt,
  commonTopicReadable,
  displayName,
  groupTopicReadable,
  myGroupIds,
  notRead,
  registerUnreadSource,
  shortName,
  type UnreadDetail,
  type UnreadSource,
  type Viewer,
} from '../../kernel';

type Area = 'group' | 'common';

const topicReadable = (ctx: AppContext, v: Viewer, area: Area) =>
  area === 'group' ? groupTopicReadable(ctx, v, ctx.now()) : commonTopicReadable(v, ctx.now());

/**
 * The next scheduled delivery after `now` per group (or of the company's common topics): topics,
 * their comments and attached files all become visible then, so the three kinds of an area share
 * one function (the store asks it once). Authors see their own scheduled topics already; taking
 * every topic is merely conservative (an early recount).
 */
const deliveries =
  (area: Area): ChangesAt =>
  (ctx, v, now, inGroups) => {
    const q = ctx.db.selectFrom('topics as t').where('t.company_id', '=', v.companyId).where('t.delivery_at', '>', now);
    return (area === 'group' ? q.where(inGroups ? inGroups('t.group_id') : sql<boolean>`1 = 0`) : q.where('t.group_id', 'is', null))
      .select(['t.group_id', (eb) => eb.fn.min<number>('t.delivery_at').as('at')])
      .groupBy('t.group_id');
  };
const DELIVERIES = { group: deliveries('group'), common: deliveries('common') };

const personOf = (r: { last_name: string | null; first_name: string | null }, status: string | null, inGroup: unknown) => ({
  update_by_user: r.last_name === null && r.first_name === null ? null : shortName(displayName(r)),
  user_active_status: activeStatus(status, inGroup),
});

/** Does the person (`ref`) still belong to the row's group? Only asked for group content. */
const inGroup = (personRef: string, groupRef: string) => (eb: any) =>
  eb
    .exists(
      eb
        .selectFrom('group_members as gm2')
        .select(sql`1`.as('one'))
        .whereRef('gm2.group_id', '=', groupRef)
        .whereRef('gm2.user_id', '=', personRef),
    )
    .as('person_in_group');

function topicSource(area: Area): UnreadSource {
  return {
    type: area === 'group' ? LikeTargetType.GROUP_TOPIC : LikeTargetType.COMMON_TOPIC,
    area,
    changesAt: DELIVERIES[area],
    rows(ctx, v, { unreadOnly }) {
      let q = ctx.db.selectFrom('topics as t').where(topicReadable(ctx, v, area));
      if (unreadOnly) q = q.where(notRead('topic_reads', 't.id', v.id));
      return q.select(['t.id as target_id', 't.group_id as group_id', 't.updated_at as at']);
    },
    async describe(ctx, _v, ids) {
      if (ids.length === 0) return new Map();
      const rows = await ctx.db
        .selectFrom('topics as t')
        .leftJoin('users as u', 'u.id', 't.updater_id')
        .leftJoin('groups as g', 'g.id', 't.group_id')
        .select(['t.id', 't.title', 't.content_text', 't.emergency_contact', 't.comment_enabled', 't.comment_anonymous'])
        .select(['u.last_name', 'u.first_name', 'u.status', 'g.name as group_name', 'g.icon_image_small_path'])
        .select(inGroup('t.updater_id', 't.group_id'))
        .where('t.id', 'in', ids)
        .execute();
      return new Map(
        rows.map((r): [number, UnreadDetail] => [
          r.id,
          {
            group_name: r.group_name,
            avatar: r.icon_image_small_path,
            topic_id: r.id,
            topic_comment_id: null,
            title: r.title,
            content: preview(r.content_text, LIMITS.previewTextLength),
            ...personOf(r, r.status, area === 'group' ? (r as { person_in_group?: unknown }).person_in_group : undefined),
            emergency_contact: r.emergency_contact === 1,
            allow_anonymous_comment: r.comment_enabled === 1 && r.comment_anonymous === 1,
          },
        ]),
      );
    },
    async markRead(ctx, v, ids) {
      const now = ctx.now();
      await ctx.db
        .insertInto('topic_reads')
        .values(ids.map((id) => ({ topic_id: id, user_id: v.id, created_at: now })))
        .onConflict((oc) => oc.columns(['topic_id', 'user_id']).doNothing())
        .execute();
    },
  };
}

/**
 * Comment notices: a comment by someone else on the viewer's topic, or a reply to the viewer's
 * comment, while the topic is readable and the comment not deleted.
 */
function commentSource(area: Area): UnreadSource {
  return {
    type: area === 'group' ? LikeTargetType.GROUP_TOPIC_COMMENT : LikeTargetType.COMMON_TOPIC_COMMENT,
    area,
    changesAt: DELIVERIES[area],
    rows(ctx, v, { unreadOnly }) {
      let q = ctx.db
        .selectFrom('topic_comments as c')
        .innerJoin('topics as t', 't.id', 'c.topic_id')
        .where(topicReadable(ctx, v, area))
        .where('c.is_deleted', '=', 0)
        .where((eb) => eb.or([eb('c.author_id', 'is', null), eb('c.author_id', '!=', v.id)]))
        .where((eb) =>
          eb.or([
            eb('t.author_id', '=', v.id),
            eb.exists(
              eb
                .selectFrom('topic_comments as p')
                .select(sql`1`.as('one'))
                .whereRef('p.id', '=', 'c.parent_id')
                .where('p.author_id', '=', v.id),
            ),
          ]),
        );
      if (unreadOnly) q = q.where(notRead('comment_reads', 'c.id', v.id));
      return q.select(['c.id as target_id', 't.group_id as group_id', 'c.created_at as at']);
    },
    async describe(ctx, _v, ids) {
      if (ids.length === 0) return new Map();
      const rows = await ctx.db
        .selectFrom('topic_comments as c')
        .innerJoin('topics as t', 't.id', 'c.topic_id')
        .leftJoin('users as u', 'u.id', 'c.author_id')
        .leftJoin('groups as g', 'g.id', 't.group_id')
        .select([
          'c.id',
          'c.topic_id',
          'c.content_text',
          'c.is_anonymous',
          't.title',
          't.emergency_contact',
          't.comment_enabled',
          't.comment_anonymous',
        ])
        .select(['u.last_name', 'u.first_name', 'u.status', 'g.name as group_name', 'g.icon_image_small_path'])
        .select(inGroup('c.author_id', 't.group_id'))
        .where('c.id', 'in', ids)
        .execute();
      return new Map(
        rows.map((r): [number, UnreadDetail] => {
          const person = personOf(r, r.status, area === 'group' ? (r as { person_in_group?: unknown }).person_in_group : undefined);
          return [
            r.id,
            {
              group_name: r.group_name,
              avatar: r.icon_image_small_path,
              topic_id: r.topic_id,
              topic_comment_id: r.id,
              title: r.title,
              content: preview(r.content_text, LIMITS.previewTextLength),
              ...(r.is_anonymous === 1 ? { update_by_user: null, user_active_status: 0 } : person),
              emergency_contact: r.emergency_contact === 1,
              allow_anonymous_comment: r.comment_enabled === 1 && r.comment_anonymous === 1,
            },
          ];
        }),
      );
    },
    async markRead(ctx, v, ids) {
      const now = ctx.now();
      await ctx.db
        .insertInto('comment_reads')
        .values(ids.map((id) => ({ comment_id: id, user_id: v.id, created_at: now })))
        .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
        .execute();
    },
  };
}

/** Shared-folder files, with the file engine's rule that a scheduled topic's attachments stay hidden. */
function fileSource(area: Area): UnreadSource {
  return {
    type: area === 'group' ? LikeTargetType.GROUP_SHARED_FOLDER : LikeTargetType.COMMON_SHARED_FOLDER,
    area,
    changesAt: DELIVERIES[area],
    rows(ctx, v, { unreadOnly }) {
      let q = ctx.db.selectFrom('files as f').where('f.company_id', '=', v.companyId).where('f.in_bin', '=', 0);
      // A topic's attachments are not unread items of their own: the topic is one (one post is
      // one item however many files it carries; ADR 0102). The files stay unread in the folder.
      q =
        area === 'group'
          ? q.where('f.group_id', 'in', myGroupIds(ctx, v)).where('f.topic_id', 'is', null)
          : q.where('f.group_id', 'is', null).where('f.is_attachment', '=', 0);
      if (unreadOnly) q = q.where(notRead('file_reads', 'f.id', v.id));
      return q.select(['f.id as target_id', 'f.group_id as group_id', 'f.updated_at as at']);
    },
    async describe(ctx, _v, ids) {
      if (ids.length === 0) return new Map();
      const rows = await ctx.db
        .selectFrom('files as f')
        .leftJoin('users as u', 'u.id', 'f.uploader_id')
        .leftJoin('groups as g', 'g.id', 'f.group_id')
        .select([
          'f.id',
          'f.title',
          'f.original_name',
          'f.topic_id',
          'u.last_name',
          'u.first_name',
          'u.status',
          'g.name as group_name',
          'g.icon_image_small_path',
        ])
        .select(inGroup('f.uploader_id', 'f.group_id'))
        .where('f.id', 'in', ids)
        .execute();
      return new Map(
        rows.map((r): [number, UnreadDetail] => [
          r.id,
          {
            group_name: r.group_name,
            avatar: r.icon_image_small_path,
            topic_id: null,
            topic_comment_id: null,
            title: r.title || r.original_name,
            content: r.original_name,
            ...personOf(r, r.status, area === 'group' ? (r as { person_in_group?: unknown }).person_in_group : undefined),
            emergency_contact: false,
            allow_anonymous_comment: false,
          },
        ]),
      );
    },
    async markRead(ctx, v, ids) {
      const now = ctx.now();
      await ctx.db
        .insertInto('file_reads')
        .values(ids.map((id) => ({ file_id: id, user_id: v.id, created_at: now })))
        .onConflict((oc) => oc.columns(['file_id', 'user_id']).doNothing())
        .execute();
    },
  };
}

/** The six built-in kinds; registered once when the notifications module loads. */
export const BUILTIN_SOURCES = [
  topicSource('group'),
  commentSource('group'),
  fileSource('group'),
  topicSource('common'),
  commentSource('common'),
  fileSource('common'),
];
for (const s of BUILTIN_SOURCES) registerUnreadSource(s);
