import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('has production defaults and resolves DATA_DIR against the repo root, not the cwd', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      rateLimitMax: 600,
      rateLimitAnon: 1200,
      rateLimitLogin: 600,
      metricsAllow: [],
      drainMs: 0,
    });
    expect(REPO_ROOT).toBe(path.resolve(import.meta.dirname, '../../..'));
    expect(loadConfig({ DATA_DIR: 'var/x' }).dataDir).toBe(path.join(REPO_ROOT, 'var/x'));
    expect(loadConfig({ DATA_DIR: '/srv/portal' }).dataDir).toBe('/srv/portal');
  });

  it('reads every setting from the environment', () => {
    const c = loadConfig({
      PORT: '18101',
      DATABASE_URL: 'postgres://u@h/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'https://portal.example/',
      RATE_LIMIT_MAX: '100',
      RATE_LIMIT_LOGIN: '5',
      RATE_LIMIT_ANON: '50',
      METRICS_ALLOW: '10.0.0.0/8, 192.0.2.7',
      DRAIN_MS: '5000',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({
      port: 18101,
      databaseUrl: 'postgres://u@h/db',
      redisUrl: 'redis://127.0.0.1:6379',
      smtpUrl: 'smtp://127.0.0.1:2525',
      publicUrl: 'https://portal.example',
      rateLimitMax: 100,
      rateLimitLogin: 5,
      rateLimitAnon: 50,
      metricsAllow: ['10.0.0.0/8', '192.0.2.7'],
      drainMs: 5000,
      logLevel: 'warn',
    });
  });

  it('refuses nonsense instead of starting with a surprise', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ RATE_LIMIT_MAX: '-1' })).toThrow(/RATE_LIMIT_MAX/);
  });
});
