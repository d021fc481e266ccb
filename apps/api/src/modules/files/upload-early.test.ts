import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, G, groupWith, storedFiles, type Actor } from './fixtures.test-util';

const GB = 1024 ** 3;

/**
 * Sends a multipart upload's head and the first `sent` bytes of its file over a raw socket, then
 * stops sending (the rest would take long) and waits for the answer: an early refusal arrives
 * while the body is still incomplete.
 */
function partialUpload(
  port: number,
  url: string,
  token: string,
  opts: { declared?: number; sent: number },
): Promise<{ status: number; body: string }> {
  const boundary = 'xEARLYx';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer before the body ended; got ${JSON.stringify(answer.slice(0, 200))}`));
    }, 8000);
    socket.on('data', (d) => {
      answer += d.toString();
      const m = /^HTTP\/1\.1 (\d+)[\s\S]*?\r\n\r\n([\s\S]*)$/.exec(answer);
      if (m && m[2]!.includes('}')) {
        clearTimeout(timer);
        socket.destroy();
        resolve({ status: Number(m[1]), body: m[2]!.replace(/^[0-9a-f]+\r\n/, '') });
      }
    });
    socket.on('error', (err) => {
      // A refused upload may be answered and closed while we still write: keep what arrived.
      if (!answer) reject(err);
    });
    const chunked = opts.declared === undefined;
    const headers = [
      `POST ${url} HTTP/1.1`,
      'Host: 127.0.0.1',
      `Authorization: Bearer ${token}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${opts.declared}`,
      '',
      '',
    ].join('\r\n');
    socket.write(headers);
    const first = Buffer.concat([Buffer.from(head), Buffer.alloc(opts.sent, 0x61)]);
    socket.write(chunked ? Buffer.concat([Buffer.from(`${first.length.toString(16)}\r\n`), first, Buffer.from('\r\n')]) : first);
  });
}

describe.each(DIALECTS)('uploads refused early (%s)', (dialect) => {
  let t: TestApp;
  let editor: Actor;
  let group: number;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    editor = await actor(t, { companyId: company });
    group = await groupWith(t, company, [[editor.id, { role_edit_shared_folder: 1 }]]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    // The refused requests' sockets were cut by the client mid-body; nothing is left to wait for.
    t.app.server.closeAllConnections();
    await t.close();
  });

  it('answers UPLOAD_OVER_SIZE from the declared length, before the body is sent', async () => {
    const res = await partialUpload(port, `${G(group)}/share-folder-upload-file`, editor.token, { declared: 40 * GB, sent: 1000 });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ status_code: 'UPLOAD_OVER_SIZE' });
  });

  it('answers the storage capacity error from the declared length when the group has no room', async () => {
    const cap = (await t.ctx.db.selectFrom('groups').select('storage_capacity_gb').where('id', '=', group).executeTakeFirstOrThrow())
      .storage_capacity_gb;
    await t.ctx.db
      .updateTable('groups')
      .set({ storage_used_bytes: cap * GB - 100_000 })
      .where('id', '=', group)
      .execute();
    const res = await partialUpload(port, `${G(group)}/share-folder-upload-file`, editor.token, { declared: 5 * 1024 * 1024, sent: 1000 });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ status_code: 'EXCEED_GROUP_STORAGE_CAPACITY' });
  });

  it('stops a chunked upload (no declared length) as soon as the streamed bytes pass the room left, keeping nothing', async () => {
    const res = await partialUpload(port, `${G(group)}/share-folder-upload-file`, editor.token, { sent: 300_000 });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ status_code: 'EXCEED_GROUP_STORAGE_CAPACITY' });
    expect(await storedFiles(t)).toEqual([]);
    await t.ctx.db.updateTable('groups').set({ storage_used_bytes: 0 }).where('id', '=', group).execute();
  });
});
