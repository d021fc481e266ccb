import type { TestApp } from '../../test/harness';
import { API } from '../groups/testing';

export { actor, API, groupWith, type Actor } from '../groups/testing';
export { multipart, PNG, PDF, zipEntries } from '../files/testing';

let seq = 0;
/** A fresh client message id, as the browser makes one per send. */
export const cid = () => `c${Date.now().toString(36)}${++seq}`;

export async function createChat(t: TestApp, token: string, groupId: number, userIds: number[], name?: string): Promise<number> {
  const res = await t.inject({
    method: 'POST',
    url: `${API}/group-chat/create`,
    token,
    payload: { user_ids: userIds.join(','), group_id: groupId, ...(name ? { name } : {}) },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { items: { id: number } }).items.id;
}

export async function send(t: TestApp, token: string, chatId: number, content: string, extra: Record<string, unknown> = {}) {
  const res = await t.inject({
    method: 'POST',
    url: `${API}/message/${chatId}`,
    token,
    payload: { content, client_message_id: cid(), ...extra },
  });
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { items: { id: number; index: number } }).items;
}
