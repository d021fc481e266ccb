import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES_EVENT_KIND } from '@portal/api-client';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, G, groupWith, M, PDF, upload, type Actor } from './fixtures.test-util';

describe.each(DIALECTS)('shared folders are live (%s)', (dialect) => {
  let t: TestApp;
  let editor: Actor;
  let reader: Actor;
  let outsider: Actor;
  let g: number;
  const published: { to: number[]; kind: string; payload: unknown }[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    editor = await actor(t, { companyId: company });
    reader = await actor(t, { companyId: company });
    outsider = await actor(t, { companyId: company });
    g = await groupWith(t, company, [
      [editor.id, { role_edit_shared_folder: 1 }],
      [reader.id, {}],
    ]);
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', editor.id).execute();
    t.ctx.bus.subscribe((to, ev) => published.push({ to, kind: ev.kind, payload: ev.payload }));
  });
  afterAll(() => t.close());

  const files = () => published.filter((p) => p.kind === FILES_EVENT_KIND);

  it('a new, renamed or deleted file tells the group’s members, not others; reading one tells nobody', async () => {
    published.length = 0;
    const [id] = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [{ name: '見積書.pdf', data: PDF }]);
    expect(files()).toHaveLength(1);
    expect(files()[0]!.payload).toEqual({ group_id: g });
    expect(files()[0]!.to.sort()).toEqual([editor.id, reader.id].sort());
    expect(files()[0]!.to).not.toContain(outsider.id);

    const read = await t.inject({ method: 'POST', url: `${G(g)}/mark-read-file/${id}`, token: reader.token });
    expect(read.statusCode).toBe(200);
    expect(files()).toHaveLength(1);

    const info = await t.inject({
      method: 'POST',
      url: `${G(g)}/update-info-file/${id}`,
      token: editor.token,
      payload: { title: '見積（改）', memo: '' },
    });
    expect(info.statusCode, info.body).toBe(200);
    expect(files()).toHaveLength(2);

    // A refused write announces nothing.
    const refused = await t.inject({
      method: 'POST',
      url: `${G(g)}/update-info-file/${id}`,
      token: reader.token,
      payload: { title: 'x', memo: '' },
    });
    expect(refused.statusCode).toBe(403);
    expect(files()).toHaveLength(2);
  });

  it('the common shared folder tells the company’s active users', async () => {
    published.length = 0;
    await upload(t, editor.token, `${M}/common-share-folder-upload-file`, [{ name: '規程.pdf', data: PDF }]);
    expect(files()).toHaveLength(1);
    expect(files()[0]!.payload).toEqual({ group_id: null });
    expect(files()[0]!.to).toEqual(expect.arrayContaining([editor.id, reader.id, outsider.id]));
  });
});
