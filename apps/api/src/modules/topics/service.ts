import { COMMENT_OPTION, HOW_NICE, type NewTopicBody, type TopicDetail } from '@portal/api-client';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../kernel';
import type { DB } from '../../db';
import { HttpError } from '../../http/errors';
import { writeTransaction } from '../../db/write';
import { normalizeForSearch } from '../../text/search';
import { publishTopicEvent, topicAudience } from './events';
import { attachmentFields } from './attachment-list';
import { assertCanSave } from './lock';
import { canEdit, requireFolder, requireTopic, topicNotFound, visibleArgs, type Scope, type TopicRecord } from './policy';
import { purgeTopics } from './purge';
import * as d from './detail-queries';
import { sanitizeHtml } from '../../text/sanitize';
import { type AuditActor, displayName, enqueueJob, indexTopic } from '../../kernel';

const DAY_MS = 86_400_000;
export const DELIVER_JOB = 'topic.deliver';

export interface TopicInput extends Omit<NewTopicBody, 'folder_id'> {
  folder_id?: number | null | undefined;
  selected_group?: number[] | undefined;
  hide_to_selected_group_tag?: boolean | undefined;
}

const bit = (b: boolean) => (b ? 1 : 0) as 0 | 1;

/**
 * Runs a create's or update's row writes (which answer the topic id) in one transaction. The
 * default is a plain transaction; attachments.ts passes one that also writes the attachments and
 * inline-image links there and commits the uploaded bytes last, so all of it lands or none.
 */
export type TopicWriter = (write: (trx: Kysely<DB>) => Promise<number>) => Promise<number>;
const ownTransaction =
  (ctx: AppContext): TopicWriter =>
  (write) =>
    writeTransaction(ctx, write);

/** Stored columns from a create/update body: sanitised HTML, plain text and the option flags. */
function columns(body: TopicInput) {
  const { html, text } = sanitizeHtml(body.content);
  return {
    title: body.topic_title,
    title_search: normalizeForSearch(body.topic_title),
    content_html: html,
    content_text: text,
    emergency_contact: bit(body.emergency_contact),
    is_multiple_edit: bit(body.is_multiple_edit),
    like_enabled: bit(body.how_nice.includes(HOW_NICE.ENABLE)),
    hide_likers: bit(body.how_nice.includes(HOW_NICE.HIDE_LIKERS)),
    like_character: body.like_character_change ?? '',
    comment_enabled: bit(body.comment_options.includes(COMMENT_OPTION.ENABLE)),
    comment_anonymous: bit(body.comment_options.includes(COMMENT_OPTION.ANONYMOUS)),
    hide_destinations: bit(body.hide_to_selected_group_tag ?? false),
  };
}

function futureDelivery(requested: number | null | undefined, now: number): number {
  if (requested === null || requested === undefined) return now;
  if (requested <= now) throw new HttpError(400, 'VALIDATION_ERROR', undefined, { delivery_date: ['validation.deadline_future'] });
  return requested;
}

/** Destination groups must be running groups of the caller's company. */
async function requireDestinations(ctx: AppContext, scope: Scope, groupIds: number[]): Promise<number[]> {
  const unique = [...new Set(groupIds)];
  const rows = await ctx.db
    .selectFrom('groups')
    .select('id')
    .where('company_id', '=', scope.companyId)
    .where('is_stopped', '=', 0)
    .where('id', 'in', unique)
    .execute();
  if (rows.length !== unique.length) throw new HttpError(404, 'GROUP_NOT_FOUND', 'A destination group does not exist.');
  return unique;
}

async function setDestinations(trx: Kysely<DB>, topicId: number, groupIds: number[]): Promise<void> {
  await trx.deleteFrom('topic_destinations').where('topic_id', '=', topicId).execute();
  if (groupIds.length)
    await trx
      .insertInto('topic_destinations')
      .values(groupIds.map((g) => ({ topic_id: topicId, group_id: g })))
      .execute();
}

/**
 * A scheduled topic enters the feed at its delivery time, so its sort time (updated_at) is the
 * delivery time; the deliver job then mails (if emergency) and announces it exactly once.
 */
export async function createTopic(
  ctx: AppContext,
  scope: Scope,
  body: TopicInput,
  writer: TopicWriter = ownTransaction(ctx),
): Promise<number> {
  const now = ctx.now();
  const deliveryAt = futureDelivery(body.delivery_date, now);
  if (scope.kind === 'group' && body.folder_id) await requireFolder(ctx, scope.groupId!, body.folder_id);
  const destinations = scope.kind === 'common' ? await requireDestinations(ctx, scope, body.selected_group ?? []) : [];
  const id = await writer(async (trx) => {
    const row = await trx
      .insertInto('topics')
      .values({
        ...columns(body),
        company_id: scope.companyId,
        group_id: scope.groupId,
        author_id: scope.userId,
        updater_id: scope.userId,
        folder_id: scope.kind === 'group' ? (body.folder_id ?? null) : null,
        delivery_at: deliveryAt,
        moved_to_bin_at: null,
        created_at: now,
        updated_at: deliveryAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (destinations.length) await setDestinations(trx, row.id, destinations);
    await indexTopic(trx, row.id);
    // The author has read what they wrote.
    await trx.insertInto('topic_reads').values({ topic_id: row.id, user_id: scope.userId, created_at: now }).execute();
    await enqueueJob(trx, { kind: DELIVER_JOB, refId: row.id, runAt: deliveryAt, dedupeKey: `${DELIVER_JOB}:${row.id}`, now });
    return row.id;
  });
  await publishTopicEvent(ctx, { id, group_id: scope.groupId, author_id: scope.userId, delivery_at: deliveryAt }, 'created');
  return id;
}

/**
 * An edit makes the topic unread again for everyone but the editor. A topic still waiting for
 * delivery may be rescheduled; a delivered one keeps its delivery time.
 */
export async function updateTopic(
  ctx: AppContext,
  scope: Scope,
  topic: TopicRecord,
  body: TopicInput & { lock_token?: string | undefined },
  writer: TopicWriter = ownTransaction(ctx),
): Promise<void> {
  const now = ctx.now();
  await assertCanSave(ctx, topic.id, scope.userId, body.lock_token);
  const scheduled = topic.delivery_at > now;
  const deliveryAt = scheduled ? futureDelivery(body.delivery_date, now) : topic.delivery_at;
  const destinations = scope.kind === 'common' ? await requireDestinations(ctx, scope, body.selected_group ?? []) : null;
  // Readers a narrowed destination list drops still need to hear that the topic changed.
  const before = destinations ? await topicAudience(ctx, topic) : [];
  await writer(async (trx) => {
    await trx
      .updateTable('topics')
      .set({ ...columns(body), updater_id: scope.userId, delivery_at: deliveryAt, updated_at: Math.max(now, deliveryAt) })
      .where('id', '=', topic.id)
      .execute();
    if (destinations) await setDestinations(trx, topic.id, destinations);
    await indexTopic(trx, topic.id);
    await trx.deleteFrom('topic_reads').where('topic_id', '=', topic.id).where('user_id', '!=', scope.userId).execute();
    if (scheduled)
      await enqueueJob(trx, { kind: DELIVER_JOB, refId: topic.id, runAt: deliveryAt, dedupeKey: `${DELIVER_JOB}:${topic.id}`, now });
    return topic.id;
  });
  await publishTopicEvent(ctx, { ...topic, delivery_at: deliveryAt }, 'updated', { alsoTo: before });
}

export async function moveToBin(ctx: AppContext, ids: number[]): Promise<number> {
  const now = ctx.now();
  const r = await ctx.db
    .updateTable('topics')
    .set({ in_bin: 1, moved_to_bin_at: now })
    .where('id', 'in', ids)
    .where('in_bin', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Out of any folder and out of the bin. */
export async function moveToUnclassified(ctx: AppContext, ids: number[]): Promise<number> {
  const r = await ctx.db
    .updateTable('topics')
    .set({ folder_id: null, in_bin: 0, moved_to_bin_at: null })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function moveToFolder(ctx: AppContext, ids: number[], folderId: number): Promise<number> {
  const r = await ctx.db
    .updateTable('topics')
    .set({ folder_id: folderId, in_bin: 0, moved_to_bin_at: null })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteTopics(ctx: AppContext, ids: number[], actor: AuditActor): Promise<number> {
  return purgeTopics(ctx, ids, { actor });
}

export async function emptyBin(ctx: AppContext, groupId: number, actor: AuditActor): Promise<number> {
  const rows = await ctx.db.selectFrom('topics').select('id').where('group_id', '=', groupId).where('in_bin', '=', 1).execute();
  return purgeTopics(
    ctx,
    rows.map((r) => r.id),
    { actor, binOf: { groupId } },
  );
}

/** The topic view's set-seen: one statement when it marks, a lookup (404 or nothing) when not. */
export async function markSeen(ctx: AppContext, scope: Scope, topicId: number): Promise<void> {
  const inserted = await d.seenInsert(ctx.db, scope.kind, scope.kind, { ...visibleArgs(ctx, scope), topicId });
  if (inserted.length === 0) await requireTopic(ctx, scope, topicId);
}

export async function setRead(ctx: AppContext, userId: number, topicId: number, read: boolean): Promise<void> {
  if (read) {
    await ctx.db
      .insertInto('topic_reads')
      .values({ topic_id: topicId, user_id: userId, created_at: ctx.now() })
      .onConflict((oc) => oc.columns(['topic_id', 'user_id']).doNothing())
      .execute();
  } else {
    await ctx.db.deleteFrom('topic_reads').where('topic_id', '=', topicId).where('user_id', '=', userId).execute();
  }
}

/**
 * Likes and favourites are rows keyed (topic, user): setting twice is a no-op and the count is
 * always COUNT(*), so concurrent requests can neither double-count nor lose a like.
 */
export async function setMark(
  ctx: AppContext,
  table: 'topic_likes' | 'topic_favorites',
  userId: number,
  topicId: number,
  on: boolean,
): Promise<void> {
  if (on) {
    await ctx.db
      .insertInto(table)
      .values({ topic_id: topicId, user_id: userId, created_at: ctx.now() })
      .onConflict((oc) => oc.columns(['topic_id', 'user_id']).doNothing())
      .execute();
  } else {
    await ctx.db.deleteFrom(table).where('topic_id', '=', topicId).where('user_id', '=', userId).execute();
  }
  // A favourite is the caller's own business; a like changes what every reader sees.
  if (table === 'topic_likes') await publishLike(ctx, topicId, userId, on);
}

/**
 * Every socket viewing the topic hears of a like. Each of them reloading the detail was most of
 * the topic reads under load (a like on a topic forty people have open was forty
 * detail reads), so the event says who liked it and the pages patch their copy — unless the
 * topic hides its likers, whose names must not reach other readers: then they reload.
 */
async function publishLike(ctx: AppContext, topicId: number, userId: number, on: boolean): Promise<void> {
  const row = await ctx.db
    .selectFrom('topics as t')
    .leftJoin('users as u', (j) => j.on('u.id', '=', userId))
    .select(['t.id', 't.group_id', 't.author_id', 't.delivery_at', 't.hide_likers', 'u.last_name', 'u.first_name'])
    .where('t.id', '=', topicId)
    .executeTakeFirst();
  if (!row) return;
  const like = row.hide_likers === 1 ? undefined : { user: { id: userId, name: displayName(row) }, on };
  await publishTopicEvent(ctx, row, 'liked', like ? { like } : {});
}

export async function likeCount(ctx: AppContext, topicId: number): Promise<number> {
  const r = await ctx.db
    .selectFrom('topic_likes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('topic_id', '=', topicId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const flags = (a: [boolean, '1' | '2'][]) => a.filter(([on]) => on).map(([, v]) => v);

/** The detail of a topic the scope's caller may see; 404 for any other id. */
export async function topicDetail(ctx: AppContext, scope: Scope, topicId: number): Promise<TopicDetail> {
  const db = ctx.db;
  const uid = scope.userId;
  const [topic] = await d.detailQuery(db, scope.kind, scope.kind, { ...visibleArgs(ctx, scope), topicId });
  if (!topic) throw topicNotFound();
  const none = { attach_file: [], total_attach_file: 0 };
  const [likers, destinations, attachments] = await Promise.all([
    topic.has_likes ? d.likersQuery(db, { topicId }) : [],
    topic.has_destinations ? d.destinationsQuery(db, { topicId }) : [],
    topic.has_attachments ? attachmentFields(ctx, topicId) : none,
  ]);
  // An absent person (no id, or a removed row) is 'User', like a person without a name.
  const nameOf = (id: number | null, last: string | null, first: string | null) =>
    id === null ? 'User' : displayName({ last_name: last, first_name: first });
  const privileged = topic.author_id === uid || canEdit(scope, topic);
  return {
    id: topic.id,
    topic_type: topic.group_id === null ? 1 : 2,
    group_id: topic.group_id,
    topic_title: topic.title,
    content: topic.content_html,
    emergency_contact: topic.emergency_contact === 1,
    is_multiple_edit: topic.is_multiple_edit === 1,
    how_nice: flags([
      [topic.like_enabled === 1, '1'],
      [topic.hide_likers === 1, '2'],
    ]),
    like_character_change: topic.like_character,
    comment_options: flags([
      [topic.comment_enabled === 1, '1'],
      [topic.comment_anonymous === 1, '2'],
    ]),
    delivery_date: topic.delivery_at,
    is_scheduled: topic.delivery_at > ctx.now(),
    folder_id: topic.folder_id,
    folder_name: topic.folder_id ? (topic.folder_name ?? null) : null,
    creater_id: topic.author_id,
    creater_name: nameOf(topic.author_id, topic.author_last, topic.author_first),
    created_at: topic.created_at,
    updater_id: topic.updater_id,
    updater_name: nameOf(topic.updater_id, topic.updater_last, topic.updater_first),
    updated_at: topic.updated_at,
    is_in_bin: topic.in_bin === 1,
    move_to_bin: topic.moved_to_bin_at,
    date_remove:
      topic.in_bin === 1 && topic.moved_to_bin_at !== null && scope.kind === 'group'
        ? topic.moved_to_bin_at + scope.autoDeleteDays * DAY_MS
        : null,
    liker: topic.hide_likers === 1 && !privileged ? [] : likers.map((u) => ({ id: u.id, name: displayName(u) })),
    liker_count: likers.length,
    is_like: likers.some((u) => u.id === uid),
    is_favor: Boolean(topic.fav),
    is_read: Boolean(topic.read),
    selected_group: topic.hide_destinations === 1 && !privileged ? [] : destinations,
    hide_to_selected_group_tag: topic.hide_destinations === 1,
    comment_count: Number(topic.comment_count),
    can_edit: canEdit(scope, topic),
    ...attachments,
  };
}
