/**
 * `npm test`: every check and suite, one step after another, stopping at the first that fails.
 * Each step prints its wall time and the load average after it, and a summary of all steps ends
 * the run (also a failed one), so a CI log shows where its minutes went.
 *
 *   node scripts/test.mjs           typecheck, import circles, API suite, front-end suites, build, e2e
 *   node scripts/test.mjs --unit    the API and front-end suites alone (npm run test:unit)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const unit = process.argv.includes('--unit');

/** [name, command, arguments]: run in this order from the repository root. */
const suites = [
  // SQLite and PostgreSQL; its own workers (apps/api/vitest.config.ts).
  ['api', 'npm', ['test', '-w', '@portal/api']],
  // The shell, the remotes and the shared packages in one vitest run (vitest.config.mts).
  ['front-end', 'npx', ['vitest', 'run']],
];
const steps = unit
  ? suites
  : [
      ['typecheck', 'npm', ['run', 'typecheck']],
      ['check:imports', 'npm', ['run', 'check:imports']],
      ...suites,
      ['build', 'npm', ['run', 'build']],
      // Two Playwright processes side by side (e2e/support/shards.ts).
      ['e2e', 'npm', ['run', 'e2e', '-w', '@portal/e2e']],
    ];

const load = () => {
  try {
    return fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return '?';
  }
};

const run = (cmd, args) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit' });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const started = Date.now();
const done = [];
let failed = 0;
for (const [name, cmd, args] of steps) {
  console.log(`== test: ${name} (${[cmd, ...args].join(' ')})`);
  const t0 = Date.now();
  const code = await run(cmd, args);
  const line = `${name.padEnd(14)} ${String(Math.round((Date.now() - t0) / 1000)).padStart(5)} s  (load ${load()})${code ? `  FAILED (exit ${code})` : ''}`;
  done.push(line);
  console.log(`== test: ${line}`);
  if (code) {
    failed = code;
    break;
  }
}
console.log('== test steps (wall time, load average after each)');
for (const line of done) console.log(`   ${line}`);
console.log(`   total          ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed);
