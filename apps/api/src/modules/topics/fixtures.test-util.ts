import type { TestApp } from '../../test/harness';
import { normalizeForSearch } from '../../text/search';
import { API } from '../groups/testing';

export { actor, API, groupWith, type Actor } from '../groups/testing';

export const G = (groupId: number) => `${API}/members/me/groups/${groupId}`;
export const T = (groupId: number) => `${G(groupId)}/topics`;
export const C = `${API}/members/me/common-topics`;

export function topicBody(over: Record<string, unknown> = {}) {
  return {
    topic_title: '週次ミーティングのお知らせ',
    content: '<p>来週の<b>会議</b>は第二会議室で行います。</p>',
    how_nice: ['1'],
    comment_options: ['1', '2'],
    ...over,
  };
}

/** Posts a group topic through the API and returns its id. */
export async function postTopic(t: TestApp, token: string, groupId: number, over: Record<string, unknown> = {}): Promise<number> {
  const res = await t.inject({ method: 'POST', url: `${T(groupId)}/new-topic`, token, payload: topicBody(over) });
  if (res.statusCode !== 200) throw new Error(`new-topic failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { items: { id: number } }).items.id;
}

/** Many topics straight into the table (for paging and the bench), in chunks both engines accept. */
export async function insertTopics(
  t: TestApp,
  groupId: number,
  authorId: number,
  n: number,
  make: (i: number) => { title?: string; updated_at?: number; in_bin?: 0 | 1; folder_id?: number | null } = () => ({}),
): Promise<void> {
  const company = await t.ctx.db.selectFrom('groups').select('company_id').where('id', '=', groupId).executeTakeFirstOrThrow();
  const base = t.clock();
  for (let start = 0; start < n; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + 500); i++) {
      const m = make(i);
      const at = m.updated_at ?? base - (n - i) * 1000;
      const title = m.title ?? `トピック${String(i).padStart(6, '0')}`;
      rows.push({
        company_id: company.company_id,
        group_id: groupId,
        title,
        title_search: normalizeForSearch(title),
        content_html: `<p>本文 ${i}</p>`,
        content_text: `本文 ${i}`,
        author_id: authorId,
        updater_id: authorId,
        folder_id: m.folder_id ?? null,
        in_bin: m.in_bin ?? 0,
        moved_to_bin_at: m.in_bin ? at : null,
        delivery_at: at,
        created_at: at,
        updated_at: at,
      });
    }
    await t.ctx.db.insertInto('topics').values(rows).execute();
  }
}
