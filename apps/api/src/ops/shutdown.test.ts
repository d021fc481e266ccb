import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSocket } from '../modules/realtime/ws-client.test-util';
import { API, loginChild, prepareSite, startServer, type ChildServer, type ChildSite } from '../test/child-server';
import { DIALECTS } from '../test/harness';

/** Sends the head of an upload now and the rest when `finish` is called; resolves with the status. */
function slowUpload(server: ChildServer, url: string, token: string, body: Buffer) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = http.request(`${server.base}${url}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + body.length + tail.length,
    },
  });
  const status = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(Buffer.concat([head, body.subarray(0, half)]));
  return {
    status,
    finish() {
      req.end(Buffer.concat([body.subarray(half), tail]));
    },
  };
}

describe.each(DIALECTS)('graceful shutdown on SIGTERM (%s)', (dialect) => {
  let site: ChildSite;
  beforeAll(async () => {
    site = await prepareSite(dialect);
  });
  afterAll(() => site.drop());

  it('stops accepting, finishes the request in flight, closes sockets with a reconnect code, exits 0 in time', async () => {
    const server = await startServer(site);
    const token = await loginChild(server, site);
    const socket = new TestSocket(`ws://127.0.0.1:${server.port}${API}/realtime`);
    await socket.opened;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200_000), Buffer.from('\n%%EOF\n')]);
    const upload = slowUpload(server, `${API}/members/me/groups/${site.groupId}/share-folder-upload-file`, token, pdf);
    await new Promise((r) => setTimeout(r, 200));

    const signalled = Date.now();
    server.proc.kill('SIGTERM');
    expect(await socket.closed).toMatchObject({ code: 1001, reason: 'server shutting down' });
    // No new connections while it drains.
    await expect(fetch(`${server.base}${API}/health`)).rejects.toThrow();
    upload.finish();
    const done = await upload.status;
    expect(done.status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);

    // The upload the shutdown waited for is there after a restart, byte for byte.
    const again = await startServer(site);
    try {
      const id = (JSON.parse(done.body) as { items: { id: number }[] }).items[0]!.id;
      const token2 = await loginChild(again, site);
      const res = await fetch(`${again.base}${API}/members/me/groups/${site.groupId}/share-folder-file/${id}/download`, {
        headers: { authorization: `Bearer ${token2}` },
      });
      expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    } finally {
      again.proc.kill('SIGKILL');
      await again.exited;
    }
  }, 90_000);
});
