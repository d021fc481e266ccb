/**
 * Loads and uses the API's native modules on the Node running this script, so an install whose
 * binaries do not load on it (a wrong platform package, a module compiled for another Node)
 * fails at once with a clear message rather than deep inside a test run.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const db = new Database(':memory:');
const { v } = db.prepare('select sqlite_version() as v').get();
db.close();
const argon2 = require('argon2');
const hash = await argon2.hash('portal');
if (!(await argon2.verify(hash, 'portal'))) throw new Error('argon2 verify failed');
const sharp = require('sharp');
const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
  .png()
  .toBuffer();
if (png.length === 0) throw new Error('sharp made an empty PNG');
console.log(
  `native modules load on Node ${process.versions.node} (ABI ${process.versions.modules}): better-sqlite3 (SQLite ${v}), argon2, sharp ${sharp.versions.sharp}`,
);
