import { LikeTargetType } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { createChat, send } from '../chat/testing';
import { actor, API, comment, get, groupWith, insertFile, post, postCommon, postTopic, T, type Actor } from './fixtures.test-util';
import { unreadRecounts } from './unread-store';

// Within the access token's idle lifetime, so the test needs no refresh.
const STEP = 5 * 60_000;

/**
 * Stored unread counts (unread-store.ts): a part is recounted only when a scope it reads
 * changed or its next delivery time came, and the counts stay right for writes the process did
 * not make (another API process, a hand-written UPDATE).
 */
describe.each(DIALECTS)('stored unread counts (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let a: Actor;
  let b: Actor;
  let gA: number;
  let gB: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    a = await actor(t, { companyId: company });
    b = await actor(t, { companyId: company });
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', b.id).execute();
    const both = (): [number, { role_edit_topic: 1 }][] => [
      [a.id, { role_edit_topic: 1 }],
      [b.id, { role_edit_topic: 1 }],
    ];
    gA = await groupWith(t, company, both());
    gB = await groupWith(t, company, both());
  });
  afterAll(() => t.close());

  const total = async (token = a.token) => (await get(t, token, '/notification/count/1')).json().items.count as number;
  const listTotal = async () => (await get(t, a.token, '/notification/unread?limit=100')).json().items.total as number;
  const recounts = () => ({
    A: unreadRecounts(t.ctx, a.id, `g:${gA}`),
    B: unreadRecounts(t.ctx, a.id, `g:${gB}`),
    common: unreadRecounts(t.ctx, a.id, 'common'),
  });

  it('recounts only the group whose content or read marks changed', async () => {
    await postTopic(t, b.token, gA);
    await postTopic(t, b.token, gB);
    const start = await total();
    const r0 = recounts();
    expect(await total()).toBe(start);
    expect(recounts(), 'nothing changed: every part reused').toEqual(r0);

    const inB = await postTopic(t, b.token, gB);
    expect(await total()).toBe(start + 1);
    expect(recounts()).toEqual({ ...r0, B: r0.B + 1 });

    await t.inject({ method: 'POST', url: `${T(gB)}/set-topic-is-seen/${inB}`, token: a.token });
    expect(await total()).toBe(start);
    expect(recounts()).toEqual({ ...r0, B: r0.B + 2 });

    // A common topic changes the common part only; B reading in A leaves a's parts alone.
    await postCommon(t, b.token, [gA]);
    expect(await total()).toBe(start + 1);
    expect(recounts()).toEqual({ ...r0, B: r0.B + 2, common: r0.common + 1 });
    const seenByB = await postTopic(t, a.token, gA);
    await total();
    const r1 = recounts();
    await t.inject({ method: 'POST', url: `${T(gA)}/set-topic-is-seen/${seenByB}`, token: b.token });
    await total();
    expect(recounts()).toEqual(r1);
    expect(await listTotal()).toBe(await total());

    // The group list's badges check only the listed groups' parts.
    await insertFile(t, { companyId: company, groupId: gA, uploaderId: b.id });
    const before = recounts();
    const mine = (await t.inject({ method: 'GET', url: `${API}/members/me/groups?limit=50`, token: a.token })).json().items.data as {
      id: number;
      unread_count: number;
    }[];
    expect(recounts()).toEqual({ ...before, A: before.A + 1 });
    expect(mine.find((g) => g.id === gA)!.unread_count).toBe((await get(t, a.token, `/notification/${gA}/count`)).json().items.count);
  });

  it('recounts for a comment only the people it concerns, and their counts follow it', async () => {
    const c = await actor(t, { companyId: company });
    await t.addMember(gA, c.id, { role_edit_topic: 1 });
    const byA = await postTopic(t, a.token, gA);
    const byB = await postTopic(t, b.token, gA);
    const badge = async (who: Actor) => {
      const mine = (await t.inject({ method: 'GET', url: `${API}/members/me/groups?limit=50`, token: who.token })).json().items.data as {
        id: number;
        unread_count: number;
      }[];
      return mine.find((g) => g.id === gA)!.unread_count;
    };
    const cRecounts = () => unreadRecounts(t.ctx, c.id, `g:${gA}`);
    let [aBadge, cBadge] = [await badge(a), await badge(c)];
    const [aR, cR] = [recounts().A, cRecounts()];
    // b comments on a's topic: a's notice; c, a member it does not concern, reuses its counts.
    await comment(t, b.token, gA, byA);
    expect(await badge(a)).toBe(aBadge + 1);
    expect(await badge(c)).toBe(cBadge);
    expect(cRecounts(), 'a bystander recounted for a comment').toBe(cR);
    expect(recounts().A).toBe(aR + 1);
    // b answers a's comment on b's own topic: a's notice as the parent's author.
    // (Commenting marks the topic read for its author, so the badge is taken after it.)
    const mine = await comment(t, a.token, gA, byB);
    aBadge = await badge(a);
    await comment(t, b.token, gA, byB, { parent_id: mine });
    expect(await badge(a)).toBe(aBadge + 1);
    // The comment rewritten to c outside the API: the reply's notice moves from a to c.
    [aBadge, cBadge] = [await badge(a), await badge(c)];
    await t.ctx.db.updateTable('topic_comments').set({ author_id: c.id }).where('id', '=', mine).execute();
    expect(await badge(a)).toBe(aBadge - 1);
    expect(await badge(c)).toBe(cBadge + 1);
    expect(await listTotal()).toBe(await total());
  });

  it('a scheduled topic enters the counts at its delivery time with no write', async () => {
    const start = await total();
    const commonStart = (await t.inject({ method: 'GET', url: `${API}/members/me/unread/count/common-topic`, token: a.token })).json().items
      .count as number;
    const at = t.clock() + STEP;
    await postTopic(t, b.token, gA, { delivery_date: at });
    await postCommon(t, b.token, [gB], { delivery_date: at + STEP });
    expect(await total()).toBe(start);
    const r0 = recounts();
    t.clock.advance(STEP - 1000);
    expect(await total(), 'not yet').toBe(start);
    expect(recounts(), 'held until the delivery time').toEqual(r0);

    t.clock.advance(1000);
    expect(await total()).toBe(start + 1);
    expect(recounts()).toEqual({ ...r0, A: r0.A + 1 });
    expect(await listTotal()).toBe(start + 1);

    t.clock.advance(STEP);
    expect(await total()).toBe(start + 2);
    expect(recounts()).toEqual({ ...r0, A: r0.A + 1, common: r0.common + 1 });
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/unread/count/common-topic`, token: a.token })).json().items.count).toBe(
      commonStart + 1,
    );
  });

  it('stays right across two API processes on one database and for writes outside the API', async () => {
    const other = await buildApp(t.config);
    await other.ready();
    try {
      const totalOn = async (app: typeof other) =>
        (
          await app.inject({
            method: 'GET',
            url: `${API}/members/me/notification/count/1`,
            headers: { authorization: `Bearer ${a.token}` },
          })
        ).json().items.count as number;
      const start = await totalOn(t.app);
      expect(await totalOn(other)).toBe(start);
      // Written through the second process: the first one's stored count is stale by generation.
      const res = await other.inject({
        method: 'POST',
        url: `${T(gB)}/new-topic`,
        headers: { authorization: `Bearer ${b.token}` },
        payload: { topic_title: '別プロセス', content: '<p>x</p>', how_nice: ['1'], comment_options: ['1'] },
      });
      expect(res.statusCode).toBe(200);
      const id = res.json().items.id as number;
      expect(await totalOn(t.app)).toBe(start + 1);
      // A hand-written UPDATE (no API, no hook) is seen by both.
      await t.ctx.db.updateTable('topics').set({ in_bin: 1 }).where('id', '=', id).execute();
      expect(await totalOn(t.app)).toBe(start);
      expect(await totalOn(other)).toBe(start);
      await t.ctx.db.deleteFrom('group_members').where('group_id', '=', gB).where('user_id', '=', a.id).execute();
      const tally = (await get(t, a.token, '/unread/group-data')).json().items;
      expect(tally.groups.map((g: { group_id: number }) => g.group_id)).not.toContain(gB);
      expect(tally.total).toBe(await listTotal());
      expect(tally.total).toBe(await totalOn(other));
    } finally {
      await other.close();
    }
  });

  it('recounts the chat notices when a chat of the viewer gets a message or is read, not for others’ chats', async () => {
    const chat = await createChat(t, b.token, gA, [a.id]);
    const c = await actor(t, { companyId: company });
    await t.addMember(gA, c.id);
    const elsewhere = await createChat(t, b.token, gA, [c.id]);
    const part = `o:${LikeTargetType.CHAT_CONTENT}`;
    const start = await total();
    const r0 = unreadRecounts(t.ctx, a.id, part);
    await send(t, b.token, elsewhere, 'ひとりごと');
    expect(await total()).toBe(start);
    expect(unreadRecounts(t.ctx, a.id, part), 'a chat a is not in').toBe(r0);
    await send(t, b.token, chat, 'こんにちは');
    expect(await total()).toBe(start + 1);
    expect(unreadRecounts(t.ctx, a.id, part)).toBe(r0 + 1);
    expect((await post(t, a.token, `/mark-read-each-item/9-${chat}`)).statusCode).toBe(200);
    expect(await total()).toBe(start);
    expect(await listTotal()).toBe(start);
  });
});
