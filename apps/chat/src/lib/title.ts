import type { TFunction } from 'i18next';
import type { GroupChat } from '@portal/api-client/core';

/**
 * Spec section 9: a chat's given name, or its other members' names — at most two, then
 * "with N others". A chat left with only oneself is called by one's own name.
 */
export function chatTitle(chat: Pick<GroupChat, 'name' | 'user_group_chat'>, meId: number | undefined, t: TFunction): string {
  if (chat.name) return chat.name;
  const others = chat.user_group_chat.filter((u) => u.id !== meId).map((u) => u.name);
  if (others.length === 0) return chat.user_group_chat[0]?.name ?? t('chat:title.empty');
  const shown = others.slice(0, 2).join(t('chat:title.separator'));
  return others.length > 2 ? t('chat:title.with_others', { names: shown, count: others.length - 2 }) : shown;
}

/** The avatar of a chat in the list: the other person's for a one-to-one chat. */
export function chatAvatar(chat: Pick<GroupChat, 'only_user' | 'user_group_chat'>, meId: number | undefined): string | null {
  if (chat.only_user !== 1) return null;
  return chat.user_group_chat.find((u) => u.id !== meId)?.avatar ?? null;
}
