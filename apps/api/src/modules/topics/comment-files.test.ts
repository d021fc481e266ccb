import { inlineImageUrl, LIMITS } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../../storage/images.test-util';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { multipart, PDF, pdf, storedFiles, topicForm, zipEntries } from './attachments.test-util';
import { actor, API, C, G, groupWith, postTopic, T, topicBody, type Actor } from './fixtures.test-util';

const UPLOAD = `${API}/members/me/upload-file-by-tiny`;
const IMAGE = pngImage(640, 200);

describe.each(DIALECTS)('comment attachments and inline images (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let editor: Actor;
  let member: Actor;
  let reader: Actor;
  let outsider: Actor;
  let g: number;
  let other: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    editor = await actor(t, { companyId: company });
    member = await actor(t, { companyId: company });
    reader = await actor(t, { companyId: company });
    outsider = await actor(t, { companyId: company });
    g = await groupWith(t, company, [
      [editor.id, { role_edit_topic: 1 }],
      [member.id, {}],
      [reader.id, {}],
    ]);
    other = await groupWith(t, company, [[outsider.id, { role_edit_topic: 1 }]]);
  });
  afterAll(() => t.close());

  const comment = (
    token: string | undefined,
    group: number,
    data: Record<string, unknown> | string,
    files: { name: string; data: Buffer }[] = [],
  ) => t.inject({ method: 'POST', url: `${T(group)}/add-new-comment`, token, ...topicForm(data, files) });
  const list = async (topicId: number, token = reader.token) =>
    (await t.inject({ method: 'GET', url: `${T(g)}/get-all-comment-by-topic-id/${topicId}`, token })).json().items.data;
  const used = async () =>
    Number(
      (await t.ctx.db.selectFrom('groups').select('storage_used_bytes').where('id', '=', g).executeTakeFirstOrThrow()).storage_used_bytes,
    );
  const companyUsed = async () =>
    Number(
      (await t.ctx.db.selectFrom('companies').select('storage_used_bytes').where('id', '=', company).executeTakeFirstOrThrow())
        .storage_used_bytes,
    );
  const onDisk = async () => (await storedFiles(t)).filter((f) => !f.startsWith('.staging'));
  const staged = async () => (await storedFiles(t)).filter((f) => f.startsWith('.staging'));

  it('a member comments with an image and a PDF; another member lists, downloads and zips them', async () => {
    const topicId = await postTopic(t, editor.token, g);
    const before = await used();
    const res = await comment(member.token, g, { topic_id: topicId, content: '<p>資料です</p>' }, [
      { name: '写真.png', data: IMAGE },
      { name: '見積.pdf', data: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const posted = res.json().items;
    expect(posted.attach_file.map((f: { name: string; kind: string }) => [f.name, f.kind])).toEqual([
      ['写真.png', 'image'],
      ['見積.pdf', 'pdf'],
    ]);
    expect(await used()).toBe(before + IMAGE.length + PDF.length);
    // The image got a thumbnail like any uploaded image; the files name their comment.
    const rows = await t.ctx.db.selectFrom('files').selectAll().where('comment_id', '=', posted.id).orderBy('id').execute();
    expect(rows.map((r) => [r.topic_id, r.is_attachment, r.thumb_key !== null])).toEqual([
      [topicId, 1, true],
      [topicId, 1, false],
    ]);
    // Not the topic's own attachments.
    const detail = (await t.inject({ method: 'GET', url: `${T(g)}/get-topic-detail/${topicId}`, token: reader.token })).json().items;
    expect(detail.total_attach_file).toBe(0);

    const shown = (await list(topicId)).find((c: { id: number }) => c.id === posted.id);
    expect(shown.attach_file).toHaveLength(2);
    const [img, doc] = shown.attach_file as { id: number }[];
    const one = await t.inject({ method: 'GET', url: `${T(g)}/${topicId}/attachments/${doc!.id}`, token: reader.token });
    expect(one.statusCode).toBe(200);
    expect(one.rawPayload.equals(PDF)).toBe(true);
    const zip = await t.inject({
      method: 'POST',
      url: `${G(g)}/download-files`,
      token: reader.token,
      payload: { file_ids: [img!.id, doc!.id], is_comment_file: true },
    });
    expect(zip.statusCode).toBe(200);
    expect(zipEntries(zip.rawPayload).map((e) => e.name)).toEqual(['写真.png', '見積.pdf']);

    // Another group's member: not their topic's files; a topic file is not a comment file.
    expect(
      (await t.inject({ method: 'GET', url: `${T(other)}/${topicId}/attachments/${doc!.id}`, token: outsider.token })).statusCode,
    ).toBe(404);
    expect((await t.inject({ method: 'GET', url: `${T(g)}/${topicId}/attachments/${doc!.id}`, token: outsider.token })).statusCode).toBe(
      404,
    );
    const withTopicFile = await t.inject({
      method: 'POST',
      url: `${T(g)}/new-topic`,
      token: editor.token,
      ...topicForm(topicBody(), [{ name: 't.pdf', data: pdf('t') }]),
    });
    const topicFile = withTopicFile.json().items.attach_file[0].id;
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `${G(g)}/download-files`,
          token: reader.token,
          payload: { file_ids: [doc!.id, topicFile], is_comment_file: true },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('401 anonymous, 404 other group and another group’s topic, 403 comments off, 400 bad input, nothing stored on refusal', async () => {
    const topicId = await postTopic(t, editor.token, g);
    const otherTopic = await postTopic(t, outsider.token, other);
    const file = [{ name: 'a.pdf', data: pdf('a') }];
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('files')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n = await count();
    expect((await comment(undefined, g, { topic_id: topicId, content: 'x' }, file)).statusCode).toBe(401);
    expect((await comment(outsider.token, g, { topic_id: topicId, content: 'x' }, file)).statusCode).toBe(404);
    const foreign = await comment(member.token, g, { topic_id: otherTopic, content: 'x' }, file);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().status_code).toBe('TOPIC_NOT_FOUND');
    expect((await comment(member.token, g, '{not json', file)).statusCode).toBe(400);
    expect((await comment(member.token, g, { topic_id: topicId, content: '' })).statusCode).toBe(400);
    const many = Array.from({ length: LIMITS.maxFilesPerUpload + 1 }, (_, i) => ({ name: `${i}.pdf`, data: pdf(i) }));
    const tooMany = await comment(member.token, g, { topic_id: topicId, content: 'x' }, many);
    expect(tooMany.statusCode).toBe(400);
    // Comments switched off on the topic: refused with the files.
    const closed = await postTopic(t, editor.token, g, { comment_options: [] });
    expect((await comment(member.token, g, { topic_id: closed, content: 'x' }, file)).statusCode).toBe(403);
    // The group's size bound applies to each file.
    await t.ctx.db.updateTable('groups').set({ max_img_size_per_attachment: 1 }).where('id', '=', g).execute();
    const big = await comment(member.token, g, { topic_id: topicId, content: 'x' }, [
      { name: 'big.pdf', data: Buffer.concat([pdf('b'), Buffer.alloc(1024 * 1024 + 1)]) },
    ]);
    expect(big.statusCode).toBe(400);
    await t.ctx.db.updateTable('groups').set({ max_img_size_per_attachment: 25 }).where('id', '=', g).execute();
    expect(await count()).toBe(n);
    expect(await staged()).toEqual([]);
    // Files alone make a comment.
    expect((await comment(member.token, g, { topic_id: topicId, content: '' }, file)).statusCode).toBe(200);
  });

  it('deleting the comment, or its topic, frees the files, their usage and their bytes', async () => {
    const topicId = await postTopic(t, editor.token, g);
    const start = await used();
    const first = (await comment(member.token, g, { topic_id: topicId, content: '一つ目' }, [{ name: 'a.pdf', data: pdf('del-a') }])).json()
      .items;
    const second = (await comment(member.token, g, { topic_id: topicId, content: '二つ目' }, [{ name: 'b.png', data: IMAGE }])).json()
      .items;
    const keysOf = async (commentId: number) =>
      (await t.ctx.db.selectFrom('files').select(['storage_key', 'thumb_key']).where('comment_id', '=', commentId).execute()).flatMap((r) =>
        [r.storage_key, r.thumb_key].filter(Boolean),
      );
    const firstKeys = await keysOf(first.id);
    const secondKeys = await keysOf(second.id);
    expect(secondKeys).toHaveLength(2);

    // Only the author deletes.
    expect((await t.inject({ method: 'POST', url: `${T(g)}/delete-comment-topic/${first.id}`, token: reader.token })).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: `${T(g)}/delete-comment-topic/${first.id}`, token: member.token })).statusCode).toBe(200);
    expect(await keysOf(first.id)).toEqual([]);
    expect(await onDisk()).not.toContain(firstKeys[0]);
    expect(await used()).toBe(start + IMAGE.length);
    expect((await list(topicId)).find((c: { id: number }) => c.id === first.id).attach_file).toEqual([]);

    await t.inject({ method: 'POST', url: `${T(g)}/delete-topic/${topicId}`, token: editor.token });
    expect((await t.inject({ method: 'POST', url: `${T(g)}/delete-topic/${topicId}`, token: editor.token })).statusCode).toBe(200);
    expect(await keysOf(second.id)).toEqual([]);
    const disk = await onDisk();
    for (const k of secondKeys) expect(disk).not.toContain(k);
    expect(await used()).toBe(start);
  });

  it('inline images: a member uploads for a comment, readers load it, a stranger’s id fails, deletion frees it', async () => {
    const topicId = await postTopic(t, editor.token, g);
    const up = (token: string, query: string) =>
      t.inject({ method: 'POST', url: `${UPLOAD}?${query}`, token, ...multipart([{ field: 'file', name: 'a.png', data: IMAGE }]) });
    // Without comment=1 a member has no topic right; with it membership suffices, in their group only.
    expect((await up(member.token, `group_id=${g}`)).statusCode).toBe(403);
    expect((await up(outsider.token, `group_id=${g}&comment=1`)).statusCode).toBe(404);
    expect((await up(member.token, `group_id=${g}&comment=2`)).statusCode).toBe(400);
    const res = await up(member.token, `group_id=${g}&comment=1`);
    expect(res.statusCode, res.body).toBe(200);
    const imageId = res.json().items.id as number;
    const show = (token: string) => t.inject({ method: 'GET', url: `${API}/members/me/inline-images/${imageId}`, token });
    expect((await show(reader.token)).statusCode).toBe(404);

    const strangerImage = (await up(outsider.token, `group_id=${other}&comment=1`)).json().items.id as number;
    const companyBefore = await companyUsed();
    const refused = await comment(member.token, g, { topic_id: topicId, content: `<p><img src="${inlineImageUrl(strangerImage)}"></p>` });
    expect(refused.statusCode).toBe(404);

    const posted = await comment(member.token, g, {
      topic_id: topicId,
      content: `<p>図</p><p><img src="${inlineImageUrl(imageId)}" alt="図"></p>`,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().items.content).toContain(inlineImageUrl(imageId));
    expect((await show(reader.token)).statusCode).toBe(200);
    expect((await show(outsider.token)).statusCode).toBe(404);

    expect(
      (await t.inject({ method: 'POST', url: `${T(g)}/delete-comment-topic/${posted.json().items.id}`, token: member.token })).statusCode,
    ).toBe(200);
    expect((await show(member.token)).statusCode).toBe(404);
    expect(await companyUsed()).toBe(companyBefore - IMAGE.length);
  });

  it('common topics: files on a comment are read and zipped by the destination groups’ members only', async () => {
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', editor.id).execute();
    const created = await t.inject({
      method: 'POST',
      url: `${C}/create`,
      token: editor.token,
      payload: topicBody({ selected_group: [g] }),
    });
    const topicId = created.json().items.id as number;
    const post = (token: string | undefined) =>
      t.inject({
        method: 'POST',
        url: `${C}/post-comment`,
        token,
        ...topicForm({ topic_id: topicId, content: '全社向け' }, [{ name: 'c.pdf', data: pdf('common') }]),
      });
    expect((await post(undefined)).statusCode).toBe(401);
    expect((await post(outsider.token)).statusCode).toBe(404);
    const res = await post(member.token);
    expect(res.statusCode, res.body).toBe(200);
    const fileId = res.json().items.attach_file[0].id as number;
    const get = (token: string) => t.inject({ method: 'GET', url: `${C}/${topicId}/attachments/${fileId}`, token });
    expect((await get(reader.token)).statusCode).toBe(200);
    expect((await get(outsider.token)).statusCode).toBe(404);
    const zip = (token: string, isComment: boolean) =>
      t.inject({ method: 'POST', url: `${C}/download-files`, token, payload: { file_ids: [fileId], is_comment_file: isComment } });
    expect((await zip(reader.token, true)).statusCode).toBe(200);
    expect((await zip(reader.token, false)).statusCode).toBe(404);
    expect((await zip(outsider.token, true)).statusCode).toBe(404);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `${C}/download-files`,
          token: reader.token,
          payload: { file_ids: [], is_comment_file: true },
        })
      ).statusCode,
    ).toBe(400);
  });
});
