import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, API, C, groupWith, topicBody, type Actor } from './fixtures.test-util';

describe.each(DIALECTS)('common topics (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let poster: Actor;
  let inA: Actor;
  let inB: Actor;
  let outsider: Actor;
  let otherCompany: Actor;
  let gA: number;
  let gB: number;
  let gOther: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    const other = await t.createCompany();
    poster = await actor(t, { companyId: company });
    inA = await actor(t, { companyId: company });
    inB = await actor(t, { companyId: company });
    outsider = await actor(t, { companyId: company });
    otherCompany = await actor(t, { companyId: other });
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', 'in', [poster.id, otherCompany.id]).execute();
    gA = await groupWith(t, company, [[inA.id, {}]]);
    gB = await groupWith(t, company, [[inB.id, {}]]);
    await groupWith(t, company, [[outsider.id, { role_admin: 1 }]]);
    gOther = await groupWith(t, other, [[otherCompany.id, {}]]);
  });
  afterAll(() => t.close());

  const create = (token: string, over: Record<string, unknown> = {}) =>
    t.inject({ method: 'POST', url: `${C}/create`, token, payload: topicBody({ selected_group: [gA], ...over }) });

  it('needs common_topic_role to post, and destinations inside the company', async () => {
    expect((await create(inA.token)).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: `${C}/create`, payload: topicBody({ selected_group: [gA] }) })).statusCode).toBe(401);
    const foreign = await create(poster.token, { selected_group: [gA, gOther] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().status_code).toBe('GROUP_NOT_FOUND');
    expect((await create(poster.token, { selected_group: [] })).statusCode).toBe(400);
  });

  it('reaches only members of its destination groups; the unread count follows', async () => {
    const res = await create(poster.token, { content: '<p>全社<script>x()</script>連絡</p>' });
    expect(res.statusCode).toBe(200);
    const topic = res.json().items;
    expect(topic).toMatchObject({ topic_type: 1, group_id: null, selected_group: [{ id: gA }] });
    expect(topic.content).toBe('<p>全社連絡</p>');

    const detail = (token: string) => t.inject({ method: 'GET', url: `${C}/${topic.id}`, token });
    expect((await detail(inA.token)).statusCode).toBe(200);
    for (const stranger of [inB, outsider, otherCompany]) {
      const r = await detail(stranger.token);
      expect(r.statusCode).toBe(404);
      expect(r.json().status_code).toBe('TOPIC_NOT_FOUND');
      const list = (await t.inject({ method: 'GET', url: `${C}/list`, token: stranger.token })).json().items.data;
      expect(list.some((x: { id: number }) => x.id === topic.id)).toBe(false);
      const like = await t.inject({
        method: 'POST',
        url: `${C}/like-or-dislike-common-topic/${topic.id}`,
        token: stranger.token,
        payload: { is_like: true },
      });
      expect(like.statusCode).toBe(404);
    }

    const top = (await t.inject({ method: 'GET', url: `${C}/get-data-common-topic-top?limit=5`, token: inA.token })).json().items.data;
    expect(top[0]).toMatchObject({ id: topic.id, is_read: false, topic_type: 1 });
    const count = async (token: string) =>
      (await t.inject({ method: 'GET', url: `${API}/members/me/unread/count/common-topic`, token })).json().items.count;
    expect(await count(inA.token)).toBe(1);
    expect(await count(inB.token)).toBe(0);
    await t.inject({ method: 'POST', url: `${C}/mark-read/${topic.id}`, token: inA.token });
    expect(await count(inA.token)).toBe(0);
    await t.inject({ method: 'POST', url: `${C}/new-topic-mark/${topic.id}`, token: inA.token });
    expect(await count(inA.token)).toBe(1);
    expect((await t.inject({ method: 'POST', url: `${C}/mark-read-all`, token: inA.token })).json().items.count).toBe(1);
    expect(await count(inA.token)).toBe(0);

    // Adding group B as a destination brings the topic to B's members.
    const upd = await t.inject({
      method: 'POST',
      url: `${C}/${topic.id}`,
      token: poster.token,
      payload: topicBody({ selected_group: [gA, gB], hide_to_selected_group_tag: true }),
    });
    expect(upd.statusCode).toBe(200);
    expect((await detail(inB.token)).json().items).toMatchObject({ selected_group: [], hide_to_selected_group_tag: true });
    expect((await detail(poster.token)).json().items.selected_group.map((g: { id: number }) => g.id)).toEqual([gA, gB]);
  });

  it('comments, likes and delete on the same engine', async () => {
    const topic = (await create(poster.token, { comment_options: ['1', '2'] })).json().items;
    const comment = await t.inject({
      method: 'POST',
      url: `${C}/post-comment`,
      token: inA.token,
      payload: { topic_id: topic.id, content: '了解', is_anonymous: true },
    });
    expect(comment.json().items).toMatchObject({ is_anonymous: true, commenter_name: null });
    const cid = comment.json().items.id;
    const page = (await t.inject({ method: 'GET', url: `${C}/get-all-comment-by-topic-id/${topic.id}`, token: poster.token })).json().items;
    expect(page.data.map((c: { id: number }) => c.id)).toEqual([cid]);
    expect((await t.inject({ method: 'GET', url: `${C}/comment-detail/${cid}`, token: inB.token })).statusCode).toBe(404);
    const liked = await t.inject({
      method: 'POST',
      url: `${C}/${topic.id}/like-or-dislike-comment/${cid}`,
      token: poster.token,
      payload: { is_like: true },
    });
    expect(liked.json().items.liker_count).toBe(1);
    expect((await t.inject({ method: 'POST', url: `${C}/delete-comment-topic/${cid}`, token: poster.token })).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: `${C}/delete-comment-topic/${cid}`, token: inA.token })).statusCode).toBe(200);

    expect((await t.inject({ method: 'DELETE', url: `${C}/${topic.id}`, token: inA.token })).statusCode).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: `${C}/${topic.id}`, token: poster.token })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `${C}/${topic.id}`, token: inA.token })).statusCode).toBe(404);
  });

  it('a group topic id is not a common topic, and the reverse', async () => {
    const editor = await actor(t, { companyId: company });
    await t.addMember(gA, editor.id, { role_edit_topic: 1 });
    const groupTopic = (
      await t.inject({ method: 'POST', url: `${API}/members/me/groups/${gA}/topics/new-topic`, token: editor.token, payload: topicBody() })
    ).json().items.id;
    expect((await t.inject({ method: 'GET', url: `${C}/${groupTopic}`, token: editor.token })).statusCode).toBe(404);
    const common = (await create(poster.token)).json().items.id;
    expect(
      (await t.inject({ method: 'GET', url: `${API}/members/me/groups/${gA}/topics/get-topic-detail/${common}`, token: inA.token }))
        .statusCode,
    ).toBe(404);
  });
});
