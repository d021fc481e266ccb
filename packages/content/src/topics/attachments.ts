import { buildPath, LIMITS } from '@portal/api-client/core';
import { routes } from '@portal/api-client/routes';
import { downloadByLink } from '../kit/download';
import type { TopicScope } from './scope';

const MB = 1024 * 1024;

/** API path (without the prefix) of one attachment's download. */
export function attachmentPath(scope: TopicScope, topicId: number, fileId: number): string {
  return scope.kind === 'group'
    ? buildPath(routes.topicAttachment.path, { id: scope.groupId, topicId, fileId })
    : buildPath(routes.commonTopicAttachment.path, { topicId, fileId });
}

/** API path of the zip download: a group's download-files, or the common topics' one. */
export function attachmentZipPath(scope: TopicScope): string {
  return scope.kind === 'group' ? buildPath(routes.downloadFiles.path, { id: scope.groupId }) : routes.commonTopicDownloadFiles.path;
}

/** Whether files of these sizes fit in one zip (the API refuses more with DOWNLOAD_OVER_LIMIT). */
export const fitsInOneZip = (sizes: number[]) => sizes.reduce((a, b) => a + b, 0) <= LIMITS.downloadTotalMb * MB;

/** Saves one attachment under its own name. */
export async function downloadAttachment(scope: TopicScope, topicId: number, file: { id: number; name: string }) {
  await downloadByLink({ path: attachmentPath(scope, topicId, file.id) }, file.name);
}

/** Saves the chosen attachments (of the topic, or with `commentFiles` of a comment) as one zip named `zipName`. */
export async function downloadAttachmentZip(scope: TopicScope, fileIds: number[], zipName: string, commentFiles = false) {
  await downloadByLink({ path: attachmentZipPath(scope), body: { file_ids: fileIds, is_comment_file: commentFiles } }, zipName);
}
