import type { AddressInfo } from 'node:net';
import { TOPIC_EVENT_KINDS } from '@portal/api-client/realtime';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { TestSocket } from '../realtime/testing';
import { actor, C, groupWith, postTopic, T, topicBody, type Actor } from './fixtures.test-util';
import { DELIVER_JOB } from './service';
import { newWorkerId, type RealtimeEvent, runDueJobs } from '../../kernel';

type Seen = { userIds: number[]; event: RealtimeEvent };

describe.each(DIALECTS)('topic realtime events (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let company: number;
  let author: Actor;
  let member: Actor;
  let stranger: Actor;
  let g: number;
  let gOther: number;
  const seen: Seen[] = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/service/api/v1/realtime`;
    company = await t.createCompany();
    author = await actor(t, { companyId: company });
    member = await actor(t, { companyId: company });
    stranger = await actor(t, { companyId: company });
    g = await groupWith(t, company, [
      [author.id, { role_edit_topic: 1 }],
      [member.id, {}],
    ]);
    gOther = await groupWith(t, company, [[stranger.id, { role_admin: 1 }]]);
    t.ctx.bus.subscribe((userIds, event) => seen.push({ userIds, event }));
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
  /** Recipients of the events of a kind about a topic, since index `from` of `seen`. */
  const recipients = (from: number, kind: string, topicId: number) =>
    seen
      .slice(from)
      .filter((s) => s.event.kind === kind && (s.event.payload as { topic_id: number }).topic_id === topicId)
      .map((s) => s.userIds);

  it('a member hears of a new topic, and of a comment and a like on the topic they open; a non-member hears nothing', async () => {
    const mine = await open(member);
    const theirs = await open(stranger);
    const id = await postTopic(t, author.token, g);
    const created = await mine.next((f) => f.event?.kind === 'topic.created');
    expect(created.event!.payload).toEqual({ group_id: g, topic_id: id });
    mine.send({ type: 'subscribe', topic_id: id });
    await mine.next((f) => f.type === 'subscribed');

    const comment = (await post(`${T(g)}/add-new-comment`, member.token, { topic_id: id, content: 'いいですね' })).json().items.id;
    const added = await mine.next((f) => f.event?.kind === 'topic.comment.added');
    // The comment as another reader's comment page shows it, so open pages add it without asking.
    const page = await t.inject({
      method: 'GET',
      url: `${T(g)}/get-all-comment-by-topic-id/${id}?sortedBy=asc&limit=10&page=1`,
      token: author.token,
    });
    const asTheyRead = page.json().items.data.find((c: { id: number }) => c.id === comment);
    expect(asTheyRead).toMatchObject({ is_own: false, commenter_id: member.id, content: 'いいですね' });
    expect(added.event!.payload).toEqual({ group_id: g, topic_id: id, comment_id: comment, comment: asTheyRead });
    // An anonymous comment's author must stay unknown: the event carries no comment, pages reload.
    const anonymous = (await post(`${T(g)}/add-new-comment`, member.token, { topic_id: id, content: '匿名', is_anonymous: true })).json()
      .items.id;
    const hidden = await mine.next(
      (f) => f.event?.kind === 'topic.comment.added' && (f.event.payload as { comment_id: number }).comment_id === anonymous,
    );
    expect(hidden.event!.payload).toEqual({ group_id: g, topic_id: id, comment_id: anonymous });
    await post(`${T(g)}/like-or-dislike-topic/${id}`, author.token, { is_like: true });
    await mine.next((f) => f.event?.kind === 'topic.liked');

    // Events reach every socket in the same fan-out; give the stranger's a moment anyway.
    await new Promise((r) => setTimeout(r, 150));
    expect(theirs.frames.filter((f) => f.type === 'event' && f.event!.kind.startsWith('topic.'))).toEqual([]);
  });

  it('every group topic action reaches the group’s members; likes and comments only those they concern', async () => {
    const from = seen.length;
    const id = await postTopic(t, author.token, g, { is_multiple_edit: true });
    const comment = (await post(`${T(g)}/add-new-comment`, member.token, { topic_id: id, content: 'コメント' })).json().items.id;
    await post(`${T(g)}/${id}/like-or-dislike-comment/${comment}`, author.token, { is_like: true });
    await post(`${T(g)}/${id}/like-or-dislike-comment/${comment}`, author.token, { is_like: false });
    await post(`${T(g)}/like-or-dislike-topic/${id}`, member.token, { is_like: true });
    await post(`${T(g)}/like-or-dislike-topic/${id}`, member.token, { is_like: false });
    await post(`${T(g)}/delete-comment-topic/${comment}`, member.token);
    expect((await post(`${T(g)}/update-topic/${id}`, author.token, topicBody({ topic_title: '更新' }))).statusCode).toBe(200);
    await runDueJobs(t.ctx, newWorkerId());

    const both = [author.id, member.id].sort();
    // The listening app's own job runner may be the one that delivers; wait for it either way.
    await vi.waitFor(async () =>
      expect(
        await t.ctx.db.selectFrom('jobs').select('done_at').where('kind', '=', DELIVER_JOB).where('ref_id', '=', id).executeTakeFirst(),
      ).toMatchObject({ done_at: expect.any(Number) }),
    );
    // Likes and comments: the topic's author, and a liked comment's author; the sockets viewing
    // the topic get them too (realtime/interest.test.ts).
    for (const [kind, times, to] of [
      ['topic.created', 1, both],
      ['topic.comment.added', 1, [author.id]],
      ['topic.comment.liked', 2, both],
      ['topic.liked', 2, [author.id]],
      ['topic.comment.deleted', 1, [author.id]],
      ['topic.updated', 1, both],
      // Posted for now: `created` told everyone, delivery adds no second event.
      ['topic.delivered', 0, both],
    ] as const) {
      const got = recipients(from, kind, id);
      expect(got, kind).toHaveLength(times);
      for (const ids of got) expect([...ids].sort(), kind).toEqual(to);
    }
    expect(seen.slice(from).every((s) => !s.userIds.includes(stranger.id))).toBe(true);
    // A favourite is private: no event.
    const before = seen.length;
    await post(`${T(g)}/favorite-topic/${id}`, member.token, { is_favor: true });
    expect(seen.slice(before)).toEqual([]);
  });

  // Viewers patch their open detail from the event instead of reloading it, so the
  // event names the liker, except on a topic that hides its likers from other readers.
  it('a like event says who liked or took it back, unless the topic hides its likers', async () => {
    const likePayloads = (from: number, topicId: number) =>
      seen
        .slice(from)
        .filter((s) => s.event.kind === 'topic.liked' && (s.event.payload as { topic_id: number }).topic_id === topicId)
        .map((s) => s.event.payload);
    const open = await postTopic(t, author.token, g);
    const from = seen.length;
    await post(`${T(g)}/like-or-dislike-topic/${open}`, member.token, { is_like: true });
    const detail = (await t.inject({ method: 'GET', url: `${T(g)}/get-topic-detail/${open}`, token: author.token })).json().items;
    await post(`${T(g)}/like-or-dislike-topic/${open}`, member.token, { is_like: false });
    const name = detail.liker[0].name;
    expect(name).toBeTruthy();
    expect(likePayloads(from, open)).toEqual([
      { group_id: g, topic_id: open, like: { user: { id: member.id, name }, on: true } },
      { group_id: g, topic_id: open, like: { user: { id: member.id, name }, on: false } },
    ]);

    const hidden = await postTopic(t, author.token, g, { how_nice: ['1', '2'] });
    const from2 = seen.length;
    await post(`${T(g)}/like-or-dislike-topic/${hidden}`, member.token, { is_like: true });
    expect(likePayloads(from2, hidden)).toEqual([{ group_id: g, topic_id: hidden }]);
  });

  it('a scheduled topic is announced to its author only until delivery, then to the members', async () => {
    const from = seen.length;
    const when = t.clock() + 3_600_000;
    const id = await postTopic(t, author.token, g, { delivery_date: when });
    expect(recipients(from, 'topic.created', id)).toEqual([[author.id]]);
    await runDueJobs(t.ctx, newWorkerId());
    expect(recipients(from, 'topic.delivered', id)).toEqual([]);
    t.clock.set(when);
    await runDueJobs(t.ctx, newWorkerId());
    await vi.waitFor(() => expect(recipients(from, 'topic.delivered', id)).toHaveLength(1));
    expect(recipients(from, 'topic.delivered', id).map((ids) => [...ids].sort())).toEqual([[author.id, member.id].sort()]);
    for (const u of [author, member, stranger]) u.token = await t.login(u);
  });

  it('common topic events reach the destination groups’ members and the author, not other groups', async () => {
    const poster = await actor(t, { companyId: company });
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', poster.id).execute();
    const sock = await open(stranger);
    const from = seen.length;
    const res = await post(`${C}/create`, poster.token, topicBody({ selected_group: [g] }));
    expect(res.statusCode).toBe(200);
    const id = res.json().items.id as number;
    expect(recipients(from, 'common-topic.created', id).map((ids) => [...ids].sort())).toEqual([[author.id, member.id, poster.id].sort()]);
    await post(`${C}/post-comment`, member.token, { topic_id: id, content: '了解' });
    expect(recipients(from, 'common-topic.comment.added', id)).toEqual([[poster.id]]);

    // Re-targeted to the other group: both the old and the new readers hear of it.
    const upd = await post(`${C}/${id}`, poster.token, topicBody({ selected_group: [gOther] }));
    expect(upd.statusCode).toBe(200);
    expect(recipients(from, 'common-topic.updated', id).map((ids) => [...ids].sort())).toEqual([
      [author.id, member.id, stranger.id, poster.id].sort(),
    ]);
    await sock.next((f) => f.event?.kind === 'common-topic.updated');
    expect(sock.frames.some((f) => f.event?.kind === 'common-topic.created')).toBe(false);
  });

  it('publishes only kinds from the shared list', () => {
    const kinds = new Set(seen.map((s) => s.event.kind).filter((k) => k.startsWith('topic.') || k.startsWith('common-topic.')));
    expect(kinds.size).toBeGreaterThan(5);
    for (const k of kinds) expect(TOPIC_EVENT_KINDS).toContain(k);
  });
});
