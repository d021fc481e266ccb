import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PERSONAS, contentStatus, type ContentPersona } from '../../test/content-matrix';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { C, topicBody } from '../topics/testing';
import { actor, G, groupWith, M, multipart, PDF, upload, type Actor } from './fixtures.test-util';
import { COMMON_CASES, GROUP_CASES, type CommonFx, type FileCase, type Fx } from './matrix.test-util';

/**
 * Every file call × {shared file, topic attachment} × role. An attachment is read through the
 * shared folder like any file, but changes only through its topic: whoever holds the
 * shared-folder (or common-file) right gets 400 for it, and the attachment stays as it was.
 */
type Kind = 'shared' | 'attachment';
type CommonPersona = 'anonymous' | 'otherCompany' | 'notDestination' | 'reader' | 'writer';
const COMMON_PERSONAS: CommonPersona[] = ['anonymous', 'otherCompany', 'notDestination', 'reader', 'writer'];
const LISTS = new Set(['commonFiles', 'commonStorage', 'uploadCommonFiles']);
const REFUSAL = { edit: 'ATTACH_FILE_NOT_EDITABLE', move: 'ATTACH_FOLDER_FILE_NOT_MOVABLE' } as const;

const isThumbnail = (c: { name: string }) => c.name.includes('Thumbnail');

function groupExpected(c: FileCase<Fx>, kind: Kind, p: ContentPersona): number {
  const status = contentStatus(c.rule, p);
  if (status !== 200) return status;
  if (isThumbnail(c)) return 404; // a PDF has none
  return kind === 'attachment' && c.changes ? 400 : 200;
}

function commonExpected(c: FileCase<CommonFx>, kind: Kind, p: CommonPersona): number {
  if (p === 'anonymous') return 401;
  const list = LISTS.has(c.name);
  if (p === 'otherCompany' && !list) return 404;
  if (p === 'notDestination' && kind === 'attachment' && !list) return 404;
  if (p === 'reader' && c.rule === 'write') return 403;
  if (isThumbnail(c)) return 404;
  return kind === 'attachment' && c.changes ? 400 : 200;
}

/** What a refused change must leave untouched: the row and every stored version. */
async function snapshot(t: TestApp, fileId: number) {
  const row = await t.ctx.db
    .selectFrom('files')
    .select(['version', 'title', 'memo', 'in_bin', 'folder_id', 'storage_key', 'is_attachment'])
    .where('id', '=', fileId)
    .executeTakeFirst();
  const versions = await t.ctx.db
    .selectFrom('file_versions')
    .select(['id', 'version'])
    .where('file_id', '=', fileId)
    .orderBy('id')
    .execute();
  return { row, versions };
}

/**
 * Turns a file with two versions into an attachment of `topicId`. The topic API never versions
 * an attachment, but an attachment with history is exactly what the old overwrite call left
 * behind, and the history calls must refuse it too.
 */
async function attachWithHistory(t: TestApp, token: string, uploadUrl: string, overwriteUrl: (id: number) => string, topicId: number) {
  const [id] = await upload(t, token, uploadUrl, [{ name: '添付.pdf', data: PDF }]);
  const ow = await t.inject({ method: 'POST', url: overwriteUrl(id!), token, ...multipart([{ name: '添付2.pdf', data: PDF }]) });
  expect(ow.statusCode, ow.body).toBe(200);
  await t.ctx.db.updateTable('files').set({ topic_id: topicId, is_attachment: 1, folder_id: null }).where('id', '=', id!).execute();
  const history = (
    await t.ctx.db.selectFrom('file_versions').select('id').where('file_id', '=', id!).where('version', '=', 1).executeTakeFirstOrThrow()
  ).id;
  return { id: id!, history };
}

async function postTopic(t: TestApp, token: string, url: string, body: Record<string, unknown>) {
  const res = await t.inject({ method: 'POST', url, token, payload: topicBody(body) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.id as number;
}

describe.each(DIALECTS)('file calls × attachment or shared file × role (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  const who = {} as Record<Exclude<ContentPersona, 'anonymous'>, Actor>;
  const common = {} as Record<Exclude<CommonPersona, 'anonymous'>, Actor>;
  let owner: Actor;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    for (const p of ['outsider', 'otherGroup', 'member', 'writer', 'admin'] as const) who[p] = await actor(t, { companyId: company });
    owner = await actor(t, { companyId: company });
    await groupWith(t, company, [[who.otherGroup.id, { role_admin: 1 }]]);
    for (const p of ['notDestination', 'reader', 'writer'] as const) common[p] = await actor(t, { companyId: company });
    common.otherCompany = await actor(t);
    await t.ctx.db
      .updateTable('users')
      .set({ common_topic_role: 1 })
      .where('id', 'in', [common.notDestination.id, common.writer.id, common.otherCompany.id])
      .execute();
  });
  afterAll(() => t.close());

  async function groupFixture(kind: Kind): Promise<Fx> {
    const g = await groupWith(t, company, [
      [owner.id, { role_admin: 1, role_edit_topic: 1, role_edit_shared_folder: 1 }],
      [who.member.id, {}],
      // The attacker this matrix is about: the shared-folder right only, no topic right.
      [who.writer.id, { role_edit_shared_folder: 1 }],
      [who.admin.id, { role_admin: 1 }],
    ]);
    const folder = (
      await t.inject({ method: 'POST', url: `${G(g)}/share-folder/folders/create`, token: owner.token, payload: { folder_name: 'F' } })
    ).json().items.id;
    if (kind === 'attachment') {
      const topic = await postTopic(t, owner.token, `${G(g)}/topics/new-topic`, {});
      const a = await attachWithHistory(t, owner.token, `${G(g)}/share-folder-upload-file`, (id) => `${G(g)}/overwrite-file/${id}`, topic);
      return { g, file: a.id, binFile: a.id, folder, history: a.history };
    }
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
    const history = (await t.inject({ method: 'GET', url: `${G(g)}/share-folder-history-file/${file}`, token: owner.token })).json().items
      .data[1].id;
    return { g, file: file!, binFile: binFile!, folder, history };
  }

  async function commonFixture(kind: Kind): Promise<CommonFx> {
    const uploadUrl = `${M}/common-share-folder-upload-file`;
    const overwrite = (id: number) => `${M}/overwrite-common-file/${id}`;
    if (kind === 'attachment') {
      const dest = await groupWith(t, company, [
        [common.reader.id, {}],
        [common.writer.id, {}],
      ]);
      const topic = await postTopic(t, common.writer.token, `${C}/create`, { selected_group: [dest] });
      const a = await attachWithHistory(t, common.writer.token, uploadUrl, overwrite, topic);
      return { file: a.id, history: a.history };
    }
    const [id] = await upload(t, common.writer.token, uploadUrl, [{ name: '規程.pdf', data: PDF }]);
    await t.inject({ method: 'POST', url: overwrite(id!), token: common.writer.token, ...multipart([{ name: '規程2.pdf', data: PDF }]) });
    const history = (
      await t.ctx.db.selectFrom('file_versions').select('id').where('file_id', '=', id!).where('version', '=', 1).executeTakeFirstOrThrow()
    ).id;
    return { file: id!, history };
  }

  // Group shared files × role: authz.test.ts.
  for (const kind of ['shared', 'attachment'] as const) {
    for (const c of kind === 'attachment' ? GROUP_CASES : []) {
      it(`group ${kind}: ${c.name}`, async () => {
        const got: Record<string, number> = {};
        for (const p of CONTENT_PERSONAS) {
          const fx = await groupFixture(kind);
          const before = await snapshot(t, fx.file);
          const r = c.req(fx);
          const res = await t.inject({ ...r, payload: r.payload as never, token: p === 'anonymous' ? undefined : who[p].token });
          got[p] = res.statusCode;
          if (res.statusCode === 400 && c.changes) expect(res.json().status_code, `${c.name} as ${p}`).toBe(REFUSAL[c.changes]);
          if (kind === 'attachment') expect(await snapshot(t, fx.file), `${c.name} as ${p}`).toEqual(before);
        }
        expect(got).toEqual(Object.fromEntries(CONTENT_PERSONAS.map((p) => [p, groupExpected(c, kind, p)])));
      });
    }
    for (const c of COMMON_CASES) {
      it(`common ${kind}: ${c.name}`, async () => {
        const got: Record<string, number> = {};
        for (const p of COMMON_PERSONAS) {
          const fx = await commonFixture(kind);
          const before = await snapshot(t, fx.file);
          const r = c.req(fx);
          const res = await t.inject({ ...r, payload: r.payload as never, token: p === 'anonymous' ? undefined : common[p].token });
          got[p] = res.statusCode;
          if (res.statusCode === 400) expect(res.json().status_code, `${c.name} as ${p}`).toBe(REFUSAL.edit);
          if (kind === 'attachment') expect(await snapshot(t, fx.file), `${c.name} as ${p}`).toEqual(before);
        }
        expect(got).toEqual(Object.fromEntries(COMMON_PERSONAS.map((p) => [p, commonExpected(c, kind, p)])));
      });
    }
  }

  it('the detail offers no edit for an attachment, and does for a shared file', async () => {
    const att = await groupFixture('attachment');
    const plain = await groupFixture('shared');
    const canEdit = async (fx: Fx) =>
      (await t.inject({ method: 'GET', url: `${G(fx.g)}/share-folder-file/${fx.file}`, token: who.admin.token })).json().items.can_edit;
    expect(await canEdit(att)).toBe(false);
    expect(await canEdit(plain)).toBe(true);
  });
});
