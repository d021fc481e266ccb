import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_PERSONAS,
  contentStatus,
  statusPerPersona,
  type ContentPersona,
  type ContentRule,
  type MatrixRequest,
} from '../../test/content-matrix';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, G, groupWith, multipart, PDF, upload, zipEntries, type Actor } from './fixtures.test-util';
import { form, GROUP_CASES, type Fx } from './matrix.test-util';

type Persona = ContentPersona;
type Rule = ContentRule;

type Req = MatrixRequest;

function expected(name: string, rule: Rule, p: Persona): number {
  const status = contentStatus(rule, p);
  // A PDF has no thumbnail: allowed callers get 404 FILE_NOT_FOUND, which the test also checks.
  return name.startsWith('fileThumbnail') && status !== 401 ? 404 : status;
}

describe.each(DIALECTS)('shared folder authorisation matrix (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  const who = {} as Record<Exclude<Persona, 'anonymous'>, Actor>;
  let owner: Actor;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    for (const p of ['outsider', 'otherGroup', 'member', 'writer', 'admin'] as const) who[p] = await actor(t, { companyId: company });
    owner = await actor(t, { companyId: company });
    // The other group's member edits files there, so their right is real, just elsewhere.
    const elsewhere = await groupWith(t, company, [[who.otherGroup.id, { role_admin: 1 }]]);
    await upload(t, who.otherGroup.token, `${G(elsewhere)}/share-folder-upload-file`, [{ name: 'x.pdf', data: PDF }]);
  });
  afterAll(() => t.close());

  async function fixture(): Promise<Fx> {
    const g = await groupWith(t, company, [
      [owner.id, { role_admin: 1 }],
      [who.member.id, {}],
      [who.writer.id, { role_edit_shared_folder: 1 }],
      [who.admin.id, { role_admin: 1 }],
    ]);
    const [file, binFile] = await upload(t, owner.token, `${G(g)}/share-folder-upload-file`, [
      { name: '資料.pdf', data: PDF },
      { name: 'ごみ.pdf', data: PDF },
    ]);
    await t.inject({
      method: 'POST',
      url: `${G(g)}/overwrite-file/${file}`,
      token: owner.token,
      ...multipart([{ name: '資料2.pdf', data: PDF }]),
    });
    await t.inject({ method: 'POST', url: `${G(g)}/delete-file`, token: owner.token, payload: { file_ids: [binFile] } });
    const folder = (
      await t.inject({ method: 'POST', url: `${G(g)}/share-folder/folders/create`, token: owner.token, payload: { folder_name: 'F' } })
    ).json().items.id;
    const history = (await t.inject({ method: 'GET', url: `${G(g)}/share-folder-history-file/${file}`, token: owner.token })).json().items
      .data[1].id;
    return { g, file: file!, binFile: binFile!, folder, history };
  }

  for (const c of GROUP_CASES) {
    it(`${c.name}: ${c.rule}`, async () => {
      const got = await statusPerPersona(
        t,
        (p) => who[p].token,
        fixture,
        c.req,
        (p, code) => expect(code, `${c.name} as ${p}`).toBe(p === 'outsider' || p === 'otherGroup' ? 'GROUP_NOT_FOUND' : 'FILE_NOT_FOUND'),
      );
      const want = Object.fromEntries(CONTENT_PERSONAS.map((p) => [p, expected(c.name, c.rule, p)]));
      expect(got).toEqual(want);
    });
  }

  it('a file id of another group is refused whatever other ids come with it', async () => {
    const mine = await fixture();
    const theirs = await fixture();
    const token = who.admin.token; // administrator of both groups
    const cross: Req[] = [
      { method: 'GET', url: `${G(mine.g)}/share-folder-file/${theirs.file}` },
      { method: 'GET', url: `${G(mine.g)}/share-folder-file/${theirs.file}/download` },
      { method: 'GET', url: `${G(mine.g)}/share-folder-file/${theirs.file}/preview` },
      { method: 'GET', url: `${G(mine.g)}/share-folder-file/${theirs.file}/thumbnail` },
      { method: 'GET', url: `${G(mine.g)}/share-folder-file/${mine.file}/download?history_id=${theirs.history}` },
      { method: 'GET', url: `${G(mine.g)}/share-folder-history-file/${theirs.file}` },
      { method: 'GET', url: `${G(mine.g)}/is-favorite-file/${theirs.file}` },
      { method: 'GET', url: `${G(mine.g)}/share-folder-file-by-folder/${theirs.folder}` },
      { method: 'POST', url: `${G(mine.g)}/download-files`, payload: { file_ids: [mine.file, theirs.file] } },
      { method: 'POST', url: `${G(mine.g)}/download-files`, payload: { file_ids: [theirs.file, mine.file, mine.binFile] } },
      { method: 'POST', url: `${G(mine.g)}/revert-file/${theirs.file}/from-history/${theirs.history}` },
      { method: 'POST', url: `${G(mine.g)}/revert-file/${mine.file}/from-history/${theirs.history}` },
      { method: 'POST', url: `${G(mine.g)}/delete-file-history/${theirs.history}`, payload: { file_id: mine.file } },
      { method: 'POST', url: `${G(mine.g)}/delete-file-history/${theirs.history}`, payload: { file_id: theirs.file } },
      { method: 'POST', url: `${G(mine.g)}/overwrite-file/${theirs.file}`, ...form() },
      { method: 'POST', url: `${G(mine.g)}/update-info-file/${theirs.file}`, payload: { title: 'x', memo: '' } },
      { method: 'POST', url: `${G(mine.g)}/move-file-to-unclassified`, payload: { file_ids: [mine.binFile, theirs.binFile] } },
      { method: 'POST', url: `${G(mine.g)}/move-file-to-other-folder`, payload: { file_ids: [mine.file], folder_id: theirs.folder } },
      {
        method: 'POST',
        url: `${G(mine.g)}/move-file-to-other-folder`,
        payload: { file_ids: [mine.file, theirs.file], folder_id: mine.folder },
      },
      { method: 'POST', url: `${G(mine.g)}/delete-file`, payload: { file_ids: [mine.file, theirs.file] } },
      { method: 'POST', url: `${G(mine.g)}/delete-file`, payload: { file_ids: [mine.binFile, theirs.binFile], delete_mode: 2 } },
      { method: 'POST', url: `${G(mine.g)}/empty-share-folder-bin`, payload: { group_id: theirs.g } },
      { method: 'POST', url: `${G(mine.g)}/mark-favorite-file/${theirs.file}`, payload: { is_favor: true } },
      { method: 'POST', url: `${G(mine.g)}/mark-read-file/${theirs.file}` },
      { method: 'POST', url: `${G(mine.g)}/share-folder/folders/rename`, payload: { folder_id: theirs.folder, folder_name: 'x' } },
      { method: 'POST', url: `${G(mine.g)}/share-folder/folders/delete`, payload: { folder_id: theirs.folder } },
    ];
    for (const r of cross) {
      const res = await t.inject({ ...r, payload: r.payload as never, token });
      expect(res.statusCode, `${r.method} ${r.url} ${JSON.stringify(r.payload ?? '')}`).toBe(404);
      expect(res.headers['content-type'], r.url).toMatch(/json/);
    }
    // Nothing of the other group changed, and nothing of it was sent.
    const file = await t.ctx.db.selectFrom('files').selectAll().where('id', '=', theirs.file).executeTakeFirstOrThrow();
    expect(file).toMatchObject({ in_bin: 0, folder_id: null, title: '資料.pdf', version: 2 });
    expect(await t.ctx.db.selectFrom('file_versions').select('id').where('id', '=', theirs.history).executeTakeFirst()).toBeDefined();
    expect(await t.ctx.db.selectFrom('files').select('in_bin').where('id', '=', theirs.binFile).executeTakeFirstOrThrow()).toEqual({
      in_bin: 1,
    });
    // Their own ids together still work.
    const ok = await t.inject({
      method: 'POST',
      url: `${G(mine.g)}/download-files`,
      token,
      payload: { file_ids: [mine.file, mine.binFile] },
    });
    expect(zipEntries(ok.rawPayload)).toHaveLength(2);
  });
});
