import http from 'node:http';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { actor, G, groupWith, type Actor } from './fixtures.test-util';

const MB = 1024 * 1024;
const FILES = 4;
const SIZE = 40 * MB;

/** SIZE bytes of a repeating pattern, produced lazily so the test itself holds no big buffer. */
function pattern(size: number): Readable {
  const chunk = Buffer.alloc(MB, 0x5a);
  let left = size;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

/**
 * The collector, so RSS measures live memory rather than when V8 gets round to freeing spent
 * buffers: Node 24's V8 lets ~80–140 MB of already-sent chunks wait for a collection that Node 20
 * ran sooner, which is the GC's schedule, not buffering.
 */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

// One engine is enough: this measures the HTTP path, not the database.
describe('zip download is streamed', () => {
  let t: TestApp;
  let user: Actor;
  let g: number;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const company = await t.createCompany();
    user = await actor(t, { companyId: company });
    g = await groupWith(t, company, [[user.id, { role_admin: 1 }]]);
    for (let i = 0; i < FILES; i++) {
      const staged = (await t.ctx.storage.stage(pattern(SIZE), { prefix: `groups/${g}/files` })).withExt('bin');
      await staged.commit();
      const now = t.clock();
      const row = await t.ctx.db
        .insertInto('files')
        .values({
          company_id: company,
          group_id: g,
          folder_id: null,
          topic_id: null,
          title: `大容量${i}`,
          original_name: `大容量${i}.bin`,
          storage_key: staged.key,
          size: SIZE,
          kind: 'other',
          mime: 'application/octet-stream',
          creator_id: user.id,
          updater_id: user.id,
          uploader_id: user.id,
          moved_to_bin_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
  }, 60_000);
  afterAll(() => t.close());

  it(`sends ${(FILES * SIZE) / MB} MB with memory that stays flat`, async () => {
    const port = 19480 + Math.floor(Math.random() * 15);
    await t.app.listen({ port, host: '127.0.0.1' });
    try {
      const gc = collector();
      gc();
      const base = process.memoryUsage().rss;
      let peak = base;
      let received = 0;
      let collectedAt = 0;
      let declared = 0;
      await new Promise<void>((resolve, reject) => {
        const body = JSON.stringify({ file_ids: ids });
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `${G(g)}/download-files`,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
          },
          (res) => {
            declared = Number(res.headers['content-length']);
            res.on('data', (c: Buffer) => {
              received += c.length;
              peak = Math.max(peak, process.memoryUsage().rss);
              if (received - collectedAt >= 16 * MB) {
                collectedAt = received;
                gc();
              }
            });
            res.on('end', resolve);
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      expect(received).toBe(declared);
      expect(received).toBeGreaterThan(FILES * SIZE);
      // Buffering the zip would add its whole size (160 MB); streaming adds a few buffers.
      expect(peak - base).toBeLessThan(64 * MB);
    } finally {
      await t.app.server.close();
    }
  }, 60_000);
});
