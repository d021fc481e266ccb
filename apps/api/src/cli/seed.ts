import { createCaches } from '../kernel/caches';
import { createBus } from '../kernel/bus';
import { loadConfig } from '../config';
import type { AppContext } from '../kernel/context';
import { createDb, migrateToLatest } from '../db';
import { DEMO_ACCOUNTS, seedDemo } from '../db/seed';
import { createMailer } from '../mail';
import path from 'node:path';
import { createLocalStorage } from '../storage';

/** `npm run seed`: migrate, then add whatever part of the demo data is missing. */
const config = loadConfig(process.env);
const database = createDb(config);
const bus = createBus({});
try {
  await migrateToLatest(database.db);
  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    config,
    mailer: createMailer(config),
    bus,
    storage: createLocalStorage(path.join(config.dataDir, 'files')),
    now: config.now,
    caches: createCaches(0, config.now),
    writes: database.writes,
  };
  const result = await seedDemo(ctx);
  console.log(`seed: ${result.users} users, ${result.groups} groups and ${result.topics} topics added (${database.dialect})`);
  console.log(`demo logins (password ${DEMO_ACCOUNTS.member.password}):`);
  for (const [role, a] of Object.entries(DEMO_ACCOUNTS)) console.log(`  ${role.padEnd(12)} ${a.employee_number}  ${a.email}`);
} finally {
  await bus.close();
  await database.destroy();
}
