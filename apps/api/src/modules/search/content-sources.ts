import { SearchDataKind, SearchTarget, type SearchHit } from '@portal/api-client';
import { sql, type ExpressionBuilder } from 'kysely';
import { findRanges, snippet } from '../../text/highlight';
import {
  commentDoc,
  commentDocs,
  displayName,
  DocKind,
  fileDoc,
  fileDocs,
  myGroups,
  type Readable,
  registerSearchSource,
  type SearchFilter,
  type SearchSource,
  topicDoc,
  topicDocs,
} from '../../kernel';

type EB = ExpressionBuilder<any, any>;

/**
 * The topic read rule of a search, stricter than the detail page's: delivered, not in the bin,
 * in a running group of the caller, or (common topic) reaching one of them or written by them.
 */
export function topicReadable(eb: EB, f: SearchFilter, t = 't') {
  const reaches = eb.exists(
    eb
      .selectFrom('topic_destinations as sd')
      .innerJoin('group_members as sdm', 'sdm.group_id', 'sd.group_id')
      .innerJoin('groups as sdg', 'sdg.id', 'sd.group_id')
      .select(sql`1`.as('one'))
      .whereRef('sd.topic_id', '=', `${t}.id`)
      .where('sdm.user_id', '=', f.userId)
      .where('sdg.is_stopped', '=', 0),
  );
  return eb.and([
    eb(`${t}.company_id`, '=', f.companyId),
    eb(`${t}.in_bin`, '=', 0),
    eb(`${t}.delivery_at`, '<=', f.now),
    eb.or([
      eb(`${t}.group_id`, 'in', myGroups(eb, f)),
      eb.and([eb(`${t}.group_id`, 'is', null), eb.or([eb(`${t}.author_id`, '=', f.userId), reaches])]),
    ]),
  ]);
}

function window(q: Readable, at: string, f: SearchFilter): Readable {
  const from = q.where(at, '>=', f.from);
  return f.to === null ? from : from.where(at, '<', f.to);
}

/** A topic (or comment's topic) sent to a matched group, or a common topic addressed to one. */
const topicSentTo = (t: string) => (q: Readable, m: { groupIds: number[] }) =>
  m.groupIds.length === 0
    ? q.where(sql<boolean>`1 = 0`)
    : q.where((eb) =>
        eb.or([
          eb(`${t}.group_id`, 'in', m.groupIds),
          eb.exists(
            eb
              .selectFrom('topic_destinations as st')
              .select('st.topic_id')
              .whereRef('st.topic_id', '=', `${t}.id`)
              .where('st.group_id', 'in', m.groupIds),
          ),
        ]),
      );

const byIds = (ids: number[]) => (ids.length ? ids : [0]);

const topicLink = (groupId: number | null, topicId: number) =>
  groupId === null ? `/common-topic/topic/${topicId}?from=search` : `/group/${groupId}/topic/${topicId}?from=search`;

const where = (groupId: number | null, groupName: string | null, folder: string | null): SearchHit['location'] =>
  groupId === null ? { type: 'common', name: null, folder_name: null } : { type: 'group', name: groupName, folder_name: folder };

export const topicSource: SearchSource = {
  target: SearchTarget.TOPIC,
  kind: DocKind.TOPIC,
  idColumn: 't.id',
  fields: [SearchDataKind.TITLE, SearchDataKind.CONTENT],
  readable: (db, f) => {
    const q = db
      .selectFrom('topics as t')
      .select(['t.id as id', 't.updated_at as at'])
      .where((eb) => topicReadable(eb, f)) as unknown as Readable;
    return window(f.groupId === null ? q : q.where('t.group_id', '=', f.groupId), 't.updated_at', f);
  },
  documents: async (db, after, limit) => (await topicDocs(db).where('id', '>', after).orderBy('id').limit(limit).execute()).map(topicDoc),
  byUploader: (q, userIds) => q.where('t.author_id', 'in', byIds(userIds)),
  bySentTo: topicSentTo('t'),
  async present(ctx, _user, ids, words) {
    const rows = await ctx.db
      .selectFrom('topics as t')
      .leftJoin('groups as g', 'g.id', 't.group_id')
      .leftJoin('content_folders as cf', 'cf.id', 't.folder_id')
      .leftJoin('users as u', 'u.id', 't.author_id')
      .select([
        't.id',
        't.group_id',
        't.title',
        't.content_text',
        't.updated_at',
        'g.name as group_name',
        'cf.name as folder_name',
        'u.last_name',
        'u.first_name',
      ])
      .where('t.id', 'in', ids)
      .execute();
    return new Map(
      rows.map((r) => [
        r.id,
        {
          kind: 'topic',
          id: r.id,
          title: r.title,
          title_highlights: findRanges(r.title, words),
          ...snippet(r.content_text, words),
          at: r.updated_at,
          author_name: r.last_name === null ? null : displayName(r),
          location: where(r.group_id, r.group_name, r.folder_name),
          link: topicLink(r.group_id, r.id),
        },
      ]),
    );
  },
};

export const commentSource: SearchSource = {
  target: SearchTarget.TOPIC,
  kind: DocKind.TOPIC_COMMENT,
  idColumn: 'c.id',
  fields: [SearchDataKind.COMMENT],
  readable: (db, f) => {
    const q = db
      .selectFrom('topic_comments as c')
      .innerJoin('topics as t', 't.id', 'c.topic_id')
      .select(['c.id as id', 'c.created_at as at'])
      .where('c.is_deleted', '=', 0)
      .where((eb) => topicReadable(eb, f)) as unknown as Readable;
    return window(f.groupId === null ? q : q.where('t.group_id', '=', f.groupId), 'c.created_at', f);
  },
  documents: async (db, after, limit) =>
    (await commentDocs(db).where('c.id', '>', after).where('c.is_deleted', '=', 0).orderBy('c.id').limit(limit).execute()).map(commentDoc),
  // An anonymous comment never reveals its author, not even through a search by name.
  byUploader: (q, userIds) => q.where('c.author_id', 'in', byIds(userIds)).where('c.is_anonymous', '=', 0),
  bySentTo: topicSentTo('t'),
  async present(ctx, _user, ids, words) {
    const rows = await ctx.db
      .selectFrom('topic_comments as c')
      .innerJoin('topics as t', 't.id', 'c.topic_id')
      .leftJoin('groups as g', 'g.id', 't.group_id')
      .leftJoin('content_folders as cf', 'cf.id', 't.folder_id')
      .leftJoin('users as u', 'u.id', 'c.author_id')
      .select([
        'c.id',
        'c.topic_id',
        'c.content_text',
        'c.created_at',
        'c.is_anonymous',
        't.group_id',
        't.title',
        'g.name as group_name',
        'cf.name as folder_name',
        'u.last_name',
        'u.first_name',
      ])
      .where('c.id', 'in', ids)
      .execute();
    return new Map(
      rows.map((r) => [
        r.id,
        {
          kind: 'comment',
          id: r.id,
          title: r.title,
          title_highlights: [],
          ...snippet(r.content_text, words),
          at: r.created_at,
          author_name: r.is_anonymous === 1 || r.last_name === null ? null : displayName(r),
          location: where(r.group_id, r.group_name, r.folder_name),
          link: `${topicLink(r.group_id, r.topic_id)}&commentSearchId=${r.id}`,
        },
      ]),
    );
  },
};

export const fileSource: SearchSource = {
  target: SearchTarget.SHARED_FOLDER,
  kind: DocKind.FILE,
  idColumn: 'f.id',
  // A file's title and name are its title; its memo is what the spec's comment kind finds.
  fields: [SearchDataKind.TITLE, SearchDataKind.COMMENT],
  readable: (db, f) => {
    const q = db
      .selectFrom('files as f')
      .select(['f.id as id', 'f.updated_at as at'])
      .where('f.company_id', '=', f.companyId)
      .where('f.in_bin', '=', 0)
      .where((eb) => {
        // An attachment is readable with its topic; a group attachment whose topic is gone stays the group's.
        const topic = eb.exists(
          eb
            .selectFrom('topics as t')
            .select('t.id')
            .whereRef('t.id', '=', 'f.topic_id')
            .where((e) => topicReadable(e, f)),
        );
        return eb.or([
          eb.and([eb('f.group_id', 'in', myGroups(eb, f)), eb.or([eb('f.topic_id', 'is', null), topic])]),
          eb.and([eb('f.group_id', 'is', null), eb.or([eb('f.is_attachment', '=', 0), topic])]),
        ]);
      }) as unknown as Readable;
    return window(f.groupId === null ? q : q.where('f.group_id', '=', f.groupId), 'f.updated_at', f);
  },
  documents: async (db, after, limit) => (await fileDocs(db).where('id', '>', after).orderBy('id').limit(limit).execute()).map(fileDoc),
  byUploader: (q, userIds) => q.where('f.uploader_id', 'in', byIds(userIds)),
  bySentTo: (q, m) => q.where('f.group_id', 'in', byIds(m.groupIds)),
  async present(ctx, _user, ids, words) {
    const rows = await ctx.db
      .selectFrom('files as f')
      .leftJoin('groups as g', 'g.id', 'f.group_id')
      .leftJoin('content_folders as cf', 'cf.id', 'f.folder_id')
      .leftJoin('users as u', 'u.id', 'f.uploader_id')
      .select([
        'f.id',
        'f.group_id',
        'f.title',
        'f.original_name',
        'f.memo',
        'f.updated_at',
        'g.name as group_name',
        'cf.name as folder_name',
        'u.last_name',
        'u.first_name',
      ])
      .where('f.id', 'in', ids)
      .execute();
    return new Map(
      rows.map((r) => [
        r.id,
        {
          kind: 'file',
          id: r.id,
          title: r.title,
          title_highlights: findRanges(r.title, words),
          ...snippet(r.memo ? `${r.original_name} ${r.memo}` : r.original_name, words),
          at: r.updated_at,
          author_name: r.last_name === null ? null : displayName(r),
          location: where(r.group_id, r.group_name, r.folder_name),
          link:
            r.group_id === null
              ? `/common-topic/shared-folder/file/${r.id}?from=search`
              : `/group/${r.group_id}/shared-folder/file/${r.id}?from=search`,
        },
      ]),
    );
  },
};

registerSearchSource(topicSource);
registerSearchSource(commentSource);
registerSearchSource(fileSource);
