import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../kernel';
import type { DB } from '../../db';
import { dialectOf } from '../../db/dialect';
import { allSources, writeDocuments } from '../../kernel';
import './content-sources';
// Chat and calendar register their sources in their own modules; the CLI and seed load them here.
import '../chat';
import '../calendar';

const BATCH = 500;

/**
 * Rebuilds the whole index from the rows (`npm run search -- reindex`): after an upgrade that
 * changes normalisation or tokens, or on a database restored from a backup. One transaction,
 * so searches see the old index until the new one is complete.
 */
export function reindexAll(db: Kysely<DB>, onProgress?: (kind: number, done: number) => void): Promise<Record<number, number>> {
  return db.transaction().execute((trx) => rebuildIndex(trx, onProgress));
}

/** The rebuild inside the caller's transaction (the demo seed runs it last in its own). */
export async function rebuildIndex(trx: Kysely<DB>, onProgress?: (kind: number, done: number) => void): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  if (dialectOf(trx) === 'sqlite') await sql`INSERT INTO search_fts (search_fts) VALUES ('delete-all')`.execute(trx);
  await trx.deleteFrom('search_docs').execute();
  for (const source of allSources()) {
    let after = 0;
    counts[source.kind] = 0;
    for (;;) {
      const docs = await source.documents(trx, after, BATCH);
      if (docs.length === 0) break;
      await writeDocuments(trx, docs);
      after = docs.at(-1)!.id;
      counts[source.kind]! += docs.length;
      onProgress?.(source.kind, counts[source.kind]!);
    }
  }
  return counts;
}

/**
 * A database that had content before search existed (or was restored without its index) gets
 * one full build at start; an index with any row is trusted and kept up to date by the hooks.
 */
export async function ensureIndexed(ctx: AppContext): Promise<boolean> {
  const any = await ctx.db.selectFrom('search_docs').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const found = await Promise.all(
    (['topics', 'files', 'chat_messages', 'calendar_events'] as const).map((t) =>
      ctx.db.selectFrom(t).select('id').limit(1).executeTakeFirst(),
    ),
  );
  if (!found.some(Boolean)) return false;
  await reindexAll(ctx.db);
  return true;
}
