/**
 * Deploy command for the six remotes (run from the repo root):
 *
 *   npm run remotes -- list
 *   npm run remotes -- publish <name> | --all
 *   npm run remotes -- rollback <name> [version]
 *
 * Writes under DATA_DIR (default ./data). The running server picks the change up on the next
 * request for /remotes.json: no shell rebuild, no restart.
 */
import { REMOTE_NAMES } from '@portal/api-client';
import { loadConfig, REPO_ROOT } from '../config';
import { list, publish, rollback, type DeployOptions } from '../modules/remotes/deploy';
import { auditDeploymentFromCli } from '../modules/admin/deploy-audit';
import type { Config } from '../config';

const USAGE = `usage: npm run remotes -- list
       npm run remotes -- publish <${REMOTE_NAMES.join('|')}> | --all
       npm run remotes -- rollback <name> [version]`;

async function runList(opts: DeployOptions): Promise<number> {
  for (const r of await list(opts)) {
    const current = r.current ?? '(not published)';
    console.log(`${r.name.padEnd(14)} ${current}${r.pinned ? '  [pinned by rollback]' : ''}`);
    for (const v of r.versions) console.log(`    ${v === r.current ? '*' : ' '} ${v}`);
  }
  return 0;
}

async function runPublish(names: string[], opts: DeployOptions, config: Config): Promise<number> {
  let failed = 0;
  for (const name of names) {
    try {
      const r = await publish(name, opts);
      const what = r.switched ? `now ${r.version}${r.previous ? ` (was ${r.previous})` : ''}` : `unchanged at ${r.version}`;
      console.log(`${name}: ${what}${r.reused ? ', build folder reused' : ''}`);
      if (r.switched) await auditDeploymentFromCli(config, 'remote.published', name, `${r.previous ?? '-'} → ${r.version}`);
    } catch (e) {
      failed++;
      console.error(`${name}: ${(e as Error).message}`);
    }
  }
  return failed ? 1 : 0;
}

async function main(argv: string[]): Promise<number> {
  const [cmd, ...args] = argv;
  const config = loadConfig(process.env);
  const opts: DeployOptions = { rootDir: REPO_ROOT, dataDir: config.dataDir };
  if (cmd === 'list' && args.length === 0) return runList(opts);
  if (cmd === 'publish' && args.length === 1) {
    return runPublish(args[0] === '--all' ? [...REMOTE_NAMES] : [args[0]!], opts, config);
  }
  if (cmd === 'rollback' && (args.length === 1 || args.length === 2)) {
    const r = await rollback(args[0]!, { ...opts, version: args[1] });
    console.log(`${r.name}: rolled back to ${r.version} (was ${r.previous}); pinned until the next publish`);
    await auditDeploymentFromCli(config, 'remote.rolled_back', r.name, `${r.previous} → ${r.version}`);
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
