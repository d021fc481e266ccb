import { inlineImageUrl } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifImage, jpegImage, pngImage } from '../../storage/images.test-util';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { count, HTML, multipart, storedFiles, SVG, webpImage } from './attachments.test-util';
import { actor, API, C, groupWith, T, topicBody, type Actor } from './fixtures.test-util';
import { UNUSED_IMAGE_TTL_MS } from './inline-images';
import { runDueJobs } from '../../kernel';

const UPLOAD = `${API}/members/me/upload-file-by-tiny`;
const img = (id: number) => `<img src="${inlineImageUrl(id)}" alt="図">`;

describe.each(DIALECTS)('inline images (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let editor: Actor;
  let editor2: Actor;
  let member: Actor;
  let outsider: Actor;
  let poster: Actor;
  let inB: Actor;
  let stranger: Actor;
  let gA: number;
  let gB: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    const six = await Promise.all(Array.from({ length: 6 }, () => actor(t, { companyId: company })));
    [editor, editor2, member, outsider, poster, inB] = six as [Actor, Actor, Actor, Actor, Actor, Actor];
    stranger = await actor(t);
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', 'in', [poster.id, stranger.id]).execute();
    gA = await groupWith(t, company, [
      [editor.id, { role_edit_topic: 1 }],
      [editor2.id, { role_edit_topic: 1 }],
      [member.id, {}],
    ]);
    gB = await groupWith(t, company, [
      [outsider.id, { role_admin: 1 }],
      [inB.id, {}],
    ]);
  });
  afterAll(() => t.close());

  const upload = (token: string | undefined, data: Buffer, opts: { group?: number; field?: string; name?: string } = {}) =>
    t.inject({
      method: 'POST',
      url: `${UPLOAD}${opts.group ? `?group_id=${opts.group}` : ''}`,
      token,
      ...multipart([{ field: opts.field ?? 'file', name: opts.name ?? 'a.png', data }]),
    });
  /** group null: an image for a common topic. */
  const uploaded = async (token: string, data: Buffer = pngImage(20, 10), group: number | null = gA) => {
    const res = await upload(token, data, group === null ? {} : { group });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items.id as number;
  };
  const show = (id: number, token?: string) => t.inject({ method: 'GET', url: `${API}/members/me/inline-images/${id}`, token });
  const post = (token: string, g: number, content: string, over: Record<string, unknown> = {}) =>
    t.inject({ method: 'POST', url: `${T(g)}/new-topic`, token, payload: topicBody({ content, ...over }) });
  const companyUsed = async () =>
    Number(
      (await t.ctx.db.selectFrom('companies').select('storage_used_bytes').where('id', '=', company).executeTakeFirstOrThrow())
        .storage_used_bytes,
    );
  const staged = async () => (await storedFiles(t)).filter((f) => f.startsWith('.staging'));

  it('upload: 401, 403 without a topic right, 404 for another group, 400 for what is not a raster image', async () => {
    const png = pngImage(20, 10);
    expect((await upload(undefined, png, { group: gA })).statusCode).toBe(401);
    expect((await upload(member.token, png, { group: gA })).statusCode).toBe(403);
    expect((await upload(member.token, png)).statusCode).toBe(403);
    const other = await upload(outsider.token, png, { group: gA });
    expect(other.statusCode).toBe(404);
    expect(other.json().status_code).toBe('GROUP_NOT_FOUND');
    expect((await upload(stranger.token, png, { group: gA })).statusCode).toBe(404);
    for (const [data, name, code] of [
      [HTML, 'page.png', 3],
      [SVG, 'logo.svg', 3],
      [Buffer.from('GIF8 not really'), 'a.gif', 3],
      [Buffer.alloc(0), 'empty.png', 1],
    ] as const) {
      const res = await upload(editor.token, data, { group: gA, name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().data.image_error, name).toBe(code);
    }
    expect((await upload(editor.token, png, { group: gA, field: 'image' })).json().data.image_error).toBe(1);
    expect(
      (await t.inject({ method: 'POST', url: `${UPLOAD}?group_id=${gA}`, token: editor.token, payload: { file: 'x' } })).statusCode,
    ).toBe(400);
    expect(
      (await t.inject({ method: 'POST', url: `${UPLOAD}?group_id=abc`, token: editor.token, ...multipart([{ name: 'a.png', data: png }]) }))
        .statusCode,
    ).toBe(400);
    expect(await count(t, 'inline_images', { company_id: company })).toBe(0);
    expect(await staged()).toEqual([]);
  });

  it('upload: over the size bound is UPLOAD_OVER_SIZE; PNG, JPEG, GIF and WebP are stored and counted', async () => {
    await t.ctx.db.updateTable('groups').set({ max_img_size_per_attachment: 1 }).where('id', '=', gA).execute();
    const big = await upload(editor.token, pngImage(20, 10, 1024 * 1024 + 1), { group: gA });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ status_code: 'UPLOAD_OVER_SIZE', data: { max_mb: 1, image_error: 2 } });
    await t.ctx.db.updateTable('groups').set({ max_img_size_per_attachment: 25 }).where('id', '=', gA).execute();
    expect(await staged()).toEqual([]);

    const before = await companyUsed();
    let bytes = 0;
    for (const [data, mime] of [
      [pngImage(20, 10), 'image/png'],
      [jpegImage(20, 10), 'image/jpeg'],
      [gifImage(20, 10), 'image/gif'],
      [webpImage(), 'image/webp'],
    ] as const) {
      const res = await upload(editor.token, data, { group: gA, name: 'photo.txt' });
      expect(res.statusCode).toBe(200);
      const item = res.json().items;
      expect(item).toEqual({ id: item.id, url: inlineImageUrl(item.id), mime, size: data.length });
      const served = await show(item.id, editor.token);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.rawPayload.equals(data)).toBe(true);
      bytes += data.length;
    }
    // Common topics: the common-topic right, no group.
    expect((await upload(poster.token, pngImage(20, 10))).statusCode).toBe(200);
    expect(await companyUsed()).toBe(before + bytes + pngImage(20, 10).length);
  });

  it('an image is its uploader’s until a topic shows it, then every reader’s of that topic', async () => {
    const png = pngImage(30, 10);
    const id = await uploaded(editor.token, png);
    const own = await show(id, editor.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(String(own.headers['content-disposition'])).toMatch(/^inline;/);
    expect(String(own.headers['cache-control'])).toMatch(/^private/);
    expect((await show(id, member.token)).statusCode).toBe(404);
    expect((await show(id)).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/inline-images/x`, token: editor.token })).statusCode).toBe(400);
    expect((await show(id + 100_000, editor.token)).statusCode).toBe(404);

    const res = await post(editor.token, gA, `<p>図です</p>${img(id)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.content).toBe(`<p>図です</p>${img(id)}`);
    expect((await show(id, member.token)).rawPayload.equals(png)).toBe(true);
    for (const who of [outsider, inB, stranger]) expect((await show(id, who.token)).statusCode).toBe(404);
  });

  it('a topic may show only images its writer can see: another group’s image fails the save', async () => {
    const theirs = await uploaded(outsider.token, pngImage(20, 10), gB);
    expect((await post(outsider.token, gB, img(theirs))).statusCode).toBe(200);
    const before = await count(t, 'topics', { group_id: gA });
    const stolen = await post(editor.token, gA, `<p>x</p>${img(theirs)}`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().status_code).toBe('FILE_NOT_FOUND');
    expect(await count(t, 'topics', { group_id: gA })).toBe(before);
    const mine = (await post(editor.token, gA, '<p>元</p>')).json().items.id;
    const upd = await t.inject({
      method: 'POST',
      url: `${T(gA)}/update-topic/${mine}`,
      token: editor.token,
      payload: topicBody({ content: img(theirs) }),
    });
    expect(upd.statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `${T(gA)}/get-topic-detail/${mine}`, token: member.token })).json().items.content).toBe(
      '<p>元</p>',
    );
    expect((await show(theirs, member.token)).statusCode).toBe(404);
    const common = await t.inject({
      method: 'POST',
      url: `${C}/create`,
      token: stranger.token,
      payload: topicBody({ content: img(theirs), selected_group: [] }),
    });
    expect(common.statusCode).toBe(400);

    // A copy from a topic the writer reads is fine: its readers are the writer's own group.
    const colleague = await uploaded(editor2.token);
    expect((await post(editor2.token, gA, img(colleague))).statusCode).toBe(200);
    expect((await post(editor.token, gA, `<p>転載</p>${img(colleague)}`)).statusCode).toBe(200);
  });

  it('stored content keeps no other image: onerror, javascript:, data:, external and SVG sources are gone', async () => {
    const id = await uploaded(editor.token);
    const content =
      `<p>a<img src=x onerror="alert(1)">b</p><img src="javascript:alert(1)"><img src="data:image/png;base64,iVBORw0KGgo=">` +
      `<img src="https://evil.example/track.png"><svg><image href="${inlineImageUrl(id)}" onload="alert(1)"/></svg>` +
      `<img src="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"><img src="${inlineImageUrl(id)}" onerror="alert(1)" style="x:expression(alert(1))">`;
    const res = await post(editor.token, gA, content);
    expect(res.statusCode).toBe(200);
    const stored = (await t.inject({ method: 'GET', url: `${T(gA)}/get-topic-detail/${res.json().items.id}`, token: member.token })).json()
      .items.content;
    expect(stored).toBe(`<p>ab</p><img src="${inlineImageUrl(id)}">`);
  });

  it('common topics show their images to destination members; scheduled ones only after delivery', async () => {
    const id = await uploaded(poster.token, pngImage(20, 10), null);
    const res = await t.inject({
      method: 'POST',
      url: `${C}/create`,
      token: poster.token,
      payload: topicBody({ content: img(id), selected_group: [gA] }),
    });
    expect(res.statusCode).toBe(200);
    expect((await show(id, member.token)).statusCode).toBe(200);
    expect((await show(id, inB.token)).statusCode).toBe(404);
    await t.inject({
      method: 'POST',
      url: `${C}/${res.json().items.id}`,
      token: poster.token,
      payload: topicBody({ content: img(id), selected_group: [gB] }),
    });
    expect((await show(id, inB.token)).statusCode).toBe(200);
    expect((await show(id, member.token)).statusCode).toBe(404);

    const later = await uploaded(editor.token);
    expect((await post(editor.token, gA, img(later), { delivery_date: t.clock() + 60 * 60_000 })).statusCode).toBe(200);
    expect((await show(later, member.token)).statusCode).toBe(404);
    expect((await show(later, editor.token)).statusCode).toBe(200);
  });

  // Last: it moves the clock a day on.
  it('images taken out go with deleted_tiny_src; ones no topic shows are swept after a day', async () => {
    const [one, two, mine, fresh] = [
      await uploaded(editor.token),
      await uploaded(editor.token),
      await uploaded(editor.token),
      await uploaded(editor.token),
    ];
    const colleagues = await uploaded(editor2.token);
    const t1 = (await post(editor.token, gA, img(one) + img(two))).json().items.id;
    await post(editor.token, gA, img(two));
    const keyOf = async (id: number) =>
      (await t.ctx.db.selectFrom('inline_images').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()).storage_key;
    const [keyOne, keyMine] = [await keyOf(one), await keyOf(mine)];
    const used = await companyUsed();

    const upd = await t.inject({
      method: 'POST',
      url: `${T(gA)}/update-topic/${t1}`,
      token: editor.token,
      payload: topicBody({
        content: '<p>画像なし</p>',
        deleted_tiny_src: [inlineImageUrl(one), inlineImageUrl(two), inlineImageUrl(colleagues), 'https://evil.example/x.png'],
      }),
    });
    expect(upd.statusCode).toBe(200);
    const left = (await t.ctx.db.selectFrom('inline_images').select('id').where('id', 'in', [one, two, colleagues]).execute())
      .map((r) => r.id)
      .sort();
    // One is gone; two is still shown by the other topic; a colleague's unshown image is not this save's to delete.
    expect(left).toEqual([two, colleagues].sort());
    expect(await storedFiles(t)).not.toContain(keyOne);
    expect(await companyUsed()).toBe(used - pngImage(20, 10).length);
    expect((await show(one, editor.token)).statusCode).toBe(404);

    expect(await runDueJobs(t.ctx, 'test-worker')).toBeGreaterThanOrEqual(0);
    expect((await show(mine, editor.token)).statusCode).toBe(200);
    t.clock.advance(UNUSED_IMAGE_TTL_MS + 60 * 60_000);
    editor.token = await t.login(editor);
    const late = await uploaded(editor.token);
    await runDueJobs(t.ctx, 'test-worker');
    const kept = (await t.ctx.db.selectFrom('inline_images').select('id').where('id', 'in', [two, mine, fresh, colleagues, late]).execute())
      .map((r) => r.id)
      .sort();
    expect(kept).toEqual([two, late].sort());
    expect(await storedFiles(t)).not.toContain(keyMine);
    expect(await staged()).toEqual([]);
  });
});
