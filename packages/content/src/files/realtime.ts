import type { QueryClient } from '@tanstack/react-query';
import { FILES_EVENT_KIND, queryKeys, type FilesEventPayload } from '@portal/api-client/core';
import type { RealtimeSubscriber } from '@portal/api-client/realtime';

/**
 * The shared folders' realtime reaction: groups and common-topic register it (their
 * `src/realtime.ts`); the unread counts the same event changes are the shell's reaction.
 */
export function fileReactions(bus: RealtimeSubscriber, queryClient: QueryClient): () => void {
  return bus.subscribe(FILES_EVENT_KIND, (event) => void refreshFileQueries(queryClient, event.payload as FilesEventPayload | undefined));
}

/** The folder's queries: a group's everything under its files key, the common folder's root. */
export function refreshFileQueries(queryClient: QueryClient, payload: FilesEventPayload | undefined): Promise<void> {
  const scope = payload?.group_id == null ? queryKeys.commonFiles() : queryKeys.groupFiles(payload.group_id);
  return queryClient.invalidateQueries({ queryKey: scope });
}
