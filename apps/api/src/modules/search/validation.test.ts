import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { multipart, PDF, upload } from '../files/testing';
import { actor, find, G, groupWith, keys, searchUrl, type Actor, type Params } from './fixtures.test-util';

describe.each(DIALECTS)('search: bad input and the shared folder (%s)', (dialect) => {
  let t: TestApp;
  let me: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    me = await actor(t, { companyId: company });
    g = await groupWith(t, company, [[me.id, { role_admin: 1 }]]);
  });
  afterAll(() => t.close());

  async function errors(params: Params) {
    const res = await t.inject({ method: 'GET', url: searchUrl(params), token: me.token });
    expect(res.statusCode).toBe(400);
    return (res.json() as { errors: Record<string, string[]> }).errors;
  }

  it('answers 400 with the section-5 messages', async () => {
    const ok = { target_search: 1, keyword_search: '東京' };
    expect(await errors({ ...ok, target_search: undefined })).toEqual({ target_search: ['validation.search_target_required'] });
    expect(await errors({ ...ok, target_search: 7 })).toEqual({ target_search: ['validation.search_target_required'] });
    expect(await errors({ ...ok, keyword_search: '   ' })).toEqual({ keyword_search: ['validation.required'] });
    expect(await errors({ ...ok, keyword_search: undefined })).toEqual({ keyword_search: ['validation.required'] });
    expect(await errors({ ...ok, keyword_search: 'あ'.repeat(256) })).toEqual({ keyword_search: ['validation.max_length'] });
    // 255 characters (after trimming) are fine.
    expect((await find(t, me.token, ` ${'あ'.repeat(255)} `)).total).toBe(0);
    // An invisible character is still a 1-character word (a prefix query), not an empty match.
    expect((await find(t, me.token, '\u200b')).total).toBe(0);
    expect(await errors({ ...ok, target_search: 3, target_data: '1' })).toEqual({ target_data: ['validation.search_data_disabled'] });
    expect(await errors({ ...ok, target_search: 2, target_data: '3' })).toEqual({ target_data: ['validation.search_data_disabled'] });
    expect(await errors({ ...ok, target_search: 4, target_data: '2' })).toEqual({ target_data: ['validation.search_data_disabled'] });
    expect(await errors({ ...ok, target_data: '9' })).toEqual({ target_data: ['validation.invalid_value'] });
    expect(await errors({ ...ok, target_search: 3, target_group: g })).toEqual({ target_group: ['validation.search_group_disabled'] });
    expect(await errors({ ...ok, time_range: 5 })).toEqual({ time_start: ['validation.required'], time_end: ['validation.required'] });
    expect(await errors({ ...ok, time_range: 5, time_start: '2026-11-01', time_end: '2026/11/01' })).toEqual({
      time_start: ['validation.format'],
    });
    // The test clock is 2026-11-02 09:00 in Japan: the 3rd is after today.
    expect(await errors({ ...ok, time_range: 5, time_start: '2026/11/01', time_end: '2026/11/03' })).toEqual({
      time_end: ['validation.max_date'],
    });
    expect(await errors({ ...ok, time_range: 5, time_start: '2026/11/02', time_end: '2026/11/01' })).toEqual({
      time_start: ['validation.period_invalid'],
    });
    expect(await errors({ ...ok, time_range: 5, time_start: '2026/02/30', time_end: '2026/11/01' })).toEqual({
      time_start: ['validation.format'],
    });
    expect(await errors({ ...ok, unknown: 1 })).toEqual({ unknown: ['validation.unknown_field'] });
    expect((await find(t, me.token, '東京', { time_range: 5, time_start: '2026/11/02', time_end: '2026/11/02' })).total).toBe(0);
  });

  it('indexes uploads, edits, overwrites and deletions of shared files', async () => {
    const [id] = await upload(t, me.token, `${G(g)}/share-folder-upload-file`, [{ name: '見積書_大阪.pdf', data: PDF }], {
      title: '見積',
      memo: '京都向けの最新版',
    });
    const files = (kw: string, data?: string) => find(t, me.token, kw, { target_search: 4, target_data: data });
    expect(keys(await files('大阪'))).toEqual([`file:${id}`]);
    expect(keys(await files('京都'))).toEqual([`file:${id}`]);
    expect(keys(await files('京都', '1'))).toEqual([]);
    const [hit] = (await files('見積')).data;
    expect(hit).toMatchObject({
      kind: 'file',
      title: '見積',
      link: `/group/${g}/shared-folder/file/${id}?from=search`,
      location: { type: 'group' },
    });
    expect(hit!.title_highlights).toEqual([[0, 2]]);

    let res = await t.inject({
      method: 'POST',
      url: `${G(g)}/update-info-file/${id}`,
      token: me.token,
      payload: { title: '請求', memo: '奈良' },
    });
    expect(res.statusCode).toBe(200);
    expect(keys(await files('京都'))).toEqual([]);
    expect(keys(await files('奈良'))).toEqual([`file:${id}`]);

    res = await t.inject({
      method: 'POST',
      url: `${G(g)}/overwrite-file/${id}`,
      token: me.token,
      ...multipart([{ name: '神戸版.pdf', data: PDF }]),
    });
    expect(res.statusCode).toBe(200);
    expect(keys(await files('大阪'))).toEqual([]);
    expect(keys(await files('神戸'))).toEqual([`file:${id}`]);

    await t.inject({ method: 'POST', url: `${G(g)}/delete-file`, token: me.token, payload: { file_ids: [id], delete_mode: 1 } });
    expect(keys(await files('神戸'))).toEqual([]);
    await t.inject({ method: 'POST', url: `${G(g)}/delete-file`, token: me.token, payload: { file_ids: [id], delete_mode: 2 } });
    const left = await t.ctx.db.selectFrom('search_docs').select('id').where('kind', '=', 3).where('ref_id', '=', id!).execute();
    expect(left).toEqual([]);
  });
});
