/**
 * A shared folder changed (a file added, overwritten, renamed, moved, deleted, restored; a folder
 * made, renamed or removed): open folder views refetch, as topic pages do on topic events.
 * `group_id` is null for the common shared folder.
 */
export const FILES_EVENT_KIND = 'files.changed';
export interface FilesEventPayload {
  group_id: number | null;
}
