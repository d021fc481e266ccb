import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The front-end unit suites (the shell, the remotes and the shared packages) in one vitest run:
 * `npx vitest run` here, the "front-end" step of `npm test`. Each workspace keeps its own
 * vitest.config.ts (environment, setup file, timeouts), which this run uses as it is, and
 * `npm test -w <workspace>` still runs one alone. Run one after another through turbo, the
 * twelve each paid vitest's start-up and had one worker (vitest's default: one fewer than the
 * cores), so a 2-core machine had one core idle. The API suite is not here: it has its own
 * workers and databases (apps/api/vitest.config.ts).
 */
export default defineConfig({
  test: {
    projects: ['apps/*', 'packages/*', '!apps/api'],
    maxWorkers: os.availableParallelism(),
  },
});
