import { useEffect, useMemo, useRef } from 'react';
import { purifyHtml } from '../display/purify';
import { signUrl } from '../kit/signedUrl';
import { DEFERRED_SRC, deferInlineImages } from './inlineImages';

/**
 * A topic's body. Inline images arrive as API URLs behind the bearer token: each distinct one is
 * shown from a signed link (one signing request for all of them), which the browser caches. A
 * failed image keeps its alt text and is marked.
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
    for (const [src, imgs] of bySrc) {
      const missing = () => {
        if (live) for (const img of imgs) img.classList.add('ptop-content__image--missing');
      };
      signUrl({ path: src }).then((url) => {
        if (!live) return;
        for (const img of imgs) {
          img.addEventListener('error', missing, { once: true });
          img.src = url;
        }
      }, missing);
    }
    return () => {
      live = false;
    };
  }, [prepared]);

  // Sanitised by the server on save (apps/api topics/sanitize.ts) and again by purifyHtml above.
  return <div ref={ref} className="ptop-content" dangerouslySetInnerHTML={{ __html: prepared }} />;
}
