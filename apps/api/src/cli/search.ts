import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db';
import { reindexAll } from '../modules/search/reindex';

/**
 * `npm run search -- reindex`: rebuilds the search index from the rows (after an upgrade that
 * changes how text is normalised or tokenised, or for a database restored without its index).
 * Uses DATA_DIR / DATABASE_URL like the server; safe while the portal runs (one transaction).
 */
const [command] = process.argv.slice(2);
if (command !== 'reindex') {
  console.error('usage: npm run search -- reindex');
  process.exit(2);
}
const config = loadConfig(process.env);
const database = createDb(config);
try {
  await migrateToLatest(database.db);
  const started = Date.now();
  const counts = await reindexAll(database.db);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(
    `search: ${total} rows indexed (${Object.entries(counts)
      .map(([k, n]) => `kind ${k}: ${n}`)
      .join(', ')}) in ${Date.now() - started} ms (${database.dialect})`,
  );
} finally {
  await database.destroy();
}
