import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { createChat, send } from '../chat/testing';
import { actor, API, comment, get, groupWith, insertFile, post, postCommon, postTopic, T, type Actor } from './fixtures.test-util';

/** A small seeded generator, so a failing sequence can be replayed from its seed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Counts are stored per part and reused while their generations hold (unread-store.ts), so the
 * sequences interleave count requests with writes: every number must still equal the list after
 * every step, whichever parts were stored when and whatever wrote (routes, raw SQL, time).
 */
describe.each(DIALECTS)('unread counts equal the lists after random sequences (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let a: Actor;
  let b: Actor;
  let groups: number[];
  let chat: number;
  /** Groups a has left for now (op 12 leaves and later rejoins through the database). */
  const left = new Set<number>();

  beforeAll(async () => {
    // Without the response cache: it may answer a repeated read for 2 s of the test clock when
    // nothing was written, and a scheduled topic going live is a change by time alone. What is
    // checked here is the stored counts (the cache has its own tests).
    t = await createTestApp(dialect, { responseCacheMs: 0 });
    company = await t.createCompany();
    a = await actor(t, { companyId: company });
    b = await actor(t, { companyId: company });
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', b.id).execute();
    groups = [
      await groupWith(t, company, [
        [a.id, { role_edit_topic: 1 }],
        [b.id, { role_edit_topic: 1 }],
      ]),
      await groupWith(t, company, [
        [a.id, { role_edit_topic: 1 }],
        [b.id, { role_edit_topic: 1 }],
      ]),
    ];
    chat = await createChat(t, b.token, groups[0]!, [a.id]);
  });
  afterAll(() => t.close());

  /** Every number the user can see about unread items, checked against the list. */
  async function checkAgreement(step: string) {
    const list = (await get(t, a.token, '/notification/unread?limit=100')).json().items;
    expect((await get(t, a.token, '/notification/count/1')).json().items.count, step).toBe(list.total);
    expect(list.data.length, step).toBe(list.total);
    const data = (await get(t, a.token, '/unread/group-data')).json().items;
    expect(data.total, step).toBe(list.total);
    const mine = (await t.inject({ method: 'GET', url: `${API}/members/me/groups?limit=50`, token: a.token })).json().items.data;
    for (const g of groups) {
      if (left.has(g)) {
        expect(
          list.data.some((d: { group_id: number | null }) => d.group_id === g),
          `${step} left ${g}`,
        ).toBe(false);
        continue;
      }
      const inList = list.data.filter((d: { group_id: number | null }) => d.group_id === g);
      const count = (await get(t, a.token, `/notification/${g}/count`)).json().items;
      expect(count.count, `${step} group ${g}`).toBe(inList.length);
      expect((await get(t, a.token, `/notification/unread?limit=100&group_id=${g}`)).json().items.total, step).toBe(inList.length);
      expect(mine.find((x: { id: number }) => x.id === g)?.unread_count ?? 0, `${step} badge ${g}`).toBe(inList.length);
      // The breakdown is what the feed and shared folder show as unread, plus comment notices.
      const topics = (await t.inject({ method: 'GET', url: `${T(g)}/count-topic`, token: a.token })).json().items.unread;
      const files = (await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}/count-share-folder`, token: a.token })).json()
        .items.unread;
      expect(count.by_type['1'] ?? 0, `${step} topics ${g}`).toBe(topics);
      expect(count.by_type['3'] ?? 0, `${step} files ${g}`).toBe(files);
      expect(count.by_type['2'] ?? 0, step).toBe(inList.filter((d: { unread_type: number }) => d.unread_type === 2).length);
    }
    // Common kinds (6, 7, 8) and the rest (chat 9, saved searches 10) also have no group.
    const ofTypes = (types: number[]) => list.data.filter((d: { unread_type: number }) => types.includes(d.unread_type)).length;
    expect(data.common, step).toBe(ofTypes([6, 7, 8]));
    expect(data.other, step).toBe(ofTypes([9, 10]));
  }

  /** A count request between writes, so stored parts of different ages meet the next write. */
  async function askSomething(r: () => number) {
    const g = groups[Math.floor(r() * groups.length)]!;
    const ask = Math.floor(r() * 4);
    if (ask === 0) await get(t, a.token, '/notification/count/1');
    else if (ask === 1 && !left.has(g)) await get(t, a.token, `/notification/${g}/count`);
    else if (ask === 2) await t.inject({ method: 'GET', url: `${API}/members/me/groups?limit=50`, token: a.token });
    else await get(t, a.token, '/unread/group-data');
  }

  it('holds for every step of 3 seeded sequences', async () => {
    const topicsOf = new Map<number, number[]>();
    const aTopics: { g: number; id: number }[] = [];
    const comments: { g: number; id: number }[] = [];
    const aComments: { g: number; id: number; topic: number }[] = [];
    for (const seed of [7, 42, 2026]) {
      const r = rng(seed);
      const pick = <X>(xs: X[]): X | undefined => xs[Math.floor(r() * xs.length)];
      for (let i = 0; i < 24; i++) {
        t.clock.advance(1000);
        const g = pick(groups)!;
        const op = Math.floor(r() * 16);
        if (r() < 0.6) await askSomething(r);
        let step = `seed ${seed} step ${i} op ${op}`;
        if (op === 0) {
          const id = await postTopic(t, b.token, g, { topic_title: `T${seed}-${i}` });
          topicsOf.set(g, [...(topicsOf.get(g) ?? []), id]);
        } else if (op === 1 && !left.has(g)) {
          aTopics.push({ g, id: await postTopic(t, a.token, g, { topic_title: `A${seed}-${i}` }) });
        } else if (op === 2 && aTopics.length) {
          const at = pick(aTopics)!;
          comments.push({ g: at.g, id: await comment(t, b.token, at.g, at.id) });
        } else if (op === 3) {
          await insertFile(t, { companyId: company, groupId: g, uploaderId: b.id });
        } else if (op === 4) {
          await postCommon(t, b.token, [g]);
        } else if (op === 5) {
          // Read something: through the unread list (the first item) or the feed.
          const first = (await get(t, a.token, '/notification/unread?limit=1')).json().items.data[0];
          if (first) expect((await post(t, a.token, `/mark-read-each-item/${first.id}`)).statusCode).toBe(200);
          const tid = pick(topicsOf.get(g) ?? []);
          if (tid) await t.inject({ method: 'POST', url: `${T(g)}/set-topic-is-seen/${tid}`, token: a.token });
        } else if (op === 6) {
          const tid = pick(topicsOf.get(g) ?? []);
          if (tid) await t.inject({ method: 'POST', url: `${T(g)}/move-topics-to-bin`, token: b.token, payload: { topic_ids: [tid] } });
        } else if (op === 7 && comments.length) {
          const c = comments.splice(Math.floor(r() * comments.length), 1)[0]!;
          await t.inject({ method: 'POST', url: `${T(c.g)}/delete-comment-topic/${c.id}`, token: b.token });
        } else if (op === 8) {
          // A topic gets unread again when edited; or the whole group is marked read.
          if (r() < 0.5) await post(t, a.token, `/mark-read-group/${g}`);
          else {
            const tid = pick(topicsOf.get(g) ?? []);
            if (tid) await t.inject({ method: 'POST', url: `${T(g)}/new-topic-mark/${tid}`, token: a.token });
          }
        } else if (op === 9) {
          // Scheduled: visible a few steps later with no write at that time.
          const id = await postTopic(t, b.token, g, { topic_title: `S${seed}-${i}`, delivery_date: t.clock() + 2500 });
          topicsOf.set(g, [...(topicsOf.get(g) ?? []), id]);
        } else if (op === 10) {
          await send(t, b.token, chat, `M${seed}-${i}`);
        } else if (op === 11) {
          // A move to the other group, written straight to the table (no route, no hook).
          const tid = pick(topicsOf.get(g) ?? []);
          const to = groups.find((x) => x !== g)!;
          if (tid) {
            await t.ctx.db.updateTable('topics').set({ group_id: to }).where('id', '=', tid).execute();
            topicsOf.set(
              g,
              topicsOf.get(g)!.filter((x) => x !== tid),
            );
            topicsOf.set(to, [...(topicsOf.get(to) ?? []), tid]);
          }
        } else if (op === 12) {
          // Leave the group, or come back to it.
          if (left.delete(g)) await t.addMember(g, a.id, { role_edit_topic: 1 });
          else {
            await t.ctx.db.deleteFrom('group_members').where('group_id', '=', g).where('user_id', '=', a.id).execute();
            left.add(g);
          }
        } else if (op === 13) {
          // a comments on b's topic; a later step's reply to it is a's to count (parent author).
          const tid = pick(topicsOf.get(g) ?? []);
          if (tid && !left.has(g)) {
            const mine = await comment(t, a.token, g, tid).catch(() => undefined);
            if (mine) aComments.push({ g, id: mine, topic: tid });
          }
        } else if (op === 14 && aComments.length) {
          const c = pick(aComments)!;
          const reply = await comment(t, b.token, c.g, c.topic, { parent_id: c.id }).catch(() => undefined);
          if (reply) comments.push({ g: c.g, id: reply });
        } else if (op === 15 && (comments.length || aComments.length)) {
          // A comment's author rewritten straight in the table: whose topic or reply it is changes.
          const c = pick([...comments, ...aComments])!;
          await t.ctx.db
            .updateTable('topic_comments')
            .set({ author_id: r() < 0.5 ? a.id : b.id })
            .where('id', '=', c.id)
            .execute();
        } else step += ' (no-op)';
        await checkAgreement(step);
      }
    }
  }, 180_000);
});
