import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, G, groupWith, multipart, PDF, storedFiles, type Actor } from './fixtures.test-util';

const GB = 1024 ** 3;

describe.each(DIALECTS)('shared folder quota and failed uploads (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let editor: Actor;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    editor = await actor(t, { companyId: company });
  });
  afterAll(() => t.close());

  const newGroup = () => groupWith(t, company, [[editor.id, { role_edit_shared_folder: 1 }]]);
  const fileCount = async (g: number) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('group_id', '=', g)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const used = async (g: number) =>
    Number(
      (await t.ctx.db.selectFrom('groups').select('storage_used_bytes').where('id', '=', g).executeTakeFirstOrThrow()).storage_used_bytes,
    );
  const send = (g: number, data: Buffer, name = 'a.pdf') =>
    t.inject({ method: 'POST', url: `${G(g)}/share-folder-upload-file`, token: editor.token, ...multipart([{ name, data }]) });

  it('two racing uploads past the group quota: exactly one lands', async () => {
    const g = await newGroup();
    const body = Buffer.concat([PDF, Buffer.alloc(1000, 0x20)]);
    // 1 GB capacity with room for one file of this size but not two.
    await t.ctx.db
      .updateTable('groups')
      .set({ storage_capacity_gb: 1, storage_used_bytes: GB - body.length - 10 })
      .where('id', '=', g)
      .execute();
    const results = await Promise.all([send(g, body), send(g, body), send(g, body)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json().status_code).toBe('EXCEED_GROUP_STORAGE_CAPACITY');
    expect(await fileCount(g)).toBe(1);
    expect(await used(g)).toBe(GB - 10);
    expect((await storedFiles(t)).filter((f) => f.startsWith('.staging'))).toEqual([]);
  });

  it('the company quota refuses with EXCEED_COMPANY_STORAGE_CAPACITY and stores nothing', async () => {
    const g = await newGroup();
    const before = await storedFiles(t);
    await t.ctx.db
      .updateTable('companies')
      .set({ storage_capacity_gb: 1, storage_used_bytes: GB - 5 })
      .where('id', '=', company)
      .execute();
    const res = await send(g, PDF);
    expect(res.statusCode).toBe(400);
    expect(res.json().status_code).toBe('EXCEED_COMPANY_STORAGE_CAPACITY');
    expect(await fileCount(g)).toBe(0);
    expect(await storedFiles(t)).toEqual(before);
    await t.ctx.db.updateTable('companies').set({ storage_capacity_gb: 100, storage_used_bytes: 0 }).where('id', '=', company).execute();
  });

  it('over-size and too many files are refused with nothing stored', async () => {
    const g = await newGroup();
    await t.ctx.db.updateTable('groups').set({ max_img_size_per_attachment: 1 }).where('id', '=', g).execute();
    const before = await storedFiles(t);
    const big = await t.inject({
      method: 'POST',
      url: `${G(g)}/share-folder-upload-file`,
      token: editor.token,
      ...multipart([
        { name: 'ok.pdf', data: PDF },
        { name: 'big.pdf', data: Buffer.alloc(1024 * 1024 + 1, 0x41) },
      ]),
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().status_code).toBe('UPLOAD_OVER_SIZE');
    const many = await t.inject({
      method: 'POST',
      url: `${G(g)}/share-folder-upload-file`,
      token: editor.token,
      ...multipart(Array.from({ length: 31 }, (_, i) => ({ name: `f${i}.pdf`, data: PDF }))),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().status_code).toBe('TOO_MANY_FILES');
    expect(await fileCount(g)).toBe(0);
    expect(await used(g)).toBe(0);
    expect(await storedFiles(t)).toEqual(before);
    const thirty = await t.inject({
      method: 'POST',
      url: `${G(g)}/share-folder-upload-file`,
      token: editor.token,
      ...multipart(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}.pdf`, data: PDF }))),
    });
    expect(thirty.statusCode).toBe(200);
    expect(await fileCount(g)).toBe(30);
  });

  it('an upload aborted mid-stream leaves no bytes and no row', async () => {
    const g = await newGroup();
    const before = await storedFiles(t);
    const port = 19400 + Math.floor(Math.random() * 90) + (dialect === 'postgres' ? 0 : 5);
    await t.app.listen({ port, host: '127.0.0.1' });
    try {
      const { headers, payload } = multipart([{ name: 'partial.pdf', data: Buffer.alloc(4 * 1024 * 1024, 0x41) }]);
      let stagedMeanwhile = false;
      await new Promise<void>((resolve) => {
        const req = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `${G(g)}/share-folder-upload-file`,
          headers: { ...headers, 'content-length': String(payload.length), authorization: `Bearer ${editor.token}` },
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        // Send half of the body, give the server time to stage it, then drop the connection.
        req.write(payload.subarray(0, payload.length / 2), () =>
          setTimeout(async () => {
            stagedMeanwhile = (await storedFiles(t)).some((f) => f.startsWith('.staging'));
            req.destroy();
          }, 200),
        );
      });
      // The server notices the close asynchronously.
      for (let i = 0; i < 50 && (await storedFiles(t)).length !== before.length; i++) await new Promise((r) => setTimeout(r, 50));
      expect(stagedMeanwhile).toBe(true);
      expect(await storedFiles(t)).toEqual(before);
      expect(await fileCount(g)).toBe(0);
      expect(await used(g)).toBe(0);
    } finally {
      await t.app.server.close();
    }
  });
});
