import { describe, expect, it } from 'vitest';
import { API_PREFIX, INLINE_IMAGE_PATH, inlineImageUrl } from '@portal/api-client';
import { DEFERRED_SRC, deferInlineImages, INLINE_IMAGE_PREFIX, inlineImageSrcs, isInlineImageSrc } from './inlineImages';

describe('inline image srcs', () => {
  it('spells the contract’s image URL', () => {
    expect(INLINE_IMAGE_PREFIX).toBe(`${API_PREFIX}${INLINE_IMAGE_PATH}/`);
    expect(isInlineImageSrc(inlineImageUrl(42))).toBe(true);
  });

  it('accepts only our own image URLs', () => {
    for (const bad of [
      null,
      '',
      'blob:http://localhost/0b1c',
      'data:image/png;base64,AAAA',
      'https://example.com/a.png',
      `${INLINE_IMAGE_PREFIX}0`,
      `${INLINE_IMAGE_PREFIX}12x`,
      `${INLINE_IMAGE_PREFIX}`,
      `/service/api/v1/members/me/groups/1/images/icon/a.png`,
    ]) {
      expect(isInlineImageSrc(bad), String(bad)).toBe(false);
    }
  });

  it('lists the distinct inline images of some HTML in order', () => {
    const html = `<p>a<img src="${inlineImageUrl(3)}"><img src="https://x.example/y.png"></p><p><img src="${inlineImageUrl(1)}" alt="b"><img src="${inlineImageUrl(3)}"></p>`;
    expect(inlineImageSrcs(html)).toEqual([inlineImageUrl(3), inlineImageUrl(1)]);
    expect(inlineImageSrcs('')).toEqual([]);
  });

  it('moves inline image srcs aside so the browser does not fetch them without the token', () => {
    const html = `<p>図<img src="${inlineImageUrl(7)}" alt="図1"></p>`;
    const out = deferInlineImages(html);
    const doc = new DOMParser().parseFromString(out, 'text/html');
    const img = doc.querySelector('img')!;
    expect(img.hasAttribute('src')).toBe(false);
    expect(img.getAttribute(DEFERRED_SRC)).toBe(inlineImageUrl(7));
    expect(img.getAttribute('alt')).toBe('図1');
    expect(doc.body.textContent).toBe('図');
    // HTML without inline images is left exactly as it came.
    expect(deferInlineImages('<p>本文</p>')).toBe('<p>本文</p>');
  });
});
