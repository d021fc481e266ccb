import type { TestApp } from '../../test/harness';
import { API } from '../groups/testing';
import { C, postTopic, T, topicBody } from '../topics/testing';

export { actor, API, groupWith, type Actor } from '../groups/testing';
export { C, postTopic, T, topicBody };

export const M = `${API}/members/me`;

/** A shared-folder file row (no bytes: notices only need the row). */
export async function insertFile(
  t: TestApp,
  o: { companyId: number; groupId: number | null; uploaderId: number; topicId?: number; inBin?: 0 | 1 },
) {
  const now = t.clock();
  const row = await t.ctx.db
    .insertInto('files')
    .values({
      company_id: o.companyId,
      group_id: o.groupId,
      folder_id: null,
      topic_id: o.topicId ?? null,
      is_attachment: o.topicId ? 1 : 0,
      title: '議事録',
      original_name: 'minutes.pdf',
      storage_key: `k${Math.random().toString(36).slice(2)}${now}`,
      size: 10,
      kind: 'pdf',
      mime: 'application/pdf',
      creator_id: o.uploaderId,
      updater_id: o.uploaderId,
      uploader_id: o.uploaderId,
      in_bin: o.inBin ?? 0,
      moved_to_bin_at: o.inBin ? now : null,
      thumb_key: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function comment(
  t: TestApp,
  token: string,
  groupId: number | null,
  topicId: number,
  over: Record<string, unknown> = {},
): Promise<number> {
  const url = groupId === null ? `${C}/post-comment` : `${T(groupId)}/add-new-comment`;
  const res = await t.inject({ method: 'POST', url, token, payload: { topic_id: topicId, content: '<p>確認しました</p>', ...over } });
  if (res.statusCode !== 200) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { items: { id: number } }).items.id;
}

export async function postCommon(t: TestApp, token: string, groups: number[], over: Record<string, unknown> = {}): Promise<number> {
  const res = await t.inject({ method: 'POST', url: `${C}/create`, token, payload: topicBody({ selected_group: groups, ...over }) });
  if (res.statusCode !== 200) throw new Error(`common create failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { items: { id: number } }).items.id;
}

export const get = async (t: TestApp, token: string | undefined, path: string) =>
  t.inject({ method: 'GET', url: `${M}${path}`, ...(token ? { token } : {}) });
export const post = async (t: TestApp, token: string | undefined, path: string, payload?: unknown) =>
  t.inject({
    method: 'POST',
    url: `${M}${path}`,
    ...(token ? { token } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

export async function unreadIds(t: TestApp, token: string, groupId?: number): Promise<string[]> {
  const res = await get(t, token, `/notification/unread?limit=100${groupId ? `&group_id=${groupId}` : ''}`);
  if (res.statusCode !== 200) throw new Error(`unread failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { items: { data: { id: string }[] } }).items.data.map((d) => d.id);
}
