import path from 'node:path';
import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db';
import { backfillThumbnails } from '../modules/files/thumbnail-backfill';
import { createLocalStorage } from '../storage';

/**
 * `npm run thumbnails -- backfill`: makes the thumbnails of images stored before thumbnails
 * existed. Uses DATA_DIR / DATABASE_URL like the server; safe while the portal runs and safe to
 * run again (it only fills what is missing).
 */
const [command] = process.argv.slice(2);
if (command !== 'backfill') {
  console.error('usage: npm run thumbnails -- backfill');
  process.exit(2);
}
const config = loadConfig(process.env);
const database = createDb(config);
try {
  await migrateToLatest(database.db);
  const started = Date.now();
  const counts = await backfillThumbnails({ db: database.db, storage: createLocalStorage(path.join(config.dataDir, 'files')) });
  console.log(
    `thumbnails: ${counts.made} made, ${counts.skipped} images without one (undecodable, too large or missing), ${counts.scanned} looked at, in ${Date.now() - started} ms (${database.dialect})`,
  );
} finally {
  await database.destroy();
}
