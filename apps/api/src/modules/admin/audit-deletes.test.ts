import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { cleanFileBins } from '../files';
import { G, M, PDF, upload } from '../files/testing';
import { cleanBins } from '../topics';
import { actor, C, groupWith, postTopic, T, topicBody, type Actor } from '../topics/testing';

const DAY = 86_400_000;

/** Hard deletes and bin empties of topics and files land in the audit trail, and only when they happen. */
describe.each(DIALECTS)('admin: audit of hard deletes and bin empties (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let owner: Actor;
  let member: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    owner = await actor(t, { companyId: company });
    member = await actor(t, { companyId: company });
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', owner.id).execute();
    g = await groupWith(t, company, [
      [owner.id, { role_admin: 1 }],
      [member.id, {}],
    ]);
    await t.ctx.db.updateTable('groups').set({ auto_delete_day: 30 }).where('id', '=', g).execute();
  });
  afterAll(() => t.close());

  const events = (action: string) =>
    t.ctx.db
      .selectFrom('audit_events')
      .select(['company_id', 'actor_id', 'actor_name', 'target_type', 'target_id', 'target_label', 'detail'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  const post = (token: string, url: string, payload: object) => t.inject({ method: 'POST', url, token, payload });

  it('topics deleted for good from the bin: refused for a plain member, written for the owner', async () => {
    const a = await postTopic(t, owner.token, g, { topic_title: '消す議題' });
    await post(owner.token, `${T(g)}/move-topics-to-bin`, { topic_ids: [a] });
    expect((await post(member.token, `${T(g)}/delete-topics-in-bin`, { topic_ids: [a] })).statusCode).toBe(403);
    expect(await events('topic.deleted')).toEqual([]);
    expect((await post(owner.token, `${T(g)}/delete-topics-in-bin`, { topic_ids: [a] })).statusCode).toBe(200);
    expect(await events('topic.deleted')).toEqual([
      expect.objectContaining({
        company_id: company,
        actor_id: owner.id,
        target_type: 'topic',
        target_id: a,
        target_label: '消す議題',
        detail: `group #${g}`,
      }),
    ]);
    expect((await events('topic.deleted'))[0]!.actor_name).toContain(owner.employee_number);
  });

  it('a topic bin emptied: one entry for the group, not written when refused', async () => {
    const ids = [
      await postTopic(t, owner.token, g, { topic_title: '古い1' }),
      await postTopic(t, owner.token, g, { topic_title: '古い2' }),
    ];
    await post(owner.token, `${T(g)}/move-topics-to-bin`, { topic_ids: ids });
    expect((await t.inject({ method: 'DELETE', url: `${G(g)}/clean-bin`, token: member.token })).statusCode).toBe(403);
    expect(await events('topic.bin_emptied')).toEqual([]);
    const res = await t.inject({ method: 'DELETE', url: `${G(g)}/clean-bin`, token: owner.token });
    expect(res.json().items.count).toBe(2);
    const [e, ...more] = await events('topic.bin_emptied');
    expect(more).toEqual([]);
    expect(e).toMatchObject({ actor_id: owner.id, target_type: 'group', target_id: g });
    expect(e!.detail).toMatch(/^2 topics: 古い[12], 古い[12]$/);
    // The bin empty is one entry, not one per topic.
    expect((await events('topic.deleted')).length).toBe(1);
  });

  it('a common topic deleted: refused for a reader, written for its poster', async () => {
    const id = (await post(owner.token, `${C}/create`, topicBody({ topic_title: '全社連絡', selected_group: [g] }))).json().items.id;
    expect((await t.inject({ method: 'DELETE', url: `${C}/${id}`, token: member.token })).statusCode).toBe(403);
    expect((await events('topic.deleted')).map((e) => e.target_id)).not.toContain(id);
    expect((await t.inject({ method: 'DELETE', url: `${C}/${id}`, token: owner.token })).statusCode).toBe(200);
    expect((await events('topic.deleted')).at(-1)).toMatchObject({
      actor_id: owner.id,
      target_id: id,
      target_label: '全社連絡',
      detail: 'common topic',
    });
  });

  it('the bin auto-delete job deletes topics as "system"', async () => {
    const id = await postTopic(t, owner.token, g, { topic_title: '期限切れ' });
    await post(owner.token, `${T(g)}/move-topics-to-bin`, { topic_ids: [id] });
    await t.ctx.db
      .updateTable('topics')
      .set({ moved_to_bin_at: t.clock() - 31 * DAY })
      .where('id', '=', id)
      .execute();
    expect(await cleanBins(t.ctx)).toBe(1);
    expect((await events('topic.deleted')).at(-1)).toMatchObject({
      actor_id: null,
      actor_name: 'system',
      target_id: id,
      target_label: '期限切れ',
    });
    expect((await events('topic.deleted')).at(-1)!.detail).toContain('auto-delete');
  });

  it('files deleted for good and a file bin emptied, refused for a plain member', async () => {
    const [a, b, c] = await upload(t, owner.token, `${G(g)}/share-folder-upload-file`, [
      { name: '見積.pdf', data: PDF },
      { name: '請求.pdf', data: PDF },
      { name: '納品.pdf', data: PDF },
    ]);
    await post(owner.token, `${G(g)}/delete-file`, { file_ids: [a, b, c], delete_mode: 1 });
    expect((await post(member.token, `${G(g)}/delete-file`, { file_ids: [a], delete_mode: 2 })).statusCode).toBe(403);
    expect((await post(member.token, `${G(g)}/empty-share-folder-bin`, { group_id: g })).statusCode).toBe(403);
    expect(await events('file.deleted')).toEqual([]);
    expect(await events('file.bin_emptied')).toEqual([]);

    expect((await post(owner.token, `${G(g)}/delete-file`, { file_ids: [a], delete_mode: 2 })).json().items.count).toBe(1);
    expect(await events('file.deleted')).toEqual([
      expect.objectContaining({
        company_id: company,
        actor_id: owner.id,
        target_type: 'file',
        target_id: a,
        target_label: '見積.pdf',
        detail: `group #${g}`,
      }),
    ]);
    expect((await post(owner.token, `${G(g)}/empty-share-folder-bin`, { group_id: g })).json().items.count).toBe(2);
    const emptied = await events('file.bin_emptied');
    expect(emptied).toEqual([expect.objectContaining({ actor_id: owner.id, target_type: 'group', target_id: g })]);
    expect(emptied[0]!.detail).toMatch(/^2 files: /);
    expect(await t.ctx.db.selectFrom('files').select('id').where('id', 'in', [a!, b!, c!]).execute()).toEqual([]);
  });

  it('a common file deleted: refused for a reader, written for the writer', async () => {
    const [id] = await upload(t, owner.token, `${M}/common-share-folder-upload-file`, [{ name: '規程.pdf', data: PDF }]);
    expect((await post(member.token, `${M}/delete-common-file`, { file_ids: [id] })).statusCode).toBe(403);
    expect((await events('file.deleted')).map((e) => e.target_id)).not.toContain(id);
    expect((await post(owner.token, `${M}/delete-common-file`, { file_ids: [id] })).statusCode).toBe(200);
    expect((await events('file.deleted')).at(-1)).toMatchObject({
      actor_id: owner.id,
      target_id: id,
      target_label: '規程.pdf',
      detail: 'common folder',
    });
  });

  it('the file bin auto-delete job deletes files as "system"', async () => {
    const [id] = await upload(t, owner.token, `${G(g)}/share-folder-upload-file`, [{ name: '古い.pdf', data: PDF }]);
    await post(owner.token, `${G(g)}/delete-file`, { file_ids: [id], delete_mode: 1 });
    await t.ctx.db
      .updateTable('files')
      .set({ moved_to_bin_at: t.clock() - 31 * DAY })
      .where('id', '=', id!)
      .execute();
    expect(await cleanFileBins(t.ctx)).toBe(1);
    expect((await events('file.deleted')).at(-1)).toMatchObject({
      actor_id: null,
      actor_name: 'system',
      target_id: id,
      target_label: '古い.pdf',
    });
  });

  it('a topic purge that fails writes no entry', async () => {
    const id = await postTopic(t, owner.token, g, { topic_title: '残る' });
    await post(owner.token, `${T(g)}/move-topics-to-bin`, { topic_ids: [id] });
    const before = (await events('topic.deleted')).length;
    // An id of a topic that is not in the bin is refused before anything is deleted.
    const live = await postTopic(t, owner.token, g);
    expect((await post(owner.token, `${T(g)}/delete-topics-in-bin`, { topic_ids: [id, live] })).statusCode).not.toBe(200);
    expect((await events('topic.deleted')).length).toBe(before);
    expect(await t.ctx.db.selectFrom('topics').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
  });
});
