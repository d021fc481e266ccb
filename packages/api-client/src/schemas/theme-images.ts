import { z } from 'zod';
import { envelope } from './common';

/**
 * Theme images: one picture per slot of the caller's own theme, shown by the shell
 * behind the navigation, the banner, the main area, page titles and the header. Uploaded as the
 * multipart `image` field, checked by content like every image, stored re-encoded as WebP.
 */
export const THEME_IMAGE_SLOTS = ['nav', 'banner', 'main', 'title', 'header'] as const;
export type ThemeImageSlot = (typeof THEME_IMAGE_SLOTS)[number];
export const THEME_IMAGE_FIELD = 'image';
export const themeImageSlotParam = z.object({ slot: z.enum(THEME_IMAGE_SLOTS) }).strict();
/** `url` is an API path (with a version) the shell fetches with the caller's token. */
export const themeImage = z.object({ slot: z.enum(THEME_IMAGE_SLOTS), url: z.string(), updated_at: z.number().int() });
export const themeImagesResponse = envelope(z.array(themeImage));
export const themeImageBinaryResponse = z.unknown();
