import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { API } from '../groups/testing';
import { unreadCounts } from '../groups';
import { FILE_BIN_CLEANUP_JOB } from './jobs';
import { actor, G, groupWith, M, multipart, PDF, storedFiles, upload, zipEntries, type Actor } from './fixtures.test-util';
import { runDueJobs } from '../../kernel';

const DAY = 86_400_000;

describe.each(DIALECTS)('common files, bin auto-delete and badges (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let writer: Actor;
  let reader: Actor;
  let stranger: Actor;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    writer = await actor(t, { companyId: company });
    reader = await actor(t, { companyId: company });
    stranger = await actor(t); // another company
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', writer.id).execute();
  });
  afterAll(() => t.close());

  it('company users read, common_topic_role writes, other companies see nothing', async () => {
    const [id] = await upload(t, writer.token, `${M}/common-share-folder-upload-file`, [{ name: '就業規則.pdf', data: PDF }], {
      memo: '全社',
    });
    const denied = await t.inject({
      method: 'POST',
      url: `${M}/common-share-folder-upload-file`,
      token: reader.token,
      ...multipart([{ name: 'a.pdf', data: PDF }]),
    });
    expect(denied.statusCode).toBe(403);
    const list = (await t.inject({ method: 'GET', url: `${M}/common-share-folder`, token: reader.token })).json().items;
    expect(list.data.map((r: { id: number; group_id: number | null }) => [r.id, r.group_id])).toEqual([[id, null]]);
    expect((await t.inject({ method: 'GET', url: `${M}/common-share-folder`, token: stranger.token })).json().items.data).toEqual([]);
    for (const url of [
      `${M}/common-share-folder-file/${id}`,
      `${M}/common-share-folder-file/${id}/download`,
      `${M}/common-share-folder-history-file/${id}`,
    ]) {
      expect((await t.inject({ method: 'GET', url, token: stranger.token })).statusCode, url).toBe(404);
    }
    const zip = await t.inject({
      method: 'POST',
      url: `${M}/common-share-folder/download-files`,
      token: reader.token,
      payload: { file_ids: [id] },
    });
    expect(zipEntries(zip.rawPayload).map((e) => e.name)).toEqual(['就業規則.pdf']);
    // The spec's path (members/me/download-files) and the earlier one serve the same zip and rule.
    const specZip = await t.inject({
      method: 'POST',
      url: `${M}/download-files`,
      token: reader.token,
      payload: { file_ids: [id], is_comment_file: false },
    });
    expect(zipEntries(specZip.rawPayload).map((e) => e.name)).toEqual(['就業規則.pdf']);
    expect((await t.inject({ method: 'POST', url: `${M}/download-files`, payload: { file_ids: [id] } })).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'POST', url: `${M}/download-files`, token: stranger.token, payload: { file_ids: [id] } })).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'POST', url: `${M}/download-files`, token: reader.token, payload: { file_ids: [] } })).statusCode,
    ).toBe(400);
    // Overwrite, restore and delete on the same engine.
    const ow = await t.inject({
      method: 'POST',
      url: `${M}/overwrite-common-file/${id}`,
      token: writer.token,
      ...multipart([{ name: '就業規則2.pdf', data: PDF }]),
    });
    expect(ow.json().items.version).toBe(2);
    const hist = (await t.inject({ method: 'GET', url: `${M}/common-share-folder-history-file/${id}`, token: reader.token })).json().items
      .data;
    expect(
      (await t.inject({ method: 'POST', url: `${M}/revert-common-file/${id}/from-history/${hist[1].id}`, token: reader.token })).statusCode,
    ).toBe(403);
    expect(
      (await t.inject({ method: 'POST', url: `${M}/revert-common-file/${id}/from-history/${hist[1].id}`, token: writer.token })).json()
        .items.name,
    ).toBe('就業規則.pdf');
    // A group file id is not a common file.
    const g = await groupWith(t, company, [[writer.id, { role_admin: 1 }]]);
    const [groupFile] = await upload(t, writer.token, `${G(g)}/share-folder-upload-file`, [{ name: 'g.pdf', data: PDF }]);
    expect(
      (await t.inject({ method: 'GET', url: `${M}/common-share-folder-file/${groupFile}/download`, token: writer.token })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `${M}/common-share-folder/download-files`,
          token: writer.token,
          payload: { file_ids: [id, groupFile] },
        })
      ).statusCode,
    ).toBe(404);
    const usage = (await t.inject({ method: 'GET', url: `${M}/common-share-folder-storage`, token: reader.token })).json().items;
    expect(usage.group).toBeNull();
    expect(usage.company.used_bytes).toBe(PDF.length * 3);
    const del = await t.inject({ method: 'POST', url: `${M}/delete-common-file`, token: writer.token, payload: { file_ids: [id] } });
    expect(del.json().items.count).toBe(1);
    expect(
      (await t.inject({ method: 'GET', url: `${M}/common-share-folder-storage`, token: reader.token })).json().items.company.used_bytes,
    ).toBe(PDF.length);
  });

  it('a company administrator without the common-topic right is not offered edits it would be refused', async () => {
    const [id] = await upload(t, writer.token, `${M}/common-share-folder-upload-file`, [{ name: '規程.pdf', data: PDF }]);
    const boss = await actor(t, { companyId: company, isCompanyAdmin: true });
    const detail = (token: string) => t.inject({ method: 'GET', url: `${M}/common-share-folder-file/${id}`, token });
    expect((await detail(boss.token)).json().items.can_edit).toBe(false);
    expect((await detail(writer.token)).json().items.can_edit).toBe(true);
    const refused = await t.inject({
      method: 'POST',
      url: `${M}/update-info-common-file/${id}`,
      token: boss.token,
      payload: { title: '変更', memo: '' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('empties bins after the group auto_delete_day, bytes and usage included', async () => {
    const g = await groupWith(t, company, [[writer.id, { role_admin: 1 }]]);
    await t.ctx.db.updateTable('groups').set({ auto_delete_day: 2 }).where('id', '=', g).execute();
    const [old, recent, kept] = await upload(t, writer.token, `${G(g)}/share-folder-upload-file`, [
      { name: 'a.pdf', data: PDF },
      { name: 'b.pdf', data: PDF },
      { name: 'c.pdf', data: PDF },
    ]);
    const key = (await t.ctx.db.selectFrom('files').select('storage_key').where('id', '=', old!).executeTakeFirstOrThrow()).storage_key;
    await t.inject({ method: 'POST', url: `${G(g)}/delete-file`, token: writer.token, payload: { file_ids: [old] } });
    t.clock.advance(DAY);
    await t.inject({ method: 'POST', url: `${G(g)}/delete-file`, token: writer.token, payload: { file_ids: [recent] } });
    t.clock.advance(DAY + 1000);
    // Through the job runner: the periodic job was queued when the app started.
    expect(
      await t.ctx.db
        .selectFrom('jobs')
        .select('kind')
        .where('kind', '=', FILE_BIN_CLEANUP_JOB)
        .where('done_at', 'is', null)
        .executeTakeFirst(),
    ).toBeDefined();
    await runDueJobs(t.ctx, 'test-worker');
    const job = await t.ctx.db
      .selectFrom('jobs')
      .select(['run_at', 'last_error'])
      .where('kind', '=', FILE_BIN_CLEANUP_JOB)
      .executeTakeFirstOrThrow();
    expect(job.last_error).toBeNull();
    expect(Number(job.run_at)).toBeGreaterThan(t.clock());
    const left = (await t.ctx.db.selectFrom('files').select('id').where('group_id', '=', g).orderBy('id').execute()).map((r) => r.id);
    expect(left).toEqual([recent, kept]);
    expect(await storedFiles(t)).not.toContain(key);
    expect(
      Number(
        (await t.ctx.db.selectFrom('groups').select('storage_used_bytes').where('id', '=', g).executeTakeFirstOrThrow()).storage_used_bytes,
      ),
    ).toBe(PDF.length * 2);
  });

  it('counts unread group files in the group list badge', async () => {
    // Fresh logins: the previous test moved the clock past the access tokens' lifetime.
    const up = await actor(t, { companyId: company });
    const down = await actor(t, { companyId: company });
    const g = await groupWith(t, company, [
      [up.id, { role_admin: 1 }],
      [down.id, {}],
    ]);
    const [a] = await upload(t, up.token, `${G(g)}/share-folder-upload-file`, [
      { name: 'a.pdf', data: PDF },
      { name: 'b.pdf', data: PDF },
    ]);
    expect((await unreadCounts(t.ctx, down.id, [g])).get(g)).toBe(2);
    expect((await unreadCounts(t.ctx, up.id, [g])).get(g)).toBe(0);
    await t.inject({ method: 'POST', url: `${G(g)}/mark-read-file/${a}`, token: down.token });
    expect((await unreadCounts(t.ctx, down.id, [g])).get(g)).toBe(1);
    const list = await t.inject({ method: 'GET', url: `${API}/members/me/groups`, token: down.token });
    expect(list.statusCode).toBe(200);
  });
});
