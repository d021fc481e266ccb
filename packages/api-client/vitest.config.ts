import { defineConfig } from 'vitest/config';

// Node by default; files that need a DOM (sessionStorage, storage events) opt in with a
// `@vitest-environment happy-dom` docblock, so pure logic tests stay fast.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
