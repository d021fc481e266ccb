/**
 * `npm run e2e`: the suite in E2E_SHARDS Playwright processes side by side (default 2), each with
 * its own portal, port, SMTP server, data and output folders (support/env.ts keys them by port).
 * One process drove one browser against one server, mostly waiting on both: the suite took 13 of
 * CI's 30 minutes on a 2-core machine. Spec files must not lean on each other's data (each
 * shard's portal starts from the demo data alone), which running them in any split checks.
 * Arguments (a spec file, `--grep`…) run one unsharded process, as `playwright test` would.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { E2E_ROOT } from './env';

const args = process.argv.slice(2);
const shards = args.length ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');

function run(index: number): Promise<number> {
  const offset = (index - 1) * 100;
  const env = {
    ...process.env,
    E2E_PORT: String(Number(process.env.E2E_PORT ?? 18700) + offset),
    E2E_SMTP_PORT: String(Number(process.env.E2E_SMTP_PORT ?? 18725) + offset),
    E2E_OUTPUT_DIR: path.join(E2E_ROOT, 'test-results', shards > 1 ? `shard-${index}` : ''),
  };
  const shardArgs = shards > 1 ? [`--shard=${index}/${shards}`] : [];
  const child = spawn(process.execPath, [cli, 'test', ...shardArgs, ...args], { cwd: E2E_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Whole lines with the shard's tag, so two reporters' output stays readable side by side.
  const tag = shards > 1 ? `[${index}/${shards}] ` : '';
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let rest = '';
    from.setEncoding('utf8');
    from.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) to.write(`${tag}${line}\n`);
    });
    from.on('end', () => rest && to.write(`${tag}${rest}\n`));
  }
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i + 1)));
const failed = codes.map((c, i) => (c === 0 ? null : `shard ${i + 1}/${shards} exited ${c}`)).filter(Boolean);
if (failed.length) {
  console.error(`e2e failed: ${failed.join(', ')}`);
  process.exit(1);
}
