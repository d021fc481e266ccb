import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, API, C, groupWith, postTopic, T, topicBody, type Actor } from '../topics/testing';
import { TestSocket, type ServerFrame } from './ws-client.test-util';

/**
 * Who hears what of a like or a comment: the sockets that subscribed to the topic (the page
 * shows it) and the people it concerns (the topic's author, the answered comment's author);
 * members elsewhere hear nothing of it, and no one outside the topic's readers ever does.
 */
describe.each(DIALECTS)('realtime events addressed by interest (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let company: number;
  let author: Actor;
  let viewer: Actor;
  let idle: Actor;
  let stranger: Actor;
  let g: number;
  let gOther: number;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/service/api/v1/realtime`;
    company = await t.createCompany();
    author = await actor(t, { companyId: company });
    viewer = await actor(t, { companyId: company });
    idle = await actor(t, { companyId: company });
    stranger = await actor(t, { companyId: company });
    g = await groupWith(t, company, [
      [author.id, { role_admin: 1, role_edit_topic: 1 }],
      [viewer.id, {}],
      [idle.id, {}],
    ]);
    gOther = await groupWith(t, company, [[stranger.id, { role_admin: 1 }]]);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.ws.terminate();
  });
  afterAll(() => t.close());

  const post = (path: string, token: string, payload: unknown = {}) =>
    t.inject({ method: 'POST', url: path, token, payload: payload as never });
  const open = async (who: Actor) => {
    const s = await TestSocket.open(url);
    sockets.push(s);
    await s.auth(who.token);
    return s;
  };
  const subscribe = async (s: TestSocket, topicId: number) => {
    const from = s.frames.length;
    s.send({ type: 'subscribe', topic_id: topicId });
    return (await s.next((f) => f.type === 'subscribed', { from })) as ServerFrame & { ok: boolean; topic_id: number };
  };
  const topicEvents = (s: TestSocket, from = 0) =>
    s.frames
      .slice(from)
      .filter((f) => f.type === 'event' && /^(common-)?topic\./.test(f.event!.kind))
      .map((f) => f.event!.kind);
  /** Deliveries are one fan-out; a write by `marker` that the socket does hear closes the window. */
  const settle = () => new Promise((r) => setTimeout(r, 150));

  it('a like and a comment reach the viewing member and the author, not an idle member nor a non-member', async () => {
    const id = await postTopic(t, author.token, g);
    const [a, v, i, s] = [await open(author), await open(viewer), await open(idle), await open(stranger)];
    expect(await subscribe(v, id)).toMatchObject({ topic_id: id, ok: true });
    const from = [a, v, i, s].map((x) => x.frames.length);

    await post(`${T(g)}/like-or-dislike-topic/${id}`, idle.token, { is_like: true });
    const comment = (await post(`${T(g)}/add-new-comment`, idle.token, { topic_id: id, content: 'いいですね' })).json().items.id as number;
    await v.next((f) => f.event?.kind === 'topic.comment.added');
    await a.next((f) => f.event?.kind === 'topic.comment.added');
    await post(`${T(g)}/${id}/like-or-dislike-comment/${comment}`, viewer.token, { is_like: true });
    // The comment's author is concerned by a like of it, viewing or not.
    await i.next((f) => f.event?.kind === 'topic.comment.liked');
    await v.next((f) => f.event?.kind === 'topic.comment.liked');
    await settle();

    expect(topicEvents(v, from[1])).toEqual(['topic.liked', 'topic.comment.added', 'topic.comment.liked']);
    expect(topicEvents(a, from[0])).toEqual(['topic.liked', 'topic.comment.added', 'topic.comment.liked']);
    expect(topicEvents(i, from[2])).toEqual(['topic.comment.liked']);
    expect(topicEvents(s, from[3])).toEqual([]);
  });

  it('after unsubscribing, or on another topic, the member hears nothing more of it', async () => {
    const id = await postTopic(t, author.token, g);
    const other = await postTopic(t, author.token, g);
    const v = await open(viewer);
    await subscribe(v, other);
    await subscribe(v, id);
    v.send({ type: 'unsubscribe', topic_id: id });
    await subscribe(v, other); // answered after the unsubscribe: same queue
    const from = v.frames.length;
    await post(`${T(g)}/like-or-dislike-topic/${id}`, idle.token, { is_like: true });
    await post(`${T(g)}/like-or-dislike-topic/${other}`, idle.token, { is_like: true });
    await v.next((f) => f.event?.kind === 'topic.liked', { from });
    await settle();
    expect(
      v.frames
        .slice(from)
        .filter((f) => f.type === 'event')
        .map((f) => (f.event!.payload as { topic_id: number }).topic_id),
    ).toEqual([other]);
  });

  it('a new topic still reaches every member, viewing or not (their feeds and badges change)', async () => {
    const [v, i, s] = [await open(viewer), await open(idle), await open(stranger)];
    const id = await postTopic(t, author.token, g);
    await v.next((f) => f.event?.kind === 'topic.created');
    await i.next((f) => f.event?.kind === 'topic.created');
    await settle();
    expect(topicEvents(s)).toEqual([]);
    expect(id).toBeGreaterThan(0);
  });

  it('a subscription is granted only for a topic the user may read', async () => {
    const id = await postTopic(t, author.token, g);
    const scheduled = await postTopic(t, author.token, g, { delivery_date: t.clock() + 3_600_000 });
    const s = await open(stranger);
    expect(await subscribe(s, id)).toMatchObject({ ok: false });
    expect(await subscribe(s, 999_999)).toMatchObject({ ok: false });
    const v = await open(viewer);
    expect(await subscribe(v, scheduled)).toMatchObject({ ok: false });
    expect(await subscribe(await open(author), scheduled)).toMatchObject({ ok: true });
    // Before auth: refused, not an error.
    const anon = await TestSocket.open(url);
    sockets.push(anon);
    anon.send({ type: 'subscribe', topic_id: id });
    expect(await anon.next((f) => f.type === 'subscribed')).toMatchObject({ ok: false });

    const from = s.frames.length;
    await post(`${T(g)}/like-or-dislike-topic/${id}`, idle.token, { is_like: true });
    await post(`${T(g)}/add-new-comment`, idle.token, { topic_id: id, content: '見えない' });
    await settle();
    expect(topicEvents(s, from)).toEqual([]);
  });

  it('a member who leaves the group stops hearing of the topic they had open', async () => {
    const leaver = await actor(t, { companyId: company });
    await t.addMember(g, leaver.id);
    const id = await postTopic(t, author.token, g);
    const l = await open(leaver);
    expect(await subscribe(l, id)).toMatchObject({ ok: true });
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}/leave`, token: leaver.token })).statusCode).toBe(200);
    await l.next((f) => f.event?.kind === 'group.member.removed');
    const from = l.frames.length;
    await post(`${T(g)}/like-or-dislike-topic/${id}`, idle.token, { is_like: true });
    await settle();
    expect(topicEvents(l, from)).toEqual([]);
  });

  it('coming back to a topic left lately is granted from memory, unless the user left the group since', async () => {
    const [back, leaver] = [await actor(t, { companyId: company }), await actor(t, { companyId: company })];
    for (const u of [back, leaver]) await t.addMember(g, u.id);
    const id = await postTopic(t, author.token, g);
    const [b, l] = [await open(back), await open(leaver)];
    for (const s of [b, l]) {
      expect(await subscribe(s, id)).toMatchObject({ ok: true });
      s.send({ type: 'unsubscribe', topic_id: id });
    }
    // Taken out behind the realtime layer's back (no event): only a remembered grant lets the
    // page back in, which shows the database was not asked again.
    await t.ctx.db.deleteFrom('group_members').where('group_id', '=', g).where('user_id', '=', back.id).execute();
    expect(await subscribe(b, id)).toMatchObject({ ok: true });
    // Leaving through the portal announces it, and the remembered grant goes with it.
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}/leave`, token: leaver.token })).statusCode).toBe(200);
    await l.next((f) => f.event?.kind === 'group.member.removed');
    expect(await subscribe(l, id)).toMatchObject({ ok: false });
  });

  it('common topics: the same rule through destination groups', async () => {
    const poster = await actor(t, { companyId: company });
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', poster.id).execute();
    const id = (await post(`${C}/create`, poster.token, topicBody({ selected_group: [g] }))).json().items.id as number;
    const [p, v, i, s] = [await open(poster), await open(viewer), await open(idle), await open(stranger)];
    expect(await subscribe(v, id)).toMatchObject({ ok: true });
    expect(await subscribe(s, id)).toMatchObject({ ok: false });
    const from = [p, v, i, s].map((x) => x.frames.length);
    await post(`${C}/post-comment`, idle.token, { topic_id: id, content: '了解' });
    await v.next((f) => f.event?.kind === 'common-topic.comment.added');
    await p.next((f) => f.event?.kind === 'common-topic.comment.added');
    await settle();
    expect(topicEvents(i, from[2])).toEqual([]);
    expect(topicEvents(s, from[3])).toEqual([]);
    expect(gOther).toBeGreaterThan(0);
  });
});
