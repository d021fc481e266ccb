import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './support/env';

/**
 * End-to-end tests against the production build served as `npm start` serves it: one API
 * process on one port with the shell and all six remotes, a fresh SQLite data dir with demo
 * data, and a real in-process SMTP server (see support/global-setup.ts).
 */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // One folder per shard (support/shards.ts): each Playwright process empties its own at start.
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results',
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
