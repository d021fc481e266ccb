import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Each file makes its own SQLite file and PostgreSQL database, so files may run side by side.
    fileParallelism: true,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
