/**
 * Deploy command for the six remotes (run from the repo root):
 *
 *   npm run remotes -- list
 *   npm run remotes -- publish <name> | --all      [--base-url URL]
 *   npm run remotes -- publish <name> --canary <percent>  [--base-url URL]
 *   npm run remotes -- promote <name>
 *   npm run remotes -- rollback <name> [version]     (during a canary: withdraws it)
 *   npm run remotes -- version <name>
 *
 * Writes the registry in the database (DATABASE_URL, or the SQLite file under DATA_DIR) and, without
 * a base URL, copies the build under DATA_DIR/remotes. Every API process serves the change within a
 * second: no shell rebuild, no restart. `--base-url` (or REMOTES_BASE_URL) registers the build at
 * <URL>/<name>/<version>/ instead, where CI has uploaded apps/<name>/dist (`version` prints it).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES } from '@portal/api-client';
import { loadConfig, REPO_ROOT } from '../config';
import { createDb, migrateToLatest } from '../db';
import {
  assertRemoteName,
  inspectBuild,
  list,
  promote,
  publish,
  rollback,
  type DeployOptions,
  type RemoteListing,
} from '../modules/remotes/deploy';
import { errorRate } from '../modules/remotes/canary';
import { auditDeployment, type DeployAction } from '../modules/admin/deploy-audit';
import { portalVersion } from '../modules/remotes';

/** The version in apps/<name>/package.json: what `publish` gives the remote's next build. */
async function packageVersionOf(name: string): Promise<string | null> {
  try {
    return (JSON.parse(await readFile(path.join(REPO_ROOT, 'apps', name, 'package.json'), 'utf8')) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}

const USAGE = `usage: npm run remotes -- list
       npm run remotes -- publish <${REMOTE_NAMES.join('|')}> | --all  [--base-url URL]
       npm run remotes -- publish <name> --canary <1-99>  [--base-url URL]
       npm run remotes -- promote <name>
       npm run remotes -- rollback <name> [version]
       npm run remotes -- version <name>`;

function healthOf(r: RemoteListing, version: string): string {
  const h = r.health[version];
  if (!h) return '';
  return `  loads ${h.loads}, errors ${h.errors} (${(errorRate(h) * 100).toFixed(1)} %)`;
}

async function runList(opts: DeployOptions): Promise<number> {
  console.log(`portal ${portalVersion()}`);
  for (const r of await list(opts)) {
    const current = r.current ?? '(not published)';
    console.log(`${r.name.padEnd(14)} package ${(await packageVersionOf(r.name)) ?? '?'}`);
    console.log(`${r.name.padEnd(14)} ${current}${r.pinned ? '  [pinned by rollback]' : ''}${r.current ? healthOf(r, r.current) : ''}`);
    if (r.canary)
      console.log(
        `${''.padEnd(14)} canary ${r.canary.version}: ${r.canary.share} % of signed-in users since ${r.canary.startedAt}${healthOf(r, r.canary.version)}`,
      );
    for (const v of r.versions) console.log(`    ${v === r.current ? '*' : v === r.canary?.version ? '~' : ' '} ${v}`);
  }
  return 0;
}

async function runPublish(names: string[], opts: DeployOptions & { canary?: number }): Promise<number> {
  let failed = 0;
  for (const name of names) {
    try {
      const r = await publish(name, opts);
      if (r.canary !== undefined) {
        console.log(`${name}: canary ${r.version} for ${r.canary} % of signed-in users (stable stays ${r.previous})`);
        await audit(opts, 'remote.canary_started', name, `${r.previous ?? '-'} + ${r.version} (${r.canary} %)`);
        continue;
      }
      const what = r.switched ? `now ${r.version}${r.previous ? ` (was ${r.previous})` : ''}` : `unchanged at ${r.version}`;
      console.log(`${name}: ${what}${r.reused ? ', build folder reused' : ''}`);
      if (r.switched) await audit(opts, 'remote.published', name, `${r.previous ?? '-'} → ${r.version}`);
    } catch (e) {
      failed++;
      console.error(`${name}: ${(e as Error).message}`);
    }
  }
  return failed ? 1 : 0;
}

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  const at = rest.indexOf('--base-url');
  const baseUrl = at >= 0 ? rest[at + 1] : process.env.REMOTES_BASE_URL || undefined;
  const args = at >= 0 ? rest.filter((_, i) => i !== at && i !== at + 1) : rest;
  if (at >= 0 && !/^https?:\/\/\S+$/.test(baseUrl ?? '')) {
    console.error('--base-url needs an http(s) URL');
    return 2;
  }
  if (cmd === 'version' && args.length === 1) {
    console.log((await inspectBuild(REPO_ROOT, assertRemoteName(args[0]!))).version);
    return 0;
  }
  const config = loadConfig(process.env);
  const database = createDb(config);
  try {
    await migrateToLatest(database.db);
    const opts: DeployOptions = { rootDir: REPO_ROOT, dataDir: config.dataDir, registry: database, baseUrl };
    return await run(cmd, args, opts);
  } finally {
    await database.destroy();
  }
}

/** Every company's audit trail gets the deploy; a failure to write it never fails the deploy. */
async function audit(opts: DeployOptions, action: DeployAction, remote: string, detail: string) {
  try {
    await auditDeployment(opts.registry.db, Date.now(), action, remote, detail);
  } catch (e) {
    console.warn(`audit trail not written (${(e as Error).message}); the deploy itself succeeded`);
  }
}

async function run(cmd: string | undefined, args: string[], opts: DeployOptions): Promise<number> {
  if (cmd === 'list' && args.length === 0) return runList(opts);
  const c = args.indexOf('--canary');
  if (cmd === 'publish' && c === 1 && args.length === 3 && args[0] !== '--all') {
    const share = Number(args[2]);
    if (!/^\d+$/.test(args[2]!) || share < 1 || share > 99) {
      console.error('--canary takes a whole percent from 1 to 99');
      return 2;
    }
    return runPublish([args[0]!], { ...opts, canary: share });
  }
  if (cmd === 'publish' && args.length === 1) {
    return runPublish(args[0] === '--all' ? [...REMOTE_NAMES] : [args[0]!], opts);
  }
  if (cmd === 'promote' && args.length === 1) {
    const r = await promote(args[0]!, opts);
    console.log(`${r.name}: canary ${r.version} promoted for everyone (was ${r.previous})`);
    await audit(opts, 'remote.promoted', r.name, `${r.previous} → ${r.version}`);
    return 0;
  }
  if (cmd === 'rollback' && (args.length === 1 || args.length === 2)) {
    const r = await rollback(args[0]!, { ...opts, version: args[1] });
    if (r.endedCanary) {
      console.log(`${r.name}: canary ${r.previous} withdrawn; everyone gets ${r.version}`);
      await audit(opts, 'remote.canary_rolled_back', r.name, `${r.previous} → ${r.version}`);
      return 0;
    }
    console.log(`${r.name}: rolled back to ${r.version} (was ${r.previous}); pinned until the next publish`);
    await audit(opts, 'remote.rolled_back', r.name, `${r.previous} → ${r.version}`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error((e as Error).message);
    process.exit(1);
  },
);
