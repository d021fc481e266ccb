import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, API, comment, get, groupWith, insertFile, post, postCommon, postTopic, T, type Actor } from './fixtures.test-util';

/** A small seeded generator, so a failing sequence can be replayed from its seed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe.each(DIALECTS)('unread counts equal the lists after random sequences (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let a: Actor;
  let b: Actor;
  let groups: number[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    a = await actor(t, { companyId: company });
    b = await actor(t, { companyId: company });
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', b.id).execute();
    groups = [
      await groupWith(t, company, [[a.id, { role_edit_topic: 1 }], [b.id, { role_edit_topic: 1 }]]),
      await groupWith(t, company, [[a.id, { role_edit_topic: 1 }], [b.id, { role_edit_topic: 1 }]]),
    ];
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
      const inList = list.data.filter((d: { group_id: number | null }) => d.group_id === g);
      const count = (await get(t, a.token, `/notification/${g}/count`)).json().items;
      expect(count.count, `${step} group ${g}`).toBe(inList.length);
      expect((await get(t, a.token, `/notification/unread?limit=100&group_id=${g}`)).json().items.total, step).toBe(inList.length);
      expect(mine.find((x: { id: number }) => x.id === g)?.unread_count ?? 0, `${step} badge ${g}`).toBe(inList.length);
      // The breakdown is what the feed and shared folder show as unread, plus comment notices.
      const topics = (await t.inject({ method: 'GET', url: `${T(g)}/count-topic`, token: a.token })).json().items.unread;
      const files = (await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}/count-share-folder`, token: a.token })).json().items.unread;
      expect(count.by_type['1'] ?? 0, `${step} topics ${g}`).toBe(topics);
      expect(count.by_type['3'] ?? 0, `${step} files ${g}`).toBe(files);
      expect(count.by_type['2'] ?? 0, step).toBe(inList.filter((d: { unread_type: number }) => d.unread_type === 2).length);
    }
    const common = list.data.filter((d: { group_id: number | null }) => d.group_id === null).length;
    expect(data.common, step).toBe(common);
  }

  it('holds for every step of 3 seeded sequences', async () => {
    const topicsOf = new Map<number, number[]>();
    const aTopics: { g: number; id: number }[] = [];
    const comments: { g: number; id: number }[] = [];
    for (const seed of [7, 42, 2026]) {
      const r = rng(seed);
      const pick = <X>(xs: X[]): X | undefined => xs[Math.floor(r() * xs.length)];
      for (let i = 0; i < 14; i++) {
        t.clock.advance(1000);
        const g = pick(groups)!;
        const op = Math.floor(r() * 9);
        let step = `seed ${seed} step ${i} op ${op}`;
        if (op === 0) {
          const id = await postTopic(t, b.token, g, { topic_title: `T${seed}-${i}` });
          topicsOf.set(g, [...(topicsOf.get(g) ?? []), id]);
        } else if (op === 1) {
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
        } else step += ' (no-op)';
        await checkAgreement(step);
      }
    }
  }, 180_000);
});
