import type { TopicComment } from '@portal/api-client';
import { topicEventKind, type TopicEventAction, type TopicEventPayload, type TopicLikeChange } from '@portal/api-client/realtime';
import { sql } from 'kysely';
import type { AppContext } from '../../kernel';
import { compiledQuery } from '../../db/compiled';
import { commonTopicVisible, groupTopicVisible } from '../../kernel';
import type { TopicRecord } from './policy';

export type TopicRef = Pick<TopicRecord, 'id' | 'group_id' | 'author_id' | 'delivery_at'>;

/** Everyone who reads the topic once delivered: the group's members, or the members of its running destinations. */
export async function topicReaders(ctx: AppContext, topic: Pick<TopicRecord, 'id' | 'group_id'>, only?: number[]) {
  let q = ctx.db.selectFrom('users as u').select(['u.id', 'u.email']).where('u.status', '=', 'active');
  if (only) q = q.where('u.id', 'in', only.length ? only : [0]);
  if (topic.group_id !== null) {
    return q.where('u.id', 'in', ctx.db.selectFrom('group_members').select('user_id').where('group_id', '=', topic.group_id)).execute();
  }
  return q
    .where('u.id', 'in', (eb) =>
      eb
        .selectFrom('topic_destinations as d')
        .innerJoin('group_members as m', 'm.group_id', 'd.group_id')
        .innerJoin('groups as g', 'g.id', 'd.group_id')
        .select('m.user_id')
        .where('d.topic_id', '=', topic.id)
        .where('g.is_stopped', '=', 0),
    )
    .execute();
}

/**
 * Who may be told about the topic right now: before delivery only its author sees it; after,
 * its readers, plus the author of a common topic (who sees it without being in a destination).
 */
export async function topicAudience(ctx: AppContext, topic: TopicRef, only?: number[]): Promise<number[]> {
  const author = topic.author_id === null || (only && !only.includes(topic.author_id)) ? [] : [topic.author_id];
  if (topic.delivery_at > ctx.now()) return author;
  if (only?.length === 0) return [];
  const ids = (await topicReaders(ctx, topic, only)).map((r) => r.id);
  return topic.group_id === null ? [...new Set([...ids, ...author])] : ids;
}

/**
 * Actions whose detail matters only to whoever has the topic open and to the people they
 * concern: no feed row, group badge or notice of another member changes with a like or a
 * comment (feed rows carry neither count; comment and like notices go to the topic's or the
 * comment's author). Sending them to every member's every socket made frames grow with the
 * square of a group's size.
 */
const BY_INTEREST: ReadonlySet<TopicEventAction> = new Set(['liked', 'comment.liked', 'comment.added', 'comment.deleted']);

/**
 * Whether the user may have the topic open (its detail, bin included): the realtime plugin
 * grants a socket's subscription with this. Returns the topic's group (null: common topic).
 */
export async function topicViewable(ctx: AppContext, userId: number, topicId: number): Promise<{ groupId: number | null } | null> {
  const [row] = await viewableQuery(ctx.db, { userId, topicId, now: ctx.now() });
  return row ? { groupId: row.group_id } : null;
}

/**
 * Every topic view subscribes its socket, so this is compiled once, and the caller's company
 * comes from the active user's row joined in: one round trip instead of two.
 */
const viewableQuery = compiledQuery<{ userId: number; topicId: number; now: number }>()((db, slot) => {
  const viewer = { id: slot('userId'), companyId: sql.ref('vu.company_id') as unknown as number };
  return db
    .selectFrom('topics as t')
    .innerJoin('users as vu', (j) => j.on('vu.id', '=', slot('userId')).on('vu.status', '=', 'active'))
    .select(['t.id', 't.group_id'])
    .where('t.id', '=', slot('topicId'))
    .where((eb) => eb.or([groupTopicVisible({ db }, viewer, slot('now'))(eb), commonTopicVisible(viewer, slot('now'))(eb)]));
});

/**
 * Tells the topic's audience that something changed so open pages refetch; likes and comments
 * (BY_INTEREST) only those viewing the topic and those they concern. Called after the
 * write has committed; the bus never fails a request (realtime is a hint over stored data).
 * `alsoTo` reaches people who could read it before the change (a common topic whose
 * destinations were narrowed) so their lists drop it.
 */
export async function publishTopicEvent(
  ctx: AppContext,
  topic: TopicRef | number,
  action: TopicEventAction,
  extra: {
    comment_id?: number;
    alsoTo?: number[];
    concerns?: (number | null)[];
    like?: TopicLikeChange;
    comment?: TopicComment | undefined;
  } = {},
): Promise<void> {
  const ref =
    typeof topic === 'number'
      ? await ctx.db.selectFrom('topics').select(['id', 'group_id', 'author_id', 'delivery_at']).where('id', '=', topic).executeTakeFirst()
      : topic;
  if (!ref) return;
  const payload: TopicEventPayload = { group_id: ref.group_id, topic_id: ref.id };
  if (extra.comment_id !== undefined) payload.comment_id = extra.comment_id;
  if (extra.like) payload.like = extra.like;
  if (extra.comment) payload.comment = extra.comment;
  const kind = topicEventKind(ref.group_id, action);
  if (BY_INTEREST.has(action)) {
    // The sockets viewing the topic (granted when they subscribed) and the concerned people who
    // still read it: the topic's author and whoever the comment answers or is.
    const concerned = [ref.author_id, ...(extra.concerns ?? [])].filter((id): id is number => id !== null);
    const to = await topicAudience(ctx, ref, [...new Set(concerned)]);
    await ctx.bus.publish(to, { kind, payload, viewers: ref.id });
    return;
  }
  const to = [...new Set([...(await topicAudience(ctx, ref)), ...(extra.alsoTo ?? [])])];
  if (to.length === 0) return;
  await ctx.bus.publish(to, { kind, payload });
}
