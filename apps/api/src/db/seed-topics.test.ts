import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../text/sanitize';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { normalizeForSearch } from '../text/search';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TOPICS, seedDemo } from './seed';

const API = '/service/api/v1';

describe.each(DIALECTS)('demo topics (%s)', (dialect) => {
  let t: TestApp;
  const tokens = new Map<number, string>();
  const groupIds = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedDemo(t.ctx);
    for (const g of await t.ctx.db.selectFrom('groups').select(['id', 'name']).execute()) groupIds.set(g.name, g.id);
  });
  afterAll(() => t.close());

  const token = async (index: number) => {
    if (!tokens.has(index)) {
      const res = await t.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        payload: { employee_number: `E${String(index).padStart(4, '0')}`, password: DEMO_PASSWORD },
      });
      tokens.set(index, res.json().items.access_token);
    }
    return tokens.get(index)!;
  };
  const topicId = async (title: string) =>
    (await t.ctx.db.selectFrom('topics').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
  const detailUrl = (topic: (typeof DEMO_TOPICS)[number], id: number) =>
    topic.group === null
      ? `${API}/members/me/common-topics/${id}`
      : `${API}/members/me/groups/${groupIds.get(topic.group)}/topics/get-topic-detail/${id}`;

  it('are stored as the topic service stores them, already delivered and without a mail job', async () => {
    const rows = await t.ctx.db.selectFrom('topics').selectAll().execute();
    expect(rows).toHaveLength(DEMO_TOPICS.length);
    for (const topic of DEMO_TOPICS) {
      const row = rows.find((r) => r.title === topic.title)!;
      const clean = sanitizeHtml(topic.html);
      expect(row, topic.title).toMatchObject({
        title_search: normalizeForSearch(topic.title),
        content_html: clean.html,
        content_text: clean.text,
      });
      expect(row.delivery_at).toBeLessThan(t.clock());
    }
    expect(rows.filter((r) => r.emergency_contact === 1)).toHaveLength(1);
    expect(rows.filter((r) => r.group_id === null).length).toBeGreaterThanOrEqual(3);
    expect(await t.ctx.db.selectFrom('jobs').select('id').where('kind', '=', 'topic.deliver').execute()).toEqual([]);
    expect(fs.existsSync(path.join(t.config.dataDir, 'outbox'))).toBe(false);
  });

  it('authors may edit their topics; every commenter and liker can read the topic they touched', async () => {
    for (const topic of DEMO_TOPICS) {
      const id = await topicId(topic.title);
      const own = await t.inject({ method: 'GET', url: detailUrl(topic, id), token: await token(topic.by) });
      expect(own.statusCode, topic.title).toBe(200);
      expect(own.json().items.can_edit, `${topic.title} by E${topic.by}`).toBe(true);
      const people = [...(topic.likers ?? []), ...(topic.comments ?? []).flatMap((c) => [c.by, ...(c.replies ?? []).map((r) => r.by)])];
      for (const who of new Set(people)) {
        const res = await t.inject({ method: 'GET', url: detailUrl(topic, id), token: await token(who) });
        expect(res.statusCode, `${topic.title} read by E${who}`).toBe(200);
      }
      if (topic.likers) expect(own.json().items.liker_count).toBe(topic.likers.length);
    }
  });

  it('the plain member finds 週報 by the feed filter, with its comments, and sees common topics', async () => {
    const member = await token(Number(DEMO_ACCOUNTS.member.employee_number.slice(1)));
    const g = groupIds.get('総務部')!;
    const feed = (
      await t.inject({
        method: 'GET',
        url: `${API}/members/me/groups/${g}/topics/get-not-delete-topics?title=${encodeURIComponent('週報')}`,
        token: member,
      })
    ).json().items;
    expect(feed.data.map((r: { title: string }) => r.title)).toEqual(['週報']);
    // The list shows the plain-text preview of the sanitised body.
    expect(feed.data[0].content).toMatch(/^今週の総務部の動きです。/);
    expect(feed.data[0].content).not.toContain('<');
    const id = feed.data[0].id;
    const comments = (
      await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}/topics/get-all-comment-by-topic-id/${id}`, token: member })
    ).json().items;
    expect(comments.total).toBe(2);
    const anonymous = comments.data.find((c: { is_anonymous: boolean }) => c.is_anonymous);
    expect(anonymous).toMatchObject({ commenter_name: null, comments: [{ content: '<p>来月の第二週を予定しています。</p>' }] });

    const common = (await t.inject({ method: 'GET', url: `${API}/members/me/common-topics/list`, token: member })).json().items.data;
    expect(common.map((r: { title: string }) => r.title)).toContain('情報セキュリティ研修の受講のお願い');
    const dev = await token(15);
    const devCommon = (await t.inject({ method: 'GET', url: `${API}/members/me/common-topics/list`, token: dev })).json().items.data;
    expect(devCommon.map((r: { title: string }) => r.title)).toContain('システムメンテナンスのお知らせ（11/15）');
  });
});
