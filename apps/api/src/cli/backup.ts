import { loadConfig } from '../config';
import { backup } from '../ops/backup';

/** `npm run backup -- <dir>`: a consistent snapshot of the database and the stored files, while the portal runs. */
const dir = process.argv[2];
if (!dir) {
  console.error('usage: npm run backup -- <empty folder>');
  process.exit(2);
}
const config = loadConfig(process.env);
const m = await backup(config, dir);
console.log(`backup: ${m.dialect} database and ${m.files} files in ${dir}`);
if (m.missing.length) {
  console.error(`${m.missing.length} files deleted before they could be copied; run \`npm run doctor -- --fix\` after a restore`);
  process.exitCode = 1;
}
