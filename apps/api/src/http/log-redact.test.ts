import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactUrl, requestSerializer } from './log-redact';

describe('request log redaction', () => {
  it('hides reset, setup and invitation tokens, and nothing else', () => {
    const cases: [string, string][] = [
      ['/reset-password?token=abcDEF123_-', '/reset-password?token=[redacted]'],
      ['/setup?lang=ja&token=xyz&x=1', '/setup?lang=ja&token=[redacted]&x=1'],
      ['/service/api/v1/invite-members/u1Q2w3E4/icon?size=s', '/service/api/v1/invite-members/[redacted]/icon?size=s'],
      ['/service/api/v1/invite-members/u1Q2w3E4', '/service/api/v1/invite-members/[redacted]'],
      ['/service/api/v1/groups/gAbC9x/join-requests', '/service/api/v1/groups/[redacted]/join-requests'],
      ['/service/api/v1/line-login/callback?code=c0de&state=s1', '/service/api/v1/line-login/callback?code=[redacted]&state=[redacted]'],
      ['/service/api/v1/members/me/groups/12/topics', '/service/api/v1/members/me/groups/12/topics'],
      ['/service/api/v1/groups/12/join-requests', '/service/api/v1/groups/12/join-requests'],
      // A signed link's signature: the user and expiry stay readable.
      [
        '/service/api/v1/members/me/inline-images/3?u=1&e=1795570500&s=EW1FJPyTWyCAibTjUf75vGEzugLjK6Mnbuy8EYyy-Lc',
        '/service/api/v1/members/me/inline-images/3?u=1&e=1795570500&s=[redacted]',
      ],
    ];
    for (const [url, want] of cases) expect(redactUrl(url), url).toBe(want);
  });

  it('is what Fastify writes in its request lines', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _e, cb) => (lines.push(String(chunk)), cb()) });
    const app = Fastify({ logger: { level: 'info', stream, serializers: { req: requestSerializer } } });
    app.get('/reset-password', async () => 'ok');
    await app.inject({ method: 'GET', url: '/reset-password?token=SECRET-123' });
    await app.close();
    const all = lines.join('');
    expect(all).toContain('token=[redacted]');
    expect(all).not.toContain('SECRET-123');
  });
});
