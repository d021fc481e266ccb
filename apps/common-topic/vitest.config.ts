import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // The topic detail, editor and shared folder load their code on first render
    // (routes/index.tsx): a test's first visit includes compiling it, slow on a busy machine.
    testTimeout: 15_000,
  },
});
