import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { count, PDF, PNG, pdf, storedFiles, topicForm, zipEntries } from './attachments.test-util';
import { actor, G, groupWith, T, topicBody, type Actor } from './fixtures.test-util';

const GB = 1024 ** 3;

describe.each(DIALECTS)('topic attachments (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let editor: Actor;
  let reader: Actor;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    editor = await actor(t, { companyId: company });
    reader = await actor(t, { companyId: company, lastName: '佐藤', firstName: '花子' });
  });
  afterAll(() => t.close());

  const newGroup = () =>
    groupWith(t, company, [
      [editor.id, { role_edit_topic: 1, role_edit_shared_folder: 1 }],
      [reader.id, {}],
    ]);
  const create = (g: number, form: ReturnType<typeof topicForm>) =>
    t.inject({ method: 'POST', url: `${T(g)}/new-topic`, token: editor.token, ...form });
  const update = (g: number, id: number, form: ReturnType<typeof topicForm>) =>
    t.inject({ method: 'POST', url: `${T(g)}/update-topic/${id}`, token: editor.token, ...form });
  const detail = async (g: number, id: number, token = reader.token) =>
    (await t.inject({ method: 'GET', url: `${T(g)}/get-topic-detail/${id}`, token })).json().items;
  const used = async (g: number) =>
    Number(
      (await t.ctx.db.selectFrom('groups').select('storage_used_bytes').where('id', '=', g).executeTakeFirstOrThrow()).storage_used_bytes,
    );
  const onDisk = async () => (await storedFiles(t)).filter((f) => !f.startsWith('.staging'));
  const staged = async () => (await storedFiles(t)).filter((f) => f.startsWith('.staging'));

  it('posts a topic and its attachments in one multipart request; readers list, download and zip them', async () => {
    const g = await newGroup();
    const res = await create(
      g,
      topicForm(topicBody({ topic_title: '資料の共有' }), [
        { name: '議事録.pdf', data: PDF },
        { name: '図.png', data: PNG },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const topic = res.json().items;
    expect(topic.total_attach_file).toBe(2);
    expect(topic.attach_file.map((a: { name: string; kind: string; size: number }) => [a.name, a.kind, a.size])).toEqual([
      ['議事録.pdf', 'pdf', PDF.length],
      ['図.png', 'image', PNG.length],
    ]);
    expect(await used(g)).toBe(PDF.length + PNG.length);

    // They are the group's attachment folder, marked with their topic.
    const folder = (await t.inject({ method: 'GET', url: `${G(g)}/share-folder-attach-file`, token: reader.token })).json().items.data;
    expect(folder.map((f: { topic_id: number }) => f.topic_id)).toEqual([topic.id, topic.id]);

    const [a, b] = topic.attach_file as { id: number }[];
    const one = await t.inject({ method: 'GET', url: `${T(g)}/${topic.id}/attachments/${a!.id}`, token: reader.token });
    expect(one.statusCode).toBe(200);
    expect(one.rawPayload.equals(PDF)).toBe(true);
    expect(one.headers['x-content-type-options']).toBe('nosniff');
    expect(String(one.headers['content-disposition'])).toMatch(/^attachment;/);
    const zip = await t.inject({
      method: 'POST',
      url: `${G(g)}/download-files`,
      token: reader.token,
      payload: { file_ids: [a!.id, b!.id], is_comment_file: false },
    });
    expect(zip.statusCode).toBe(200);
    expect(zipEntries(zip.rawPayload).map((e) => e.name)).toEqual(['議事録.pdf', '図.png']);
  });

  it('a JSON post has no attachments; multipart with no file is a plain topic', async () => {
    const g = await newGroup();
    const json = await t.inject({ method: 'POST', url: `${T(g)}/new-topic`, token: editor.token, payload: topicBody() });
    expect(json.json().items).toMatchObject({ attach_file: [], total_attach_file: 0 });
    const form = await create(g, topicForm(topicBody({ topic_title: '添付なし' })));
    expect(form.statusCode).toBe(200);
    expect(form.json().items).toMatchObject({ topic_title: '添付なし', total_attach_file: 0 });
  });

  it('update adds and removes attachments; another topic’s attachment id changes nothing', async () => {
    const g = await newGroup();
    const first = (
      await create(
        g,
        topicForm(topicBody(), [
          { name: 'a.pdf', data: pdf('a') },
          { name: 'b.pdf', data: pdf('b') },
        ]),
      )
    ).json().items;
    const other = (await create(g, topicForm(topicBody({ topic_title: '別' }), [{ name: 'x.pdf', data: pdf('x') }]))).json().items;
    const [a, b] = first.attach_file as { id: number }[];
    const keyOfA = (await t.ctx.db.selectFrom('files').select('storage_key').where('id', '=', a!.id).executeTakeFirstOrThrow()).storage_key;

    const res = await update(
      g,
      first.id,
      topicForm(topicBody({ topic_title: '改訂', deleted_attach_file: [a!.id] }), [{ name: 'c.pdf', data: pdf('c') }]),
    );
    expect(res.statusCode).toBe(200);
    const after = res.json().items;
    expect(after.attach_file.map((f: { name: string }) => f.name)).toEqual(['b.pdf', 'c.pdf']);
    expect(after.attach_file[0].id).toBe(b!.id);
    expect(await onDisk()).not.toContain(keyOfA);
    expect(await used(g)).toBe(pdf('b').length + pdf('c').length + pdf('x').length);

    const stolen = await update(
      g,
      first.id,
      topicForm(topicBody({ topic_title: '横取り', deleted_attach_file: [b!.id, other.attach_file[0].id] }), [
        { name: 'd.pdf', data: pdf('d') },
      ]),
    );
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().status_code).toBe('FILE_NOT_FOUND');
    expect(await detail(g, first.id)).toMatchObject({ topic_title: '改訂', total_attach_file: 2 });
    expect((await detail(g, other.id)).total_attach_file).toBe(1);
    expect(await staged()).toEqual([]);
  });

  it('refuses a 31st file on create and on update, with TOO_MANY_FILES and nothing stored', async () => {
    const g = await newGroup();
    const before = await onDisk();
    const files = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `f${i}.pdf`, data: pdf(i) }));
    const many = await create(g, topicForm(topicBody(), files(31)));
    expect(many.statusCode).toBe(400);
    expect(many.json().status_code).toBe('TOO_MANY_FILES');
    expect(await count(t, 'topics', { group_id: g })).toBe(0);
    expect(await onDisk()).toEqual(before);

    const thirty = await create(g, topicForm(topicBody(), files(30)));
    expect(thirty.statusCode).toBe(200);
    const topic = thirty.json().items;
    expect(topic.total_attach_file).toBe(30);
    const more = await update(g, topic.id, topicForm(topicBody({ topic_title: '31件目' }), files(1)));
    expect(more.statusCode).toBe(400);
    expect(more.json().status_code).toBe('TOO_MANY_FILES');
    expect(await detail(g, topic.id)).toMatchObject({ topic_title: topicBody().topic_title, total_attach_file: 30 });
    const swap = await update(g, topic.id, topicForm(topicBody({ deleted_attach_file: [topic.attach_file[0].id] }), files(1)));
    expect(swap.statusCode).toBe(200);
    expect(swap.json().items.total_attach_file).toBe(30);
  });

  it('refuses a file over the group’s attachment size with UPLOAD_OVER_SIZE; no topic, no bytes', async () => {
    const g = await newGroup();
    await t.ctx.db.updateTable('groups').set({ max_img_size_per_attachment: 1 }).where('id', '=', g).execute();
    const before = await onDisk();
    const res = await create(
      g,
      topicForm(topicBody(), [
        { name: 'ok.pdf', data: PDF },
        { name: 'big.pdf', data: Buffer.alloc(1024 * 1024 + 1, 0x41) },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().status_code).toBe('UPLOAD_OVER_SIZE');
    expect(res.json().data).toEqual({ max_mb: 1 });
    expect(await count(t, 'topics', { group_id: g })).toBe(0);
    expect(await onDisk()).toEqual(before);
    expect(await staged()).toEqual([]);
  });

  it('over the group quota the topic is not created either', async () => {
    const g = await newGroup();
    await t.ctx.db
      .updateTable('groups')
      .set({ storage_capacity_gb: 1, storage_used_bytes: GB - 10 })
      .where('id', '=', g)
      .execute();
    const before = await onDisk();
    const res = await create(g, topicForm(topicBody(), [{ name: 'a.pdf', data: PDF }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().status_code).toBe('EXCEED_GROUP_STORAGE_CAPACITY');
    expect(await count(t, 'topics', { group_id: g })).toBe(0);
    expect(await count(t, 'files', { group_id: g })).toBe(0);
    expect(await onDisk()).toEqual(before);
    expect(await used(g)).toBe(GB - 10);
  });

  it('bad forms are 400 with field keys, and stage nothing', async () => {
    const g = await newGroup();
    const notJson = await create(g, topicForm('{"topic_title":', [{ name: 'a.pdf', data: PDF }]));
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().errors).toEqual({ data: ['validation.format'] });
    const noTitle = await create(g, topicForm(topicBody({ topic_title: '' }), [{ name: 'a.pdf', data: PDF }]));
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().errors.topic_title).toContain('validation.required');
    const unknown = await create(g, topicForm({ ...topicBody(), evil: 1 }));
    expect(unknown.json().errors.evil).toEqual(['validation.unknown_field']);
    const stray = await t.inject({ method: 'POST', url: `${T(g)}/new-topic`, token: editor.token, ...topicFormWithField('file') });
    expect(stray.statusCode).toBe(400);
    expect(await count(t, 'topics', { group_id: g })).toBe(0);
    expect(await staged()).toEqual([]);
  });

  it('an upload aborted mid-stream leaves no topic, no row and no bytes', async () => {
    const g = await newGroup();
    const before = await onDisk();
    const port = 19500 + Math.floor(Math.random() * 90) + (dialect === 'postgres' ? 0 : 5);
    await t.app.listen({ port, host: '127.0.0.1' });
    try {
      const { headers, payload } = topicForm(topicBody({ topic_title: '途中で切断' }), [
        { name: 'big.pdf', data: Buffer.alloc(4 * 1024 * 1024, 0x41) },
      ]);
      let stagedMeanwhile = false;
      await new Promise<void>((resolve) => {
        const req = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `${T(g)}/new-topic`,
          headers: { ...headers, 'content-length': String(payload.length), authorization: `Bearer ${editor.token}` },
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        req.write(payload.subarray(0, payload.length / 2), () =>
          setTimeout(async () => {
            stagedMeanwhile = (await staged()).length > 0;
            req.destroy();
          }, 200),
        );
      });
      for (let i = 0; i < 50 && (await staged()).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(stagedMeanwhile).toBe(true);
      expect(await staged()).toEqual([]);
      expect(await onDisk()).toEqual(before);
      expect(await count(t, 'topics', { group_id: g })).toBe(0);
      expect(await count(t, 'files', { group_id: g })).toBe(0);
      expect(await used(g)).toBe(0);
    } finally {
      await t.app.server.close();
    }
  });

  it("a scheduled topic's attachments are not counted in a reader's badge until delivery", async () => {
    const { unreadByGroup } = await import('../files');
    const g = await newGroup();
    const at = t.clock() + 3_600_000;
    const res = await create(g, topicForm(topicBody({ topic_title: '予約', delivery_date: at }), [{ name: 'x.pdf', data: pdf('x') }]));
    expect(res.statusCode).toBe(200);
    expect((await unreadByGroup(t.ctx, reader.id, [g])).get(g)).toBeUndefined();
    t.clock.set(at);
    expect((await unreadByGroup(t.ctx, reader.id, [g])).get(g)).toBe(1);
    // The hour moved past the access tokens' life: the later tests need fresh ones.
    editor = { ...editor, token: await t.login(editor) };
    reader = { ...reader, token: await t.login(reader) };
  });

  it('attachments cannot be moved out of the attachment folder', async () => {
    const g = await newGroup();
    const topic = (await create(g, topicForm(topicBody(), [{ name: 'a.pdf', data: PDF }]))).json().items;
    const id = topic.attach_file[0].id;
    const folder = (
      await t.inject({ method: 'POST', url: `${G(g)}/share-folder/folders/create`, token: editor.token, payload: { folder_name: '整理' } })
    ).json().items.id;
    for (const [path, payload] of [
      ['move-file-to-other-folder', { file_ids: [id], folder_id: folder }],
      ['move-file-to-unclassified', { file_ids: [id] }],
      ['delete-file', { file_ids: [id] }],
    ] as const) {
      const res = await t.inject({ method: 'POST', url: `${G(g)}/${path}`, token: editor.token, payload });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().status_code).toBe('ATTACH_FOLDER_FILE_NOT_MOVABLE');
    }
    expect((await detail(g, topic.id)).total_attach_file).toBe(1);
  });

  // Last: it moves the shared clock a month on, past every session of this file.
  it('deleting topics for good takes their attachments, bytes and quota with them (bin delete, empty bin, auto-delete)', async () => {
    const g = await newGroup();
    const post = async (n: number) =>
      (await create(g, topicForm(topicBody({ topic_title: `削除${n}` }), [{ name: `${n}.pdf`, data: pdf(n) }]))).json().items.id as number;
    const [a, b, c] = [await post(1), await post(2), await post(3)];
    const keep = await post(4);
    const before = (await onDisk()).length;
    const toBin = await t.inject({
      method: 'POST',
      url: `${T(g)}/move-topics-to-bin`,
      token: editor.token,
      payload: { topic_ids: [a, b, c] },
    });
    expect(toBin.statusCode).toBe(200);

    await t.inject({ method: 'POST', url: `${T(g)}/delete-topics-in-bin`, token: editor.token, payload: { topic_ids: [a] } });
    expect(await count(t, 'files', { group_id: g })).toBe(3);
    expect((await onDisk()).length).toBe(before - 1);

    const admin = await actor(t, { companyId: company });
    await t.addMember(g, admin.id, { role_admin: 1 });
    await t.inject({ method: 'POST', url: `${T(g)}/empty-topics-bin`, token: admin.token, payload: { group_id: g } });
    expect(await count(t, 'files', { group_id: g })).toBe(1);
    expect((await onDisk()).length).toBe(before - 3);
    expect(await used(g)).toBe(pdf(4).length);

    // The bin's auto-delete job goes the same way.
    await t.inject({ method: 'POST', url: `${T(g)}/move-topics-to-bin`, token: editor.token, payload: { topic_ids: [keep] } });
    t.clock.advance(31 * 86_400_000);
    const { cleanBins } = await import('./delivery');
    expect(await cleanBins(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await count(t, 'files', { group_id: g })).toBe(0);
    expect(await used(g)).toBe(0);
    expect((await onDisk()).length).toBe(before - 4);
  });
});

/** A topic form whose file part has the wrong field name. */
function topicFormWithField(field: string) {
  const form = topicForm(topicBody(), [{ name: 'a.pdf', data: PDF }]);
  return { ...form, payload: Buffer.from(form.payload.toString('latin1').replace('name="attach_file"', `name="${field}"`), 'latin1') };
}
