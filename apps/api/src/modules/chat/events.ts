import type { ChatEventKind, ChatEventPayload } from '@portal/api-client';
import type { AppContext } from '../../kernel';
import { memberIds } from './policy';

/**
 * Tells a chat's current members (and `alsoTo`, e.g. someone who just left) that it changed.
 * Called only after the change has committed, so whoever refetches on the event finds it; the
 * bus never fails a request (realtime is a hint over stored data, clients catch up on reconnect).
 */
export async function publishChatEvent(
  ctx: AppContext,
  chatId: number,
  kind: ChatEventKind,
  extra: Omit<ChatEventPayload, 'group_chat_id'> = {},
  alsoTo: number[] = [],
): Promise<void> {
  const to = [...new Set([...(await memberIds(ctx, chatId)), ...alsoTo])];
  if (to.length === 0) return;
  await ctx.bus.publish(to, { kind, payload: { group_chat_id: chatId, ...extra } satisfies ChatEventPayload });
}

/**
 * Tells exactly `userIds` that a chat changed, when its member list cannot say who: a deleted
 * chat (its members are gone with it), or one member's own view of it (a favourite).
 */
export async function publishChatEventTo(ctx: AppContext, userIds: number[], chatId: number, kind: ChatEventKind): Promise<void> {
  await ctx.bus.publish(userIds, { kind, payload: { group_chat_id: chatId } satisfies ChatEventPayload });
}
