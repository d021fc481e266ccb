import type { SearchHit } from '@portal/api-client';
import type { TestApp } from '../../test/harness';
import { API } from '../groups/testing';

export { actor, groupWith, type Actor } from '../groups/testing';
export { C, G, postTopic, T, topicBody } from '../topics/testing';

export const SEARCH = `${API}/members/me/search`;

export type Params = Record<string, string | number | undefined>;

export function searchUrl(params: Params): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  return `${SEARCH}?${q.toString()}`;
}

/** The hits of a search that must succeed; target topic unless given. */
export async function find(t: TestApp, token: string, keyword: string, params: Params = {}) {
  const res = await t.inject({ method: 'GET', url: searchUrl({ target_search: 1, keyword_search: keyword, ...params }), token });
  if (res.statusCode !== 200) throw new Error(`search failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { items: { data: SearchHit[]; total: number; last_page: number; current_page: number } }).items;
}

/** "kind:id" of every hit, for compact assertions. */
export const keys = (r: { data: SearchHit[] }) => r.data.map((h) => `${h.kind}:${h.id}`);
