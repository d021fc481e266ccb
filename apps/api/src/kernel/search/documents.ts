import type { Kysely } from 'kysely';
import type { DB } from '../../db';
import { DocKind, indexDocument, removeDocuments, type SearchDocument } from './indexer';

/**
 * One call per write path of the topic and file modules, made inside the transaction that
 * writes the row: each reads the row back through `trx`, so the index holds exactly what
 * commits with it.
 */

export const topicDocs = (db: Kysely<DB>) => db.selectFrom('topics').select(['id', 'company_id', 'title', 'content_text']);
export const topicDoc = (t: { id: number; company_id: number; title: string; content_text: string }): SearchDocument => ({
  kind: DocKind.TOPIC,
  id: t.id,
  companyId: t.company_id,
  title: t.title,
  content: t.content_text,
});

export async function indexTopic(trx: Kysely<DB>, topicId: number): Promise<void> {
  const t = await topicDocs(trx).where('id', '=', topicId).executeTakeFirst();
  if (!t) return removeDocuments(trx, DocKind.TOPIC, [topicId]);
  await indexDocument(trx, topicDoc(t));
}

export const commentDocs = (db: Kysely<DB>) =>
  db
    .selectFrom('topic_comments as c')
    .innerJoin('topics as t', 't.id', 'c.topic_id')
    .select(['c.id', 'c.content_text', 'c.is_deleted', 't.company_id']);
export const commentDoc = (c: { id: number; company_id: number; content_text: string }): SearchDocument => ({
  kind: DocKind.TOPIC_COMMENT,
  id: c.id,
  companyId: c.company_id,
  comment: c.content_text,
});

export async function indexComment(trx: Kysely<DB>, commentId: number): Promise<void> {
  const c = await commentDocs(trx).where('c.id', '=', commentId).executeTakeFirst();
  if (!c || c.is_deleted === 1) return removeDocuments(trx, DocKind.TOPIC_COMMENT, [commentId]);
  await indexDocument(trx, commentDoc(c));
}

export const fileDocs = (db: Kysely<DB>) => db.selectFrom('files').select(['id', 'company_id', 'title', 'original_name', 'memo']);
export const fileDoc = (f: { id: number; company_id: number; title: string; original_name: string; memo: string }): SearchDocument => ({
  kind: DocKind.FILE,
  id: f.id,
  companyId: f.company_id,
  title: f.title === f.original_name ? [f.title] : [f.title, f.original_name],
  comment: f.memo,
});

export async function indexFile(trx: Kysely<DB>, fileId: number): Promise<void> {
  const f = await fileDocs(trx).where('id', '=', fileId).executeTakeFirst();
  if (!f) return removeDocuments(trx, DocKind.FILE, [fileId]);
  await indexDocument(trx, fileDoc(f));
}

/** Before topics are deleted: their index rows and their comments' (which cascade with them). */
export async function unindexTopics(trx: Kysely<DB>, topicIds: number[]): Promise<void> {
  if (topicIds.length === 0) return;
  const comments = await trx.selectFrom('topic_comments').select('id').where('topic_id', 'in', topicIds).execute();
  await removeDocuments(
    trx,
    DocKind.TOPIC_COMMENT,
    comments.map((c) => c.id),
  );
  await removeDocuments(trx, DocKind.TOPIC, topicIds);
}

export const unindexFiles = (trx: Kysely<DB>, fileIds: number[]) => removeDocuments(trx, DocKind.FILE, fileIds);
