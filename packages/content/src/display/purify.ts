import DOMPurify from 'dompurify';

/**
 * Defence in depth for user HTML (topics, comments): the server already sanitises it with an
 * allow-list on save, and the page passes it through DOMPurify once more before rendering, so a
 * row written around the API (an old import, a bug in the server sanitiser) still runs no script.
 * Only the editor's own classes survive, as on the server (a fake modal cannot be painted).
 */
const EDITOR_CLASSES = new Set(['ptop-rt-bold', 'ptop-rt-italic', 'ptop-rt-link']);

let hooked = false;
export function purifyHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
      if (data.attrName === 'class')
        data.attrValue = data.attrValue
          .split(/\s+/)
          .filter((c) => EDITOR_CLASSES.has(c))
          .join(' ');
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}
