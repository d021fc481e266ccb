import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { pdf, T, topicBody, topicForm } from '../topics/testing';
import { actor, G, groupWith, M, multipart, PNG, upload, type Actor } from './fixtures.test-util';
import { storageSums } from '../../ops/storage-sums';
import { API, cid, createChat } from '../chat/testing';

/**
 * Every kind of write that touches a quota counter, fired at once against one company (the row
 * every one of them updates). The PostgreSQL deadlock this guards against (a topic insert's foreign key
 * takes a share lock on the company row, then the quota asked for FOR UPDATE on it) showed here
 * as 500s; the counters must also still equal the sums of what is stored.
 */
describe.each(DIALECTS)('56 concurrent quota writes (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let editor: Actor;
  let peer: Actor;
  let groups: number[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    editor = await actor(t, { companyId: company });
    peer = await actor(t, { companyId: company });
    groups = [];
    for (let i = 0; i < 3; i++)
      groups.push(
        await groupWith(t, company, [
          [editor.id, { role_admin: 1 }],
          [peer.id, {}],
        ]),
      );
  });
  afterAll(() => t.close());

  it('answers every write without an error and keeps the counters equal to the stored sizes', async () => {
    const g = (i: number) => groups[i % groups.length]!;
    const uploadUrl = (i: number) => `${G(g(i))}/share-folder-upload-file`;
    // What the deletes, overwrites and bin purges act on, made beforehand.
    const toOverwrite: [number, number][] = [];
    const toDelete: [number, number][] = [];
    const toPurge: [number, number][] = [];
    for (let i = 0; i < 8; i++)
      toOverwrite.push([g(i), (await upload(t, editor.token, uploadUrl(i), [{ name: `o${i}.pdf`, data: pdf(`o${i}`) }]))[0]!]);
    for (let i = 0; i < 6; i++) {
      const [id] = await upload(t, editor.token, uploadUrl(i), [{ name: `d${i}.pdf`, data: pdf(`d${i}`) }]);
      await t.inject({ method: 'POST', url: `${G(g(i))}/delete-file`, token: editor.token, payload: { file_ids: [id], delete_mode: 1 } });
      toDelete.push([g(i), id!]);
    }
    for (let i = 0; i < 6; i++) {
      const res = await t.inject({
        method: 'POST',
        url: `${T(g(i))}/new-topic`,
        token: editor.token,
        ...topicForm(topicBody(), [{ name: 'p.pdf', data: pdf(`p${i}`) }]),
      });
      const id = res.json().items.id as number;
      await t.inject({ method: 'POST', url: `${T(g(i))}/move-topics-to-bin`, token: editor.token, payload: { topic_ids: [id] } });
      toPurge.push([g(i), id]);
    }

    const writes: Promise<{ kind: string; status: number; body: string }>[] = [];
    const fire = (kind: string, p: Promise<{ statusCode: number; body: string }>) =>
      writes.push(p.then((r) => ({ kind, status: r.statusCode, body: r.body })));
    for (let i = 0; i < 14; i++) {
      fire(
        'topic+attachments',
        t.inject({
          method: 'POST',
          url: `${T(g(i))}/new-topic`,
          token: editor.token,
          ...topicForm(topicBody({ topic_title: `同時${i}` }), [
            { name: 'a.pdf', data: pdf(`a${i}`) },
            { name: 'b.png', data: PNG },
          ]),
        }),
      );
    }
    for (let i = 0; i < 10; i++)
      fire(
        'upload',
        t.inject({ method: 'POST', url: uploadUrl(i), token: editor.token, ...multipart([{ name: `u${i}.pdf`, data: pdf(`u${i}`) }]) }),
      );
    for (const [gid, id] of toOverwrite)
      fire(
        'overwrite',
        t.inject({
          method: 'POST',
          url: `${G(gid)}/overwrite-file/${id}`,
          token: editor.token,
          ...multipart([{ name: 'n.pdf', data: pdf(`n${id}-longer`) }]),
        }),
      );
    for (const [gid, id] of toDelete)
      fire(
        'delete',
        t.inject({ method: 'POST', url: `${G(gid)}/delete-file`, token: editor.token, payload: { file_ids: [id], delete_mode: 2 } }),
      );
    for (const [gid, id] of toPurge)
      fire(
        'topic bin purge',
        t.inject({ method: 'POST', url: `${T(gid)}/delete-topics-in-bin`, token: editor.token, payload: { topic_ids: [id] } }),
      );
    for (let i = 0; i < 3; i++)
      fire('empty bin', t.inject({ method: 'POST', url: `${G(g(i))}/empty-share-folder-bin`, token: editor.token, payload: {} }));
    for (let i = 0; i < 3; i++)
      fire(
        'inline image',
        t.inject({
          method: 'POST',
          url: `${M}/upload-file-by-tiny?group_id=${g(i)}`,
          token: editor.token,
          ...multipart([{ name: 'i.png', data: PNG }]),
        }),
      );
    // Chat files lock the company row first too (the chat area is company-wide storage).
    const chat = await createChat(t, editor.token, groups[0]!, [peer.id]);
    for (let i = 0; i < 6; i++) {
      fire(
        'chat file',
        t.inject({
          method: 'POST',
          url: `${API}/group-chat-gallery/${chat}/upload-file`,
          token: editor.token,
          ...multipart([{ name: `c${i}.pdf`, data: pdf(`c${i}`) }], { data: JSON.stringify({ client_message_id: cid() }) }),
        }),
      );
    }
    expect(writes).toHaveLength(56);

    const results = await Promise.all(writes);
    // Deletes racing an empty-bin may find their file gone already: the spec's 404, not an error.
    const failed = results.filter(
      (r) => r.status !== 200 && !(r.kind === 'delete' && r.status === 404 && r.body.includes('FILE_NOT_FOUND')),
    );
    expect(failed).toEqual([]);

    const sums = await storageSums(t.ctx.db, company);
    const c = sums.companies.get(company)!;
    expect(c.counter).toBe(c.sum);
    expect(c.sum).toBeGreaterThan(0);
    for (const gid of groups) {
      const s = sums.groups.get(gid)!;
      expect(s.counter).toBe(s.sum);
    }
  });
});
