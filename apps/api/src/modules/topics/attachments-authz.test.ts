import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { count, multipart, PDF, pdf, storedFiles, topicForm, zipEntries } from './attachments.test-util';
import { actor, API, C, G, groupWith, T, topicBody, type Actor } from './fixtures.test-util';

const M = `${API}/members/me`;
const HOUR = 60 * 60_000;

describe.each(DIALECTS)('topic attachments: who reads and writes them (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let editor: Actor;
  let member: Actor;
  let outsider: Actor;
  let poster: Actor;
  let stranger: Actor;
  let gA: number;
  let gB: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    editor = await actor(t, { companyId: company });
    member = await actor(t, { companyId: company });
    outsider = await actor(t, { companyId: company });
    poster = await actor(t, { companyId: company });
    stranger = await actor(t);
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', 'in', [poster.id, stranger.id]).execute();
    gA = await groupWith(t, company, [
      [editor.id, { role_edit_topic: 1, role_edit_shared_folder: 1 }],
      [member.id, {}],
    ]);
    // The outsider holds every right, in another group of the same company.
    gB = await groupWith(t, company, [[outsider.id, { role_admin: 1 }]]);
  });
  afterAll(() => t.close());

  const post = async (token: string, g: number, files: string[], over: Record<string, unknown> = {}) => {
    const res = await t.inject({
      method: 'POST',
      url: `${T(g)}/new-topic`,
      token,
      ...topicForm(
        topicBody(over),
        files.map((name) => ({ name, data: pdf(name) })),
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as { id: number; attach_file: { id: number }[] };
  };
  const postCommon = async (groups: number[], files: string[]) => {
    const res = await t.inject({
      method: 'POST',
      url: `${C}/create`,
      token: poster.token,
      ...topicForm(
        topicBody({ selected_group: groups }),
        files.map((name) => ({ name, data: pdf(name) })),
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as { id: number; attach_file: { id: number }[] };
  };
  const get = (url: string, token?: string) => t.inject({ method: 'GET', url, token });
  const zip = (url: string, ids: number[], token?: string, extra: Record<string, unknown> = {}) =>
    t.inject({ method: 'POST', url, token, payload: { file_ids: ids, ...extra } });

  it('a multipart create or update needs the topic right in that group; refusals store nothing', async () => {
    const topic = await post(editor.token, gA, ['keep.pdf']);
    const topicsBefore = await count(t, 'topics', { group_id: gA });
    const diskBefore = await storedFiles(t);
    const form = () => topicForm(topicBody({ topic_title: '不正' }), [{ name: 'x.pdf', data: PDF }]);
    const tries: [string | undefined, string, number][] = [
      [undefined, `${T(gA)}/new-topic`, 401],
      [member.token, `${T(gA)}/new-topic`, 403],
      [outsider.token, `${T(gA)}/new-topic`, 404],
      [undefined, `${T(gA)}/update-topic/${topic.id}`, 401],
      [member.token, `${T(gA)}/update-topic/${topic.id}`, 403],
      [outsider.token, `${T(gA)}/update-topic/${topic.id}`, 404],
      // The right in group B does not reach a topic of group A through B's URL.
      [outsider.token, `${T(gB)}/update-topic/${topic.id}`, 404],
      [undefined, `${C}/create`, 401],
      [member.token, `${C}/create`, 403],
    ];
    for (const [token, url, status] of tries) {
      const res = await t.inject({ method: 'POST', url, token, ...form() });
      expect(res.statusCode, `${url} ${status}`).toBe(status);
    }
    expect(await count(t, 'topics', { group_id: gA })).toBe(topicsBefore);
    expect(await storedFiles(t)).toEqual(diskBefore);
    const kept = (await get(`${T(gA)}/get-topic-detail/${topic.id}`, member.token)).json().items;
    expect(kept).toMatchObject({ topic_title: topicBody().topic_title, total_attach_file: 1 });
  });

  it('an attachment is read through its own topic in its own group only', async () => {
    const mine = await post(editor.token, gA, ['a.pdf']);
    const sibling = await post(editor.token, gA, ['sibling.pdf']);
    const theirs = await post(outsider.token, gB, ['b.pdf']);
    const plain = (
      await t.inject({
        method: 'POST',
        url: `${G(gA)}/share-folder-upload-file`,
        token: editor.token,
        ...multipart([{ name: 'plain.pdf', data: PDF }]),
      })
    ).json().items[0].id;
    const fa = mine.attach_file[0]!.id;
    const fb = theirs.attach_file[0]!.id;
    const url = (g: number, topic: number, file: number) => `${T(g)}/${topic}/attachments/${file}`;

    expect((await get(url(gA, mine.id, fa), member.token)).statusCode).toBe(200);
    expect((await get(url(gA, mine.id, fa))).statusCode).toBe(401);
    const out = await get(url(gA, mine.id, fa), outsider.token);
    expect(out.statusCode).toBe(404);
    expect(out.json().status_code).toBe('GROUP_NOT_FOUND');
    for (const [g, topic, file] of [
      [gA, mine.id, fb],
      [gA, mine.id, sibling.attach_file[0]!.id],
      [gA, mine.id, plain],
      [gB, theirs.id, fa],
      [gA, theirs.id, fb],
    ] as const) {
      const res = await get(url(g, topic, file), g === gA ? member.token : outsider.token);
      expect(res.statusCode, `${g}/${topic}/${file}`).toBe(404);
    }
    expect((await get(`${T(gA)}/${mine.id}/attachments/abc`, member.token)).statusCode).toBe(400);

    // Zips: one stranger id fails the whole request, whichever group's URL carries it.
    expect((await zip(`${G(gA)}/download-files`, [fa], member.token)).statusCode).toBe(200);
    expect((await zip(`${G(gA)}/download-files`, [fa, fb], member.token)).statusCode).toBe(404);
    expect((await zip(`${G(gB)}/download-files`, [fb, fa], outsider.token)).statusCode).toBe(404);
    expect((await zip(`${G(gA)}/download-files`, [fa], outsider.token)).statusCode).toBe(404);
    expect((await zip(`${G(gA)}/download-files`, [], member.token)).statusCode).toBe(400);
  });

  it('a scheduled topic’s attachments are its author’s alone until delivery', async () => {
    const topic = await post(editor.token, gA, ['予定.pdf'], { delivery_date: t.clock() + HOUR });
    const id = topic.attach_file[0]!.id;
    const attachUrl = `${T(gA)}/${topic.id}/attachments/${id}`;
    const listed = async (token: string) =>
      (await get(`${G(gA)}/share-folder-attach-file`, token)).json().items.data.map((f: { id: number }) => f.id) as number[];
    expect((await get(attachUrl, editor.token)).statusCode).toBe(200);
    expect(await listed(editor.token)).toContain(id);
    expect((await get(attachUrl, member.token)).statusCode).toBe(404);
    expect(await listed(member.token)).not.toContain(id);
    expect((await get(`${G(gA)}/share-folder-file/${id}/download`, member.token)).statusCode).toBe(404);
    expect((await zip(`${G(gA)}/download-files`, [id], member.token)).statusCode).toBe(404);
    t.clock.advance(2 * HOUR);
    // Access tokens outlive no two hours of test clock.
    for (const a of [editor, member, outsider, poster, stranger]) a.token = await t.login(a);
    expect((await get(attachUrl, member.token)).statusCode).toBe(200);
    expect(await listed(member.token)).toContain(id);
  });

  it('a common topic’s attachments reach members of its destination groups only', async () => {
    const toA = await postCommon([gA], ['全社A.pdf']);
    const toB = await postCommon([gB], ['全社B.pdf']);
    const fa = toA.attach_file[0]!.id;
    const fb = toB.attach_file[0]!.id;
    const companyUsed = async () =>
      Number(
        (await t.ctx.db.selectFrom('companies').select('storage_used_bytes').where('id', '=', company).executeTakeFirstOrThrow())
          .storage_used_bytes,
      );
    expect(await companyUsed()).toBeGreaterThanOrEqual(pdf('全社A.pdf').length + pdf('全社B.pdf').length);

    const one = await get(`${C}/${toA.id}/attachments/${fa}`, member.token);
    expect(one.statusCode).toBe(200);
    expect(one.rawPayload.equals(pdf('全社A.pdf'))).toBe(true);
    const both = await zip(`${C}/download-files`, [fa], member.token);
    expect(zipEntries(both.rawPayload).map((e) => e.name)).toEqual(['全社A.pdf']);
    expect((await get(`${M}/common-share-folder-file/${fa}/download`, member.token)).statusCode).toBe(200);
    const commonList = async (token: string) =>
      (await get(`${M}/common-share-folder`, token)).json().items.data.map((f: { id: number }) => f.id) as number[];
    expect(await commonList(member.token)).toContain(fa);

    // Group B's member reads B's topic, never A's, whatever else the request carries.
    expect((await get(`${C}/${toB.id}/attachments/${fb}`, outsider.token)).statusCode).toBe(200);
    expect((await get(`${C}/${toA.id}/attachments/${fa}`, outsider.token)).statusCode).toBe(404);
    expect((await get(`${C}/${toB.id}/attachments/${fa}`, outsider.token)).statusCode).toBe(404);
    expect((await zip(`${C}/download-files`, [fb], outsider.token)).statusCode).toBe(200);
    expect((await zip(`${C}/download-files`, [fb, fa], outsider.token)).statusCode).toBe(404);
    expect((await zip(`${C}/download-files`, [fb], outsider.token, { is_comment_file: true })).statusCode).toBe(404);
    expect((await get(`${M}/common-share-folder-file/${fa}/download`, outsider.token)).statusCode).toBe(404);
    expect((await zip(`${M}/common-share-folder/download-files`, [fa], outsider.token)).statusCode).toBe(404);
    expect(await commonList(outsider.token)).not.toContain(fa);
    expect((await zip(`${C}/download-files`, [fa])).statusCode).toBe(401);
    expect((await zip(`${C}/download-files`, [fa], stranger.token)).statusCode).toBe(404);
    expect((await zip(`${C}/download-files`, ['x'] as never, member.token)).statusCode).toBe(400);
    // A group topic's attachment is not a common one.
    const groupFile = (await post(editor.token, gA, ['group.pdf'])).attach_file[0]!.id;
    expect((await zip(`${C}/download-files`, [groupFile], member.token)).statusCode).toBe(404);
  });

  it('a common topic’s update removes attachments; deleting the topic takes them along', async () => {
    const topic = await postCommon([gA], ['一.pdf', '二.pdf']);
    const [one, two] = topic.attach_file;
    const up = await t.inject({
      method: 'POST',
      url: `${C}/${topic.id}`,
      token: poster.token,
      ...topicForm(topicBody({ selected_group: [gA], deleted_attach_file: [one!.id] }), [{ name: '三.pdf', data: pdf('三') }]),
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().items.attach_file.map((f: { name: string }) => f.name)).toEqual(['二.pdf', '三.pdf']);
    const keys = (await t.ctx.db.selectFrom('files').select('storage_key').where('topic_id', '=', topic.id).execute()).map(
      (r) => r.storage_key,
    );
    expect((await t.inject({ method: 'DELETE', url: `${C}/${topic.id}`, token: poster.token })).statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('files').select('id').where('id', 'in', [one!.id, two!.id]).execute()).toEqual([]);
    const disk = await storedFiles(t);
    for (const k of keys) expect(disk).not.toContain(k);
  });
});
