import { API_PREFIX } from '@portal/api-client/core';

/**
 * The one `<img src>` form the API keeps in topic content: `${API_PREFIX}${INLINE_IMAGE_PATH}/{id}`.
 * Spelled out here because the contract's constant lives with the zod schemas, which stay off
 * the feed's start-up path; inlineImages.test.ts checks the two agree.
 */
export const INLINE_IMAGE_PREFIX = `${API_PREFIX}/members/me/inline-images/`;

/** Whether `src` is one of our uploaded inline images (and not an external, data: or blob: URL). */
export function isInlineImageSrc(src: string | null | undefined): src is string {
  if (!src?.startsWith(INLINE_IMAGE_PREFIX)) return false;
  return /^[1-9][0-9]{0,14}$/.test(src.slice(INLINE_IMAGE_PREFIX.length));
}

/** The distinct inline-image srcs of some topic HTML, in document order. */
export function inlineImageSrcs(html: string): string[] {
  if (!html) return [];
  const template = document.createElement('template');
  // A template's content is inert: parsing here loads no image.
  template.innerHTML = html;
  const found = [...template.content.querySelectorAll('img')].map((img) => img.getAttribute('src'));
  return [...new Set(found.filter(isInlineImageSrc))];
}

/** Attribute that holds an inline image's real src until its signed link is ready. */
export const DEFERRED_SRC = 'data-inline-src';

/**
 * The HTML with every inline image's src moved to DEFERRED_SRC. The image route needs the bearer
 * token or a signed link: left in place, the browser would request it with neither and show a
 * broken image until the signed link replaced it.
 */
export function deferInlineImages(html: string): string {
  if (!html.includes(INLINE_IMAGE_PREFIX)) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const img of template.content.querySelectorAll('img')) {
    const src = img.getAttribute('src');
    if (!isInlineImageSrc(src)) continue;
    img.setAttribute(DEFERRED_SRC, src);
    img.removeAttribute('src');
  }
  return template.innerHTML;
}
