import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSocket } from '../modules/realtime/ws-client.test-util';
import { enqueueJob, runDueJobs } from '../kernel/jobs';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { countedMailer, metricsAllowList } from './metrics';

const API = '/service/api/v1';

/** The value of one sample line (`name{labels} value`) whose text contains every part. */
function sample(text: string, ...parts: string[]): number | undefined {
  const line = text.split('\n').find((l) => !l.startsWith('#') && parts.every((p) => l.includes(p)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe.each(DIALECTS)('/metrics (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimitMax: 3, rateLimitAnon: 3 });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('times requests by route template and status class, never by the raw URL', async () => {
    expect((await t.inject({ method: 'GET', url: `${API}/health` })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/groups/987654/roles` })).statusCode).toBe(401);
    const text = await scrape();
    expect(
      sample(text, 'http_request_duration_seconds_count{', `route="${API}/health"`, 'status_class="2xx"', 'method="GET"'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_bucket{', `route="${API}/health"`, 'le="+Inf"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count{', `route="${API}/members/me/groups/:id/roles"`, 'status_class="4xx"')).toBe(
      1,
    );
    expect(text).not.toContain('987654');
    // This scrape itself is in flight while it is written.
    expect(sample(text, 'http_requests_in_flight ')).toBeGreaterThanOrEqual(0);
  });

  it('includes the process and Node.js defaults, event-loop lag among them', async () => {
    const text = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(text, name).toContain(`\n${name}`);
    }
  });

  it('reports the job queue depth, its lag and failures by kind', async () => {
    const now = t.clock();
    await new Promise((r) => setTimeout(r, 1100)); // the queue figures are read at most once a second
    const dueBefore = sample(await scrape(), 'portal_jobs_due ')!;
    await enqueueJob(t.ctx.db, { kind: 'metrics.test-unknown', runAt: now - 30_000, now });
    await new Promise((r) => setTimeout(r, 1100));
    let text = await scrape();
    expect(sample(text, 'portal_jobs_due ')).toBe(dueBefore + 1);
    expect(sample(text, 'portal_jobs_lag_seconds ')).toBeGreaterThanOrEqual(30);
    await runDueJobs(t.ctx, 'metrics-test');
    await new Promise((r) => setTimeout(r, 1100)); // the queue figures are read at most once a second
    text = await scrape();
    expect(sample(text, 'portal_job_failures_total{', 'kind="metrics.test-unknown"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_jobs_due ')).toBeLessThanOrEqual(dueBefore);
  });

  it.runIf(dialect === 'postgres')('reports the PostgreSQL pool: connections, waiting, wait-time histogram', async () => {
    const text = await scrape();
    expect(sample(text, 'portal_db_pool_max ')).toBeGreaterThanOrEqual(10);
    expect(sample(text, 'portal_db_pool_connections{', 'state="idle"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_db_pool_waiting ')).toBe(0);
    expect(sample(text, 'portal_db_pool_wait_seconds_count ')).toBeGreaterThan(0);
    expect(sample(text, 'portal_db_pool_wait_seconds_bucket{le="+Inf"}')).toBe(sample(text, 'portal_db_pool_wait_seconds_count '));
  });

  it('is served to loopback only by default, not through an untrusted proxy, and outside the rate limit', async () => {
    for (let i = 0; i < 5; i++) expect((await t.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    const far = await t.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(far.statusCode).toBe(404);
    expect(far.body).not.toContain('process_cpu');
    const forwarded = await t.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.statusCode).toBe(404);
  });

  it('METRICS_ALLOW opens it to listed addresses and ranges; TRUST_PROXY judges the forwarded client', async () => {
    const other = await createTestApp(dialect, { metricsAllow: ['10.1.0.0/16', '192.0.2.7'], trustProxy: ['127.0.0.1'] });
    try {
      const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
        other.inject({ method: 'GET', url: '/metrics', remoteAddress, headers }).then((r) => r.statusCode);
      expect(await get('10.1.200.3')).toBe(200);
      expect(await get('192.0.2.7')).toBe(200);
      expect(await get('192.0.2.8')).toBe(404);
      expect(await get('127.0.0.1', { 'x-forwarded-for': '10.1.0.5' })).toBe(200);
      expect(await get('127.0.0.1', { 'x-forwarded-for': '198.51.100.1' })).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('metrics sources', () => {
  it('counts open realtime sockets and the frames sent to them', async () => {
    const t = await createTestApp('sqlite');
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as AddressInfo).port;
      const user = await t.createUser();
      const token = await t.login(user);
      const before = await t.inject({ method: 'GET', url: '/metrics' }).then((r) => r.body);
      const socket = await TestSocket.open(`ws://127.0.0.1:${port}${API}/realtime`);
      await socket.auth(token);
      const during = await t.inject({ method: 'GET', url: '/metrics' }).then((r) => r.body);
      expect(sample(during, 'portal_realtime_sockets ')).toBe(sample(before, 'portal_realtime_sockets ')! + 1);
      expect(sample(during, 'portal_realtime_frames_sent_total ')).toBeGreaterThan(sample(before, 'portal_realtime_frames_sent_total ')!);
      socket.ws.close();
      await socket.closed;
      await new Promise((r) => setTimeout(r, 100));
      const after = await t.inject({ method: 'GET', url: '/metrics' }).then((r) => r.body);
      expect(sample(after, 'portal_realtime_sockets ')).toBe(sample(before, 'portal_realtime_sockets '));
    } finally {
      await t.close();
    }
  });

  it('counts mail sent and refused by the transport', async () => {
    const t = await createTestApp('sqlite');
    try {
      const read = async () => (await t.inject({ method: 'GET', url: '/metrics' })).body;
      const before = await read();
      const ok = countedMailer({ send: async () => undefined, close: () => undefined });
      const refused = countedMailer({ send: async () => Promise.reject(new Error('550')), close: () => undefined });
      await ok.send({ to: 'a@example.com', subject: 's', text: 't' } as never);
      await expect(refused.send({ to: 'b@example.com', subject: 's', text: 't' } as never)).rejects.toThrow('550');
      const after = await read();
      expect(sample(after, 'portal_mail_total{outcome="sent"}')).toBe(sample(before, 'portal_mail_total{outcome="sent"}')! + 1);
      expect(sample(after, 'portal_mail_total{outcome="failed"}')).toBe(sample(before, 'portal_mail_total{outcome="failed"}')! + 1);
    } finally {
      await t.close();
    }
  });

  it('refuses a METRICS_ALLOW entry that is not an address or range', () => {
    expect(() => metricsAllowList(['10.0.0.0/33'])).toThrow(/METRICS_ALLOW/);
    expect(() => metricsAllowList(['intranet'])).toThrow(/METRICS_ALLOW/);
    expect(metricsAllowList([])('::ffff:127.0.0.1')).toBe(true);
    expect(metricsAllowList([])('::1')).toBe(true);
    expect(metricsAllowList([])('10.0.0.1')).toBe(false);
  });
});
