import { useEffect, useMemo, useRef } from 'react';
import { purifyHtml } from '../display/purify';
import { DEFERRED_SRC, deferInlineImages, fetchInlineImage } from './inlineImages';

/**
 * A topic's body. Inline images arrive as API URLs behind the bearer token: each distinct one is
 * fetched once with the client and shown from an object URL, and the URLs are revoked when the
 * content changes or the view goes away. A failed image keeps its alt text and is marked.
 */
export function TopicContent({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const prepared = useMemo(() => deferInlineImages(purifyHtml(html)), [html]);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const bySrc = new Map<string, HTMLImageElement[]>();
    for (const img of root.querySelectorAll<HTMLImageElement>(`img[${DEFERRED_SRC}]`)) {
      const src = img.getAttribute(DEFERRED_SRC)!;
      bySrc.set(src, [...(bySrc.get(src) ?? []), img]);
    }
    if (bySrc.size === 0) return;
    let live = true;
    const urls: string[] = [];
    for (const [src, imgs] of bySrc) {
      fetchInlineImage(src).then(
        (blob) => {
          if (!live) return;
          const url = URL.createObjectURL(blob);
          urls.push(url);
          for (const img of imgs) img.src = url;
        },
        () => {
          if (live) for (const img of imgs) img.classList.add('ptop-content__image--missing');
        },
      );
    }
    return () => {
      live = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [prepared]);

  // Sanitised by the server on save (apps/api topics/sanitize.ts) and again by purifyHtml above.
  return <div ref={ref} className="ptop-content" dangerouslySetInnerHTML={{ __html: prepared }} />;
}
