import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // A conversation loads its code on first render (routes/ChatPage.tsx): a test's first visit
    // includes compiling it, which takes seconds on a busy machine.
    testTimeout: 15_000,
  },
});
