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
import { actor, G, groupWith, postTopic, T, topicBody, type Actor } from './fixtures.test-util';

type Persona = ContentPersona;
type Rule = ContentRule;

interface Fx {
  g: number;
  topic: number;
  binTopic: number;
  comment: number;
  folder: number;
}
type Req = MatrixRequest;

const CASES: { name: string; rule: Rule; req: (fx: Fx) => Req }[] = [
  { name: 'topicFolders', rule: 'read', req: (fx) => ({ method: 'GET', url: `${G(fx.g)}/folder/get-all-folder/1` }) },
  {
    name: 'createTopicFolder',
    rule: 'write',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/folder/create-new-folder`, payload: { type: 1, folder_name: '新' } }),
  },
  {
    name: 'renameTopicFolder',
    rule: 'write',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/folder/rename-folder`, payload: { folder_id: fx.folder, folder_name: '改' } }),
  },
  {
    name: 'deleteTopicFolder',
    rule: 'write',
    req: (fx) => ({ method: 'POST', url: `${G(fx.g)}/folder/delete-folder`, payload: { folder_id: fx.folder } }),
  },
  { name: 'topicsAll', rule: 'read', req: (fx) => ({ method: 'GET', url: `${T(fx.g)}/get-not-delete-topics` }) },
  { name: 'topicsUnclassified', rule: 'read', req: (fx) => ({ method: 'GET', url: `${T(fx.g)}/get-unclassification-topics` }) },
  { name: 'topicsInBin', rule: 'read', req: (fx) => ({ method: 'GET', url: `${T(fx.g)}/get-deleted-topics` }) },
  { name: 'topicsByFolder', rule: 'read', req: (fx) => ({ method: 'GET', url: `${T(fx.g)}/get-topics-by-folder/${fx.folder}` }) },
  {
    name: 'topicsFavorite',
    rule: 'read',
    req: (fx) => ({ method: 'GET', url: `${T(fx.g)}/get-feature-topics?title=${encodeURIComponent('週')}` }),
  },
  { name: 'topicCount', rule: 'read', req: (fx) => ({ method: 'GET', url: `${T(fx.g)}/count-topic` }) },
  { name: 'topicDetail', rule: 'read', req: (fx) => ({ method: 'GET', url: `${T(fx.g)}/get-topic-detail/${fx.topic}` }) },
  { name: 'newTopic', rule: 'write', req: (fx) => ({ method: 'POST', url: `${T(fx.g)}/new-topic`, payload: topicBody() }) },
  {
    name: 'updateTopic',
    rule: 'write',
    req: (fx) => ({ method: 'POST', url: `${T(fx.g)}/update-topic/${fx.topic}`, payload: topicBody({ is_multiple_edit: true }) }),
  },
  { name: 'deleteTopic', rule: 'write', req: (fx) => ({ method: 'POST', url: `${T(fx.g)}/delete-topic/${fx.topic}` }) },
  { name: 'setTopicSeen', rule: 'read', req: (fx) => ({ method: 'POST', url: `${T(fx.g)}/set-topic-is-seen/${fx.topic}` }) },
  { name: 'markTopicUnread', rule: 'read', req: (fx) => ({ method: 'POST', url: `${T(fx.g)}/new-topic-mark/${fx.topic}` }) },
  {
    name: 'likeTopic',
    rule: 'read',
    req: (fx) => ({ method: 'POST', url: `${T(fx.g)}/like-or-dislike-topic/${fx.topic}`, payload: { is_like: true } }),
  },
  {
    name: 'likeTopicComment',
    rule: 'read',
    req: (fx) => ({ method: 'POST', url: `${T(fx.g)}/${fx.topic}/like-or-dislike-comment/${fx.comment}`, payload: { is_like: true } }),
  },
  {
    name: 'favoriteTopic',
    rule: 'read',
    req: (fx) => ({ method: 'POST', url: `${T(fx.g)}/favorite-topic/${fx.topic}`, payload: { is_favor: true } }),
  },
  {
    name: 'moveTopicsToUnclassified',
    rule: 'write',
    req: (fx) => ({ method: 'POST', url: `${T(fx.g)}/move-topics-to-unclassified`, payload: { topic_ids: [fx.topic] } }),
  },
  {
    name: 'moveTopicsToFolder',
    rule: 'write',
    req: (fx) => ({
      method: 'POST',
      url: `${T(fx.g)}/move-topics-to-selected-folder`,
      payload: { topic_ids: [fx.topic], folder_id: fx.folder },
    }),
  },
  {
    name: 'moveTopicsToBin',
    rule: 'write',
    req: (fx) => ({ method: 'POST', url: `${T(fx.g)}/move-topics-to-bin`, payload: { topic_ids: [fx.topic] } }),
  },
  {
    name: 'deleteTopicsInBin',
    rule: 'write',
    req: (fx) => ({ method: 'POST', url: `${T(fx.g)}/delete-topics-in-bin`, payload: { topic_ids: [fx.binTopic] } }),
  },
  {
    name: 'emptyTopicsBin',
    rule: 'admin',
    req: (fx) => ({ method: 'POST', url: `${T(fx.g)}/empty-topics-bin`, payload: { group_id: fx.g } }),
  },
  { name: 'cleanTopicsBin', rule: 'admin', req: (fx) => ({ method: 'DELETE', url: `${G(fx.g)}/clean-bin` }) },
  { name: 'topicComments', rule: 'read', req: (fx) => ({ method: 'GET', url: `${T(fx.g)}/get-all-comment-by-topic-id/${fx.topic}` }) },
  { name: 'topicCommentDetail', rule: 'read', req: (fx) => ({ method: 'GET', url: `${T(fx.g)}/comment-detail/${fx.comment}` }) },
  {
    name: 'addTopicComment',
    rule: 'read',
    req: (fx) => ({ method: 'POST', url: `${T(fx.g)}/add-new-comment`, payload: { topic_id: fx.topic, content: 'はい' } }),
  },
  {
    name: 'deleteTopicComment (own)',
    rule: 'read',
    req: (fx) => ({ method: 'POST', url: `${T(fx.g)}/delete-comment-topic/${fx.comment}` }),
  },
  { name: 'checkLockTopic', rule: 'write', req: (fx) => ({ method: 'POST', url: `${T(fx.g)}/check-lock-topic/${fx.topic}`, payload: {} }) },
  { name: 'unlockTopic', rule: 'read', req: (fx) => ({ method: 'PUT', url: `${T(fx.g)}/unlock-topic/${fx.topic}`, payload: {} }) },
];

describe.each(DIALECTS)('topics authorisation matrix (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  const who = {} as Record<Exclude<Persona, 'anonymous'>, Actor>;
  let owner: Actor;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    for (const p of ['outsider', 'otherGroup', 'member', 'writer', 'admin'] as const) who[p] = await actor(t, { companyId: company });
    owner = await actor(t, { companyId: company });
    // The other group's member edits topics there, so their right is real, just elsewhere.
    const elsewhere = await groupWith(t, company, [[who.otherGroup.id, { role_admin: 1 }]]);
    await postTopic(t, who.otherGroup.token, elsewhere);
  });
  afterAll(() => t.close());

  async function fixture(p: Persona): Promise<Fx> {
    const g = await groupWith(t, company, [
      [owner.id, { role_admin: 1 }],
      [who.member.id, {}],
      [who.writer.id, { role_edit_topic: 1 }],
      [who.admin.id, { role_admin: 1 }],
    ]);
    const topic = await postTopic(t, owner.token, g, { is_multiple_edit: true });
    const binTopic = await postTopic(t, owner.token, g);
    await t.inject({ method: 'POST', url: `${T(g)}/move-topics-to-bin`, token: owner.token, payload: { topic_ids: [binTopic] } });
    // The comment is the caller's own when they are in the group, so "delete own" is what is tested.
    const commenter = p === 'member' || p === 'writer' || p === 'admin' ? who[p] : owner;
    const comment = (
      await t.inject({
        method: 'POST',
        url: `${T(g)}/add-new-comment`,
        token: commenter.token,
        payload: { topic_id: topic, content: 'コメント' },
      })
    ).json().items.id;
    const folder = (
      await t.inject({
        method: 'POST',
        url: `${G(g)}/folder/create-new-folder`,
        token: owner.token,
        payload: { type: 1, folder_name: 'F' },
      })
    ).json().items.id;
    return { g, topic, binTopic, comment, folder };
  }

  for (const c of CASES) {
    it(`${c.name}: ${c.rule}`, async () => {
      const got = await statusPerPersona(
        t,
        (p) => who[p].token,
        fixture,
        c.req,
        (p, code) => expect(code, `${c.name} as ${p}`).toBe('GROUP_NOT_FOUND'),
      );
      const want = Object.fromEntries(CONTENT_PERSONAS.map((p) => [p, contentStatus(c.rule, p)]));
      expect(got).toEqual(want);
    });
  }

  it('ids of another group are not found, even for an administrator of both groups', async () => {
    const mine = await fixture('admin');
    const theirs = await fixture('admin');
    const token = who.admin.token;
    const cross: Req[] = [
      { method: 'GET', url: `${T(mine.g)}/get-topic-detail/${theirs.topic}` },
      { method: 'GET', url: `${T(mine.g)}/get-topics-by-folder/${theirs.folder}` },
      { method: 'POST', url: `${T(mine.g)}/update-topic/${theirs.topic}`, payload: topicBody() },
      { method: 'POST', url: `${T(mine.g)}/delete-topic/${theirs.topic}` },
      { method: 'POST', url: `${T(mine.g)}/set-topic-is-seen/${theirs.topic}` },
      { method: 'POST', url: `${T(mine.g)}/like-or-dislike-topic/${theirs.topic}`, payload: { is_like: true } },
      { method: 'POST', url: `${T(mine.g)}/${mine.topic}/like-or-dislike-comment/${theirs.comment}`, payload: { is_like: true } },
      { method: 'POST', url: `${T(mine.g)}/favorite-topic/${theirs.topic}`, payload: { is_favor: true } },
      { method: 'POST', url: `${T(mine.g)}/move-topics-to-bin`, payload: { topic_ids: [mine.topic, theirs.topic] } },
      { method: 'POST', url: `${T(mine.g)}/move-topics-to-unclassified`, payload: { topic_ids: [theirs.binTopic] } },
      {
        method: 'POST',
        url: `${T(mine.g)}/move-topics-to-selected-folder`,
        payload: { topic_ids: [mine.topic], folder_id: theirs.folder },
      },
      {
        method: 'POST',
        url: `${T(mine.g)}/move-topics-to-selected-folder`,
        payload: { topic_ids: [theirs.topic], folder_id: mine.folder },
      },
      { method: 'POST', url: `${T(mine.g)}/delete-topics-in-bin`, payload: { topic_ids: [theirs.binTopic] } },
      { method: 'POST', url: `${T(mine.g)}/empty-topics-bin`, payload: { group_id: theirs.g } },
      { method: 'GET', url: `${T(mine.g)}/get-all-comment-by-topic-id/${theirs.topic}` },
      { method: 'GET', url: `${T(mine.g)}/get-all-comment-by-topic-id/${mine.topic}?find_page_by_comment_id=${theirs.comment}` },
      { method: 'GET', url: `${T(mine.g)}/comment-detail/${theirs.comment}` },
      { method: 'POST', url: `${T(mine.g)}/add-new-comment`, payload: { topic_id: theirs.topic, content: 'x' } },
      { method: 'POST', url: `${T(mine.g)}/add-new-comment`, payload: { topic_id: mine.topic, content: 'x', parent_id: theirs.comment } },
      { method: 'POST', url: `${T(mine.g)}/delete-comment-topic/${theirs.comment}` },
      { method: 'POST', url: `${T(mine.g)}/check-lock-topic/${theirs.topic}`, payload: {} },
      { method: 'POST', url: `${G(mine.g)}/folder/rename-folder`, payload: { folder_id: theirs.folder, folder_name: 'x' } },
      { method: 'POST', url: `${G(mine.g)}/folder/delete-folder`, payload: { folder_id: theirs.folder } },
    ];
    for (const r of cross) {
      const res = await t.inject({ ...r, payload: r.payload as never, token });
      expect(res.statusCode, `${r.method} ${r.url} ${JSON.stringify(r.payload ?? '')}`).toBe(404);
    }
    // Nothing of the other group changed.
    const topic = await t.ctx.db.selectFrom('topics').selectAll().where('id', '=', theirs.topic).executeTakeFirstOrThrow();
    expect(topic).toMatchObject({ in_bin: 0, folder_id: null, title: topicBody().topic_title });
    const comment = await t.ctx.db
      .selectFrom('topic_comments')
      .select('is_deleted')
      .where('id', '=', theirs.comment)
      .executeTakeFirstOrThrow();
    expect(comment.is_deleted).toBe(0);
    expect(await t.ctx.db.selectFrom('topics').select('id').where('id', '=', theirs.binTopic).executeTakeFirst()).toBeDefined();
    expect(await t.ctx.db.selectFrom('content_folders').select('name').where('id', '=', theirs.folder).executeTakeFirstOrThrow()).toEqual({
      name: 'F',
    });
  });

  it('bad input is 400 with field keys', async () => {
    const fx = await fixture('writer');
    const noTitle = await t.inject({
      method: 'POST',
      url: `${T(fx.g)}/new-topic`,
      token: who.writer.token,
      payload: topicBody({ topic_title: '' }),
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().errors.topic_title).toContain('validation.required');
    const noIds = await t.inject({
      method: 'POST',
      url: `${T(fx.g)}/move-topics-to-bin`,
      token: who.writer.token,
      payload: { topic_ids: [] },
    });
    expect(noIds.statusCode).toBe(400);
    const badSort = await t.inject({ method: 'GET', url: `${T(fx.g)}/get-not-delete-topics?orderBy=evil`, token: who.writer.token });
    expect(badSort.statusCode).toBe(400);
  });
});
