import { API_PREFIX, ApiError, buildPath, LIMITS } from '@portal/api-client/core';
import { routes } from '@portal/api-client/routes';
import { postMultipart } from '../kit/upload';
import { isInlineImageSrc } from './inlineImages';
import { topicFormData } from './save';
import type { TopicScope } from './topicScope';

const MB = 1024 * 1024;
/** The raster types the API keeps as inline images (INLINE_IMAGE_MIMES of the contract). */
export const COMMENT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Where a comment posts: the group's add-new-comment, or the common topics' post-comment. */
export function commentPostUrl(scope: TopicScope): string {
  return (
    API_PREFIX + (scope.kind === 'group' ? buildPath(routes.addTopicComment.path, { id: scope.groupId }) : routes.commonPostComment.path)
  );
}

/** A comment with files: one multipart request (JSON in `data`, then each `attach_file`). */
export async function postCommentWithFiles(
  scope: TopicScope,
  body: Record<string, unknown>,
  files: File[],
  onProgress?: (f: number) => void,
) {
  return postMultipart(commentPostUrl(scope), () => topicFormData(body, files), { onProgress });
}

/** Where a comment's inline image goes: `comment=1` needs only membership, not the topic right. */
export function commentImageUploadUrl(scope: TopicScope): string {
  const path = API_PREFIX + routes.uploadInlineImage.path;
  return scope.kind === 'group' ? `${path}?group_id=${scope.groupId}&comment=1` : `${path}?comment=1`;
}

/** Uploads one inline image for a comment; the src to show it with. */
export async function uploadCommentImage(scope: TopicScope, file: File): Promise<string> {
  const reply = (await postMultipart(commentImageUploadUrl(scope), () => {
    const form = new FormData();
    form.append('file', file, file.name);
    return form;
  })) as { items?: { url?: string } };
  const url = reply.items?.url;
  if (!isInlineImageSrc(url)) throw new ApiError(500, 'INTERNAL_ERROR', 'unexpected image url');
  return url;
}

/** Files that fit: each within `maxMb`, at most LIMITS.maxFilesPerUpload with those already picked. */
export function fitCommentFiles(picked: File[], already: number, maxMb: number) {
  const tooLarge = picked.filter((f) => f.size > maxMb * MB);
  const fitting = picked.filter((f) => f.size <= maxMb * MB);
  const accepted = fitting.slice(0, Math.max(0, LIMITS.maxFilesPerUpload - already));
  return { accepted, tooLarge, overCount: fitting.length - accepted.length };
}

/** The HTML a comment sends: its text, then each inline image on its own line. */
export function commentHtml(textHtml: string, images: string[]): string {
  return textHtml + images.map((src) => `<p><img src="${src}" alt=""></p>`).join('');
}
