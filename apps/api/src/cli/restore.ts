import { loadConfig } from '../config';
import { restore } from '../ops/backup';
import { formatReport, runDoctor } from '../ops/run-doctor';

/**
 * `npm run restore -- <dir>`: a backup into an empty DATA_DIR (and, for PostgreSQL, an empty
 * DATABASE_URL database), then the doctor's check of the result. Start the portal afterwards;
 * it migrates a backup taken by an older version.
 */
const dir = process.argv[2];
if (!dir) {
  console.error('usage: npm run restore -- <backup folder>');
  process.exit(2);
}
const config = loadConfig(process.env);
const m = await restore(config, dir);
console.log(`restore: ${m.dialect} database and ${m.files} files from ${dir} (taken ${new Date(m.created_at).toISOString()})`);
const { remaining, problems } = await runDoctor(config, { stagingMaxAgeMs: 0 });
console.log(formatReport(remaining));
process.exitCode = problems === 0 ? 0 : 1;
