import type { Kysely } from 'kysely';
import { sanitizeHtml } from '../text/sanitize';
import { normalizeForSearch } from '../text/search';
import { DEMO_TOPICS, type DemoTopic } from './seed-data';
import type { DB } from './types';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export interface DemoTopicContext {
  companyId: number;
  /** Demo user index → user id. */
  userIds: Map<number, number>;
  /** Demo group name → group id. */
  groupIds: Map<string, number>;
  now: number;
}

/**
 * The demo topics, written the way the topic service writes them (sanitised HTML and its plain
 * text, the normalised title for the feed filter, the author's read mark) but as topics already
 * delivered in the past: no delivery job is queued, so the emergency topic does not mail every
 * demo address when a fresh server starts. A topic is matched by (group or common, title); one
 * that exists is left alone with its comments and likes, so running the seed again adds nothing.
 */
export async function seedDemoTopics(trx: Kysely<DB>, c: DemoTopicContext): Promise<number> {
  let added = 0;
  for (const topic of DEMO_TOPICS) {
    const groupId = topic.group === null ? null : c.groupIds.get(topic.group)!;
    const existing = await trx
      .selectFrom('topics')
      .select('id')
      .where('company_id', '=', c.companyId)
      .where('title', '=', topic.title)
      .$call((q) => (groupId === null ? q.where('group_id', 'is', null) : q.where('group_id', '=', groupId)))
      .executeTakeFirst();
    if (existing) continue;
    await insertTopic(trx, c, topic, groupId);
    added++;
  }
  return added;
}

async function insertTopic(trx: Kysely<DB>, c: DemoTopicContext, topic: DemoTopic, groupId: number | null): Promise<void> {
  const user = (index: number) => c.userIds.get(index)!;
  const at = c.now - topic.hoursAgo * HOUR_MS;
  const { html, text } = sanitizeHtml(topic.html);
  const author = user(topic.by);
  const row = await trx
    .insertInto('topics')
    .values({
      company_id: c.companyId,
      group_id: groupId,
      title: topic.title,
      title_search: normalizeForSearch(topic.title),
      content_html: html,
      content_text: text,
      author_id: author,
      updater_id: author,
      folder_id: null,
      emergency_contact: topic.emergency ? 1 : 0,
      like_character: topic.likeCharacter ?? '',
      comment_anonymous: topic.anonymousComments ? 1 : 0,
      delivery_at: at,
      moved_to_bin_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const topicId = row.id;
  if (groupId === null) {
    const destinations = (topic.destinations ?? []).map((name) => c.groupIds.get(name)!);
    await trx
      .insertInto('topic_destinations')
      .values(destinations.map((g) => ({ topic_id: topicId, group_id: g })))
      .execute();
  }

  // Whoever wrote, liked or commented has read it; everyone else finds it unread.
  const readers = new Set<number>([author]);
  let minute = 1;
  const comment = async (by: number, body: string, parentId: number | null, anonymous: boolean) => {
    const { html: content, text: plain } = sanitizeHtml(`<p>${body}</p>`);
    const when = at + minute++ * 17 * MINUTE_MS;
    readers.add(user(by));
    const r = await trx
      .insertInto('topic_comments')
      .values({
        topic_id: topicId,
        parent_id: parentId,
        author_id: user(by),
        content_html: content,
        content_text: plain,
        is_anonymous: anonymous ? 1 : 0,
        created_at: when,
        updated_at: when,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  };
  for (const cm of topic.comments ?? []) {
    const id = await comment(cm.by, cm.text, null, cm.anonymous ?? false);
    for (const reply of cm.replies ?? []) await comment(reply.by, reply.text, id, false);
  }
  const likers = (topic.likers ?? []).map(user);
  if (likers.length) {
    await trx
      .insertInto('topic_likes')
      .values(likers.map((u, i) => ({ topic_id: topicId, user_id: u, created_at: at + (i + 1) * MINUTE_MS })))
      .execute();
  }
  for (const u of likers) readers.add(u);
  await trx
    .insertInto('topic_reads')
    .values([...readers].map((u) => ({ topic_id: topicId, user_id: u, created_at: at })))
    .execute();
}
