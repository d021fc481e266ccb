import { SearchDataKind, SearchTarget, type SearchHit } from '@portal/api-client';
import type { Kysely } from 'kysely';
import type { DB } from '../../db';
import { findRanges, snippet } from '../../text/highlight';
import {
  displayName,
  DocKind,
  indexDocument,
  type Readable,
  registerSearchSource,
  removeDocuments,
  type SearchDocument,
} from '../../kernel';
import { visibleTo } from './queries';

/**
 * An event's document: its titles (ja, en) and memo, plus those of occurrences edited on their
 * own (exceptions), so an occurrence renamed with "this only" is found by its new words.
 */
async function eventDocuments(
  db: Kysely<DB>,
  events: { id: number; company_id: number; title: string; title_ja: string; title_en: string; memo: string }[],
): Promise<SearchDocument[]> {
  if (events.length === 0) return [];
  const ex = await db
    .selectFrom('calendar_event_exceptions')
    .select(['event_id', 'title', 'title_ja', 'title_en', 'memo'])
    .where(
      'event_id',
      'in',
      events.map((e) => e.id),
    )
    .where('is_deleted', '=', 0)
    .execute();
  return events.map((e) => {
    const own = ex.filter((x) => x.event_id === e.id);
    const titles = [e.title_ja, e.title_en, ...own.flatMap((x) => [x.title_ja, x.title_en])];
    // `title` is title_ja || title_en; only needed when both are empty (seeded rows).
    if (!titles.some(Boolean)) titles.push(e.title, ...own.map((x) => x.title));
    return { kind: DocKind.CALENDAR_EVENT, id: e.id, companyId: e.company_id, title: titles, content: [e.memo, ...own.map((x) => x.memo)] };
  });
}

const eventColumns = ['id', 'company_id', 'title', 'title_ja', 'title_en', 'memo'] as const;

/** Re-indexes one event from its stored rows (call in the transaction that changed it). */
export async function indexEvent(trx: Kysely<DB>, eventId: number): Promise<void> {
  const row = await trx.selectFrom('calendar_events').select(eventColumns).where('id', '=', eventId).executeTakeFirst();
  if (!row) return removeDocuments(trx, DocKind.CALENDAR_EVENT, [eventId]);
  const [doc] = await eventDocuments(trx, [row]);
  await indexDocument(trx, doc!);
}

export const unindexEvent = (trx: Kysely<DB>, eventId: number) => removeDocuments(trx, DocKind.CALENDAR_EVENT, [eventId]);

registerSearchSource({
  target: SearchTarget.CALENDAR,
  kind: DocKind.CALENDAR_EVENT,
  idColumn: 'calendar_events.id',
  fields: [SearchDataKind.TITLE, SearchDataKind.CONTENT],
  // The calendar's one visibility rule; `at` is the (first) start, what the period filters on.
  readable: (db, f) => {
    let q = db
      .selectFrom('calendar_events')
      .select(['calendar_events.id as id', 'calendar_events.starts_at as at'])
      .where('calendar_events.company_id', '=', f.companyId)
      .where((eb) => visibleTo(eb, f.userId))
      .where('calendar_events.starts_at', '>=', f.from);
    if (f.to !== null) q = q.where('calendar_events.starts_at', '<', f.to);
    return q as unknown as Readable;
  },
  byUploader: (q, userIds) => q.where('calendar_events.creator_id', 'in', userIds.length ? userIds : [0]),
  documents: async (db, after, limit) =>
    eventDocuments(
      db,
      await db.selectFrom('calendar_events').select(eventColumns).where('id', '>', after).orderBy('id').limit(limit).execute(),
    ),
  async present(ctx, _user, ids, words) {
    const rows = await ctx.db
      .selectFrom('calendar_events as e')
      .leftJoin('users as u', 'u.id', 'e.creator_id')
      .select(['e.id', 'e.title', 'e.title_ja', 'e.title_en', 'e.memo', 'e.starts_at', 'u.last_name', 'u.first_name'])
      .where('e.id', 'in', ids)
      .execute();
    return new Map(
      rows.map((r): [number, SearchHit] => {
        // Show the language the words matched in, else the event's display title.
        const title = [r.title_ja, r.title_en].find((t) => t && findRanges(t, words).length) ?? r.title;
        return [
          r.id,
          {
            kind: 'calendar',
            id: r.id,
            title,
            title_highlights: findRanges(title, words),
            ...snippet(r.memo, words),
            at: Number(r.starts_at),
            author_name: r.last_name === null ? null : displayName(r),
            location: { type: 'calendar', name: null, folder_name: null },
            link: `/calendar/${r.id}?from=search`,
          },
        ];
      }),
    );
  },
});
