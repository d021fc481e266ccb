import { ApiError, ImageError, LIMITS } from '@portal/api-client/core';

/** What went wrong with a chosen image, in the terms the messages use (spec image error enum + size). */
export type ImageProblem =
  | { kind: 'empty' }
  | { kind: 'over_size'; max: number }
  | { kind: 'not_image' }
  | { kind: 'too_small'; width: number; height: number };

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
export const IMAGE_ACCEPT = ACCEPTED_TYPES.join(',');

/** The upload limit in MB: the spec's 25 MB, or less when the group sets less. */
export const maxImageMb = (groupMaxMb: number) => Math.min(LIMITS.imageMaxMb, groupMaxMb);

/**
 * A first check in the browser so an obvious mistake needs no upload. The server checks again,
 * from the bytes (the browser's type comes from the file name), and adds the pixel-size rule.
 */
export function checkImageFile(file: File, groupMaxMb: number): ImageProblem | null {
  const max = maxImageMb(groupMaxMb);
  if (file.size === 0) return { kind: 'empty' };
  if (file.size > max * 1024 * 1024) return { kind: 'over_size', max };
  if (file.type && !ACCEPTED_TYPES.includes(file.type)) return { kind: 'not_image' };
  return null;
}

/** The image problem a refused upload reports (400 with `errors.file` and `data.image_error`), or null. */
export function problemFromError(err: unknown, groupMaxMb: number): ImageProblem | null {
  if (!(err instanceof ApiError) || err.code !== 'VALIDATION_ERROR') return null;
  const key = err.body?.errors?.file?.[0];
  const data = err.body?.data ?? {};
  const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);
  if (key === 'validation.image_dimensions') {
    return { kind: 'too_small', width: num(data.width, LIMITS.imageMinWidth), height: num(data.height, LIMITS.imageMinHeight) };
  }
  switch (data.image_error) {
    case ImageError.EMPTY:
      return { kind: 'empty' };
    case ImageError.OVER_SIZE:
      return { kind: 'over_size', max: num(data.max, maxImageMb(groupMaxMb)) };
    case ImageError.NOT_IMAGE:
      return { kind: 'not_image' };
    default:
      return null;
  }
}
