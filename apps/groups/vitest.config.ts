import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Most pages load their code on first render (routes/index.tsx): a test's first visit to
    // one includes compiling it, which takes seconds on a busy machine.
    testTimeout: 15_000,
  },
});
