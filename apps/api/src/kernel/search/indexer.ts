import { SearchDataKind } from '@portal/api-client';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db';
import { dialectOf } from '../../db/dialect';
import { chunks, ftsText, tsVector } from './grams';

/**
 * The indexing API every domain calls in the transaction that writes its text, so a search
 * never misses what was just saved and never returns what was just deleted (the query side also
 * joins the live rows, so a forgotten removal can only leave dead index rows, never a leak).
 */
export const DocKind = {
  TOPIC: 1,
  TOPIC_COMMENT: 2,
  FILE: 3,
  CHAT_MESSAGE: 4,
  CALENDAR_EVENT: 5,
} as const;
export type DocKind = (typeof DocKind)[keyof typeof DocKind];

type Text = string | null | undefined | (string | null | undefined)[];

export interface SearchDocument {
  kind: DocKind;
  /** The row's id in its own table (topics.id, chat message id, …). */
  id: number;
  companyId: number;
  /** Text per data kind; several strings of one kind never match across each other. */
  title?: Text;
  content?: Text;
  comment?: Text;
}

const FIELDS = [
  ['title', SearchDataKind.TITLE],
  ['content', SearchDataKind.CONTENT],
  ['comment', SearchDataKind.COMMENT],
] as const;

const list = (t: Text): string[] => (Array.isArray(t) ? t : [t]).filter((s): s is string => typeof s === 'string' && s !== '');

/** Replaces whatever the index holds for the row with its current text. */
export async function indexDocument(trx: Kysely<DB>, doc: SearchDocument): Promise<void> {
  await removeDocuments(trx, doc.kind, [doc.id]);
  await writeDocuments(trx, [doc]);
}

/** Index rows of documents not in the index yet (indexDocument, and reindex in batches). */
export async function writeDocuments(trx: Kysely<DB>, docs: SearchDocument[]): Promise<void> {
  const rows = docs.flatMap((doc) =>
    FIELDS.flatMap(([name, field]) =>
      chunks(list(doc[name])).map((text, chunk) => ({
        base: { kind: doc.kind, ref_id: doc.id, field, chunk, company_id: doc.companyId },
        text,
      })),
    ),
  );
  if (rows.length === 0) return;
  if (dialectOf(trx) === 'postgres') {
    for (let i = 0; i < rows.length; i += 200) {
      const part = rows.slice(i, i + 200).map((r) => ({ ...r.base, tsv: sql`${tsVector(r.text)}::tsvector` }));
      await trx
        .insertInto('search_docs')
        .values(part as never)
        .execute();
    }
    return;
  }
  for (const r of rows) {
    const row = await trx.insertInto('search_docs').values(r.base).returning('id').executeTakeFirstOrThrow();
    await sql`INSERT INTO search_fts (rowid, grams) VALUES (${row.id}, ${ftsText(r.text)})`.execute(trx);
  }
}

/** Drops the rows' index entries (deleted rows; the caller's transaction). */
export async function removeDocuments(trx: Kysely<DB>, kind: DocKind, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  if (dialectOf(trx) === 'sqlite') {
    await sql`DELETE FROM search_fts WHERE rowid IN (SELECT id FROM search_docs WHERE kind = ${kind} AND ref_id IN (${sql.join(ids)}))`.execute(
      trx,
    );
  }
  await trx.deleteFrom('search_docs').where('kind', '=', kind).where('ref_id', 'in', ids).execute();
}
