import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, groupWith, insertTopics, T, type Actor } from './fixtures.test-util';

interface Row {
  id: number;
  title: string;
  update_at: number;
}

describe.each(DIALECTS)('topic feed keyset paging (%s)', (dialect) => {
  let t: TestApp;
  let g: number;
  let user: Actor;
  const N = 57;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    user = await actor(t, { companyId: company });
    g = await groupWith(t, company, [[user.id, { role_edit_topic: 1 }]]);
    // Ties on updated_at (groups of three) and on title (every fifth) make the id tie-break matter.
    const base = t.clock() - 10_000_000;
    await insertTopics(t, g, user.id, N, (i) => ({
      updated_at: base + Math.floor(i / 3) * 1000,
      title: i % 5 === 0 ? '同じ題名' : `題名${String((i * 37) % 100).padStart(3, '0')}`,
    }));
  });
  afterAll(() => t.close());

  async function walk(query: string, limit: number): Promise<Row[]> {
    const out: Row[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const url = `${T(g)}/get-not-delete-topics?limit=${limit}&${query}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await t.inject({ method: 'GET', url, token: user.token });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().items as { data: Row[]; has_more: boolean; next_cursor: string | null };
      expect(page.data.length).toBeLessThanOrEqual(limit);
      out.push(...page.data);
      if (!page.has_more) {
        expect(page.next_cursor).toBeNull();
        return out;
      }
      cursor = page.next_cursor;
    }
    throw new Error('paging did not end');
  }

  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

  it('walks every topic exactly once in update order, both directions', async () => {
    const desc = await walk('orderBy=update&sortedBy=desc', 10);
    expect(desc).toHaveLength(N);
    expect(new Set(desc.map((r) => r.id)).size).toBe(N);
    const expected = [...desc].sort((a, b) => cmp(b.update_at, a.update_at) || b.id - a.id);
    expect(desc.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    const asc = await walk('orderBy=update&sortedBy=asc', 8);
    expect(asc.map((r) => r.id)).toEqual([...expected].reverse().map((r) => r.id));
  });

  it('walks in title order with ties broken by id', async () => {
    const rows = await walk('orderBy=title&sortedBy=asc', 7);
    expect(rows).toHaveLength(N);
    const expected = [...rows].sort((a, b) => cmp(a.title, b.title) || a.id - b.id);
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it('page numbers give the same rows as the cursor', async () => {
    const all = await walk('orderBy=update&sortedBy=desc', 10);
    const res = await t.inject({
      method: 'GET',
      url: `${T(g)}/get-not-delete-topics?limit=10&page=3&orderBy=update&sortedBy=desc`,
      token: user.token,
    });
    expect(res.json().items.data.map((r: Row) => r.id)).toEqual(all.slice(20, 30).map((r) => r.id));
  });

  it('unread_only pages skip read topics', async () => {
    const all = await walk('orderBy=update&sortedBy=desc', 20);
    for (const r of all.filter((_, i) => i % 2 === 0)) {
      await t.inject({ method: 'POST', url: `${T(g)}/set-topic-is-seen/${r.id}`, token: user.token });
    }
    const unread = await walk('orderBy=update&sortedBy=desc&unread_only=1', 6);
    expect(unread.map((r) => r.id)).toEqual(all.filter((_, i) => i % 2 === 1).map((r) => r.id));
  });

  it('uses the stored list size and rejects a forged cursor', async () => {
    const res = await t.inject({ method: 'GET', url: `${T(g)}/get-not-delete-topics`, token: user.token });
    expect(res.json().items.data).toHaveLength(10);
    const bad = await t.inject({ method: 'GET', url: `${T(g)}/get-not-delete-topics?cursor=bm9wZQ`, token: user.token });
    expect(bad.statusCode).toBe(400);
  });
});
