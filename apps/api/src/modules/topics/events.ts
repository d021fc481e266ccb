import { topicEventKind, type TopicEventAction, type TopicEventPayload } from '@portal/api-client/realtime';
import type { AppContext } from '../../context';
import type { TopicRecord } from './policy';

export type TopicRef = Pick<TopicRecord, 'id' | 'group_id' | 'author_id' | 'delivery_at'>;

/** Everyone who reads the topic once delivered: the group's members, or the members of its running destinations. */
export async function topicReaders(ctx: AppContext, topic: Pick<TopicRecord, 'id' | 'group_id'>) {
  const q = ctx.db.selectFrom('users as u').select(['u.id', 'u.email']).where('u.status', '=', 'active');
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
export async function topicAudience(ctx: AppContext, topic: TopicRef): Promise<number[]> {
  const author = topic.author_id === null ? [] : [topic.author_id];
  if (topic.delivery_at > ctx.now()) return author;
  const ids = (await topicReaders(ctx, topic)).map((r) => r.id);
  return topic.group_id === null ? [...new Set([...ids, ...author])] : ids;
}

/**
 * Tells the topic's audience that something changed so open pages refetch. Called after the
 * write has committed; the bus never fails a request (realtime is a hint over stored data).
 * `alsoTo` reaches people who could read it before the change (a common topic whose
 * destinations were narrowed) so their lists drop it.
 */
export async function publishTopicEvent(
  ctx: AppContext,
  topic: TopicRef | number,
  action: TopicEventAction,
  extra: { comment_id?: number; alsoTo?: number[] } = {},
): Promise<void> {
  const ref =
    typeof topic === 'number'
      ? await ctx.db.selectFrom('topics').select(['id', 'group_id', 'author_id', 'delivery_at']).where('id', '=', topic).executeTakeFirst()
      : topic;
  if (!ref) return;
  const to = [...new Set([...(await topicAudience(ctx, ref)), ...(extra.alsoTo ?? [])])];
  if (to.length === 0) return;
  const payload: TopicEventPayload = { group_id: ref.group_id, topic_id: ref.id };
  if (extra.comment_id !== undefined) payload.comment_id = extra.comment_id;
  await ctx.bus.publish(to, { kind: topicEventKind(ref.group_id, action), payload });
}
