import { defineConfig } from 'vitest/config';

// Its own config, or `vitest run` here would find the repository's (the front-end projects).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
