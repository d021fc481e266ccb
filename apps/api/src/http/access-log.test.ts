import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessLog } from './access-log';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({ write: (chunk, _e, cb) => (lines.push(JSON.parse(String(chunk))), cb()) });
  const app = Fastify({ logger: { level, stream }, logController: new LogController({ disableRequestLogging: true }) });
  accessLog(app);
  app.get('/reset-password', async () => 'ok');
  return { app, lines };
}

describe('access log', () => {
  it('writes exactly one line per request, with status and redacted URL', async () => {
    const { app, lines } = capture('info');
    await app.inject({ method: 'GET', url: '/reset-password?token=SECRET-123' });
    await app.inject({ method: 'GET', url: '/missing' });
    await app.close();
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(lines).toHaveLength(2);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/reset-password?token=[redacted]', status: 200 });
    expect(requests[1]).toMatchObject({ status: 404 });
    expect(JSON.stringify(lines)).not.toContain('SECRET-123');
  });

  it('writes nothing at warn level', async () => {
    const { app, lines } = capture('warn');
    await app.inject({ method: 'GET', url: '/reset-password' });
    await app.close();
    expect(lines).toHaveLength(0);
  });
});
