import { LIMITS, type AvatarCrop } from '@portal/api-client/core';

const TYPES = ['image/jpeg', 'image/png', 'image/gif'];
const MB = 1024 * 1024;

/** The spec's image rules checked before upload (the server checks them again on the bytes). */
export function checkImageFile(file: File): string | null {
  if (!TYPES.includes(file.type)) return 'validation.image_type';
  if (file.size > LIMITS.imageMaxMb * MB) return 'validation.image_size';
  return null;
}

export function checkImageSize(width: number, height: number): string | null {
  return width < LIMITS.imageMinWidth || height < LIMITS.imageMinHeight ? 'validation.image_dimensions' : null;
}

/** The largest centred square: where the crop box starts. */
export function initialCrop(width: number, height: number): AvatarCrop {
  const size = Math.min(width, height);
  return { x: Math.floor((width - size) / 2), y: Math.floor((height - size) / 2), size };
}

/** Keeps a crop box inside the image after any change of size or position. */
export function clampCrop(c: AvatarCrop, width: number, height: number): AvatarCrop {
  const size = Math.max(1, Math.min(Math.round(c.size), width, height));
  return {
    size,
    x: Math.max(0, Math.min(Math.round(c.x), width - size)),
    y: Math.max(0, Math.min(Math.round(c.y), height - size)),
  };
}
