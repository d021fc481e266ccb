import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, where the
 * suite took 17 of a 40-minute CI run with the load average near 1 (much of a test's time is
 * waiting on PostgreSQL, SQLite's disk or a timer). One more than the cores keeps both busy: 6
 * minutes with three on such a machine. At most four, so the PostgreSQL files' pools stay well
 * within max_connections.
 */
const workers = Number(process.env.API_TEST_WORKERS) || Math.min(4, os.availableParallelism() + 1);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Each file makes its own SQLite file and PostgreSQL database, so files may run side by side:
    // copies of the two this setup migrates once per run (src/test/db-templates.ts).
    globalSetup: ['./src/test/db-templates.ts'],
    fileParallelism: true,
    maxWorkers: workers,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
