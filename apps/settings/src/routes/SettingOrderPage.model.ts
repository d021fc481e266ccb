import type { GroupListItem } from '@portal/api-client/core';

/** One orderable row: a folder or a group. */
export interface OrderItem {
  id: number;
  name: string;
}

/** The user's display order as edited on the page: folders, each folder's groups, and the rest. */
export interface OrderDraft {
  folders: OrderItem[];
  inFolder: Record<number, OrderItem[]>;
  unfiled: OrderItem[];
}

/**
 * Builds the draft from the server's answers: folders in their display order, and groups in
 * theirs (GET members/me/groups is already sorted) split by folder.
 */
export function draftFrom(groups: GroupListItem[], folders: { id: number; name: string }[]): OrderDraft {
  const inFolder: Record<number, OrderItem[]> = Object.fromEntries(folders.map((f) => [f.id, []]));
  const unfiled: OrderItem[] = [];
  for (const g of groups) {
    const bucket = g.folder ? inFolder[g.folder.id] : undefined;
    (bucket ?? unfiled).push({ id: g.id, name: g.name });
  }
  return { folders: folders.map((f) => ({ id: f.id, name: f.name })), inFolder, unfiled };
}

/** A copy of `items` with the item at `index` moved one place up (-1) or down (+1). */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The body of POST members/me/update-order. Groups are numbered in the order the home list
 * shows them (each folder's groups in folder order, then unfiled ones), so the server's paging
 * by display order keeps each folder's groups together. order-group-in-folder is not used: it
 * numbers a folder's groups from 1 again, which would interleave them with the other groups.
 */
export function orderBody(draft: OrderDraft): { group_ids: number[]; folder_ids?: number[] } {
  const group_ids = [...draft.folders.flatMap((f) => draft.inFolder[f.id] ?? []), ...draft.unfiled].map((g) => g.id);
  return draft.folders.length > 0 ? { group_ids, folder_ids: draft.folders.map((f) => f.id) } : { group_ids };
}
