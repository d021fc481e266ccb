import { loadConfig } from '../config';
import { problemCount } from '../ops/doctor';
import { formatReport, runDoctor } from '../ops/run-doctor';

/**
 * `npm run doctor [-- --fix] [--json]`: checks the database (DATABASE_URL or the SQLite file in
 * DATA_DIR) against the stored files; exits 1 while something is wrong (after --fix: something
 * it could not repair). Safe to run while the portal runs.
 */
const args = new Set(process.argv.slice(2));
const fix = args.has('--fix');
const config = loadConfig(process.env);
const { found, remaining, problems } = await runDoctor(config, { fix });
if (args.has('--json')) {
  console.log(JSON.stringify({ found, remaining }, null, 2));
} else {
  console.log(`doctor: ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}, files in ${config.dataDir}`);
  console.log(formatReport(found));
  if (fix && problemCount(found) > 0)
    console.log(problems === 0 ? 'repaired: everything is in order now' : `after repair, still wrong:\n${formatReport(remaining)}`);
  else if (problems > 0) console.log('run `npm run doctor -- --fix` to repair');
}
process.exitCode = problems === 0 ? 0 : 1;
