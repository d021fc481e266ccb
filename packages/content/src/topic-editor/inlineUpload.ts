import { ApiError, API_PREFIX, ImageError, INLINE_IMAGE_FIELD, INLINE_IMAGE_MIMES, LIMITS } from '@portal/api-client/core';
import { routes } from '@portal/api-client/routes';
import { postMultipart } from '../kit/upload';
import { isInlineImageSrc } from '../topics/inlineImages';
import type { TopicScope } from '../topics/scope';

const MB = 1024 * 1024;

/** Where an inline image goes: a group topic's image is bounded by that group's attachment size. */
export function inlineUploadUrl(scope: TopicScope): string {
  const path = API_PREFIX + routes.uploadInlineImage.path;
  return scope.kind === 'group' ? `${path}?group_id=${scope.groupId}` : path;
}

/** The largest inline image the API takes: the image limit, or less when the group allows less. */
export const inlineImageMaxMb = (attachmentMb: number) => Math.min(LIMITS.imageMaxMb, attachmentMb);

/** A reason an image was not inserted: a `topics` message key and its values. */
export interface ImageProblem {
  key: 'editor.image_not_image' | 'editor.image_empty' | 'editor.image_too_large' | 'editor.image_failed';
  values: Record<string, unknown>;
}

/** The checks the server makes again, made before anything is sent. */
export function checkImage(file: File, maxMb: number): ImageProblem | null {
  if (!(INLINE_IMAGE_MIMES as readonly string[]).includes(file.type)) return { key: 'editor.image_not_image', values: { name: file.name } };
  if (file.size === 0) return { key: 'editor.image_empty', values: { name: file.name } };
  if (file.size > maxMb * MB) return { key: 'editor.image_too_large', values: { name: file.name, max: maxMb } };
  return null;
}

/** The server's refusal (image_error 1 empty, 2 too big, 3 not an image) as a message. */
export function imageProblemOf(err: unknown, file: File, maxMb: number): ImageProblem {
  const data = err instanceof ApiError ? err.body?.data : undefined;
  const code = data?.image_error;
  if (code === ImageError.NOT_IMAGE) return { key: 'editor.image_not_image', values: { name: file.name } };
  if (code === ImageError.EMPTY) return { key: 'editor.image_empty', values: { name: file.name } };
  if (code === ImageError.OVER_SIZE || (err instanceof ApiError && err.code === 'UPLOAD_OVER_SIZE')) {
    return { key: 'editor.image_too_large', values: { name: file.name, max: typeof data?.max_mb === 'number' ? data.max_mb : maxMb } };
  }
  return { key: 'editor.image_failed', values: { name: file.name, code: err instanceof ApiError ? err.code : null } };
}

/** Uploads one image (multipart `file`) and returns the src to put in the content. */
export async function uploadInlineImage(scope: TopicScope, file: File): Promise<string> {
  const body = await postMultipart(inlineUploadUrl(scope), () => {
    const form = new FormData();
    form.append(INLINE_IMAGE_FIELD, file, file.name);
    return form;
  });
  // Not parsed with the schema: the API checks its replies (docs/decisions/0110); the one field
  // used goes into content, so it is checked by hand below.
  const url = (body as { items?: { url?: unknown } } | null)?.items?.url;
  // Anything else would be dropped by the server's sanitiser on save.
  if (typeof url !== 'string' || !isInlineImageSrc(url)) throw new ApiError(500, 'INTERNAL_ERROR', 'unexpected image url');
  return url;
}
