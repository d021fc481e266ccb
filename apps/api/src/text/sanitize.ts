import { API_PREFIX, INLINE_IMAGE_PATH } from '@portal/api-client';
import { Parser } from 'htmlparser2';

/**
 * Allow-list HTML sanitiser for topic and comment bodies (the Lexical editor's output). Built on
 * a real HTML parser (htmlparser2) so malformed markup is tokenised the way a browser would, and
 * rebuilt from scratch: only listed tags and attributes are written back, every text and
 * attribute value is re-escaped. Anything else (script, event handlers, javascript: URLs, SVG,
 * MathML, iframes, forms, comments) never reaches the output.
 */

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'hr',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'mark',
  'small',
  'code',
  'pre',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'figure',
  'figcaption',
]);
const VOID_TAGS = new Set(['br', 'hr', 'img']);
/** Dropped with everything inside them: their content is code or foreign markup, not text. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'svg',
  'math',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'select',
  'option',
  'title',
  'head',
  'xmp',
  'plaintext',
  'canvas',
  'audio',
  'video',
  'source',
  'track',
  'base',
  'link',
  'meta',
]);
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'br',
  'hr',
  'li',
  'blockquote',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'table',
  'figure',
  'figcaption',
  'ul',
  'ol',
]);

const GLOBAL_ATTRS = new Set(['class', 'dir', 'style', 'title']);
const TAG_ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'target', 'rel']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan']),
  ol: new Set(['start']),
  li: new Set(['value']),
};
/** Inline styles Lexical writes for text format, alignment and indentation. */
const STYLE_PROPS = new Set([
  'color',
  'background-color',
  'text-align',
  'font-weight',
  'font-style',
  'font-size',
  'font-family',
  'text-decoration',
  'white-space',
  'padding-inline-start',
  'margin-left',
  'text-indent',
  'width',
  'height',
]);
/**
 * The editor's own classes (the Lexical theme in the topic editor). Any other class is dropped:
 * a topic reusing the portal's classes (a modal backdrop, say) could paint a fake dialog over
 * the page.
 */
const ALLOWED_CLASSES = new Set(['ptop-rt-bold', 'ptop-rt-italic', 'ptop-rt-link']);
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
/** The one image source kept: an inline image uploaded to this API, by id (inline-images.ts). */
const INLINE_IMAGE_PREFIX = `${API_PREFIX}${INLINE_IMAGE_PATH}/`;

/** The id of an inline image from an `<img src>`, or null for any other source. */
export function inlineImageId(src: string): number | null {
  if (!src.startsWith(INLINE_IMAGE_PREFIX)) return null;
  const id = src.slice(INLINE_IMAGE_PREFIX.length);
  return /^[1-9][0-9]{0,14}$/.test(id) ? Number(id) : null;
}

function escapeText(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

function escapeAttr(s: string): string {
  const named: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  return s.replace(/[&<>"']/g, (c) => named[c]!);
}

/**
 * A URL is kept only if it is relative or uses a safe scheme. Browsers ignore control characters
 * and whitespace inside a scheme (`java\tscript:`), so those are removed before the check.
 */
export function safeUrl(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  const compact = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  if (scheme) return SAFE_SCHEMES.has(`${scheme[1]}:`) ? raw.trim() : null;
  // A "relative" value that still holds a colon before any slash is a scheme in disguise.
  if (/^[^/?#]*:/.test(compact)) return null;
  return raw.trim();
}

function safeStyle(raw: string): string | null {
  const kept: string[] = [];
  for (const decl of raw.split(';')) {
    const i = decl.indexOf(':');
    if (i < 0) continue;
    const prop = decl.slice(0, i).trim().toLowerCase();
    const value = decl.slice(i + 1).trim();
    if (!STYLE_PROPS.has(prop) || value === '') continue;
    // url(), expression(), escapes and comments are how CSS smuggles script or requests.
    if (/url\s*\(|expression|javascript|[\\<>]|\/\*|@import/i.test(value)) continue;
    kept.push(`${prop}: ${value}`);
  }
  return kept.length ? kept.join('; ') : null;
}

function cleanAttrs(tag: string, attribs: Record<string, string>): string {
  const out: string[] = [];
  const allowed = TAG_ATTRS[tag];
  for (const [rawName, value] of Object.entries(attribs)) {
    const name = rawName.toLowerCase();
    // An image carries its source, alt text and size, nothing else (no style, class or title).
    if (!(tag !== 'img' && GLOBAL_ATTRS.has(name)) && !allowed?.has(name)) continue;
    let v: string | null = value;
    if (name === 'src') v = inlineImageId(value) === null ? null : value;
    else if (name === 'href') v = safeUrl(value);
    else if (name === 'style') v = safeStyle(value);
    else if (name === 'class')
      v =
        value
          .split(/\s+/)
          .filter((c) => ALLOWED_CLASSES.has(c))
          .join(' ') || null;
    else if (name === 'target') v = value === '_blank' ? '_blank' : null;
    else if (name === 'rel')
      v = null; // rewritten below
    else if (['width', 'height', 'colspan', 'rowspan', 'start', 'value'].includes(name)) v = /^\d{1,5}$/.test(value) ? value : null;
    if (v !== null) out.push(` ${name}="${escapeAttr(v)}"`);
  }
  if (tag === 'a' && attribs.target === '_blank') out.push(' rel="noopener noreferrer"');
  return out.join('');
}

export interface Sanitized {
  html: string;
  /** Plain text: block boundaries become newlines, runs of spaces collapse. */
  text: string;
  /** Ids of the inline images the HTML shows, in order of first appearance. */
  images: number[];
}

export interface SanitizeOptions {
  /**
   * Keep our inline images (topic bodies and comments, which link the images they show);
   * false drops every <img>.
   */
  images?: boolean;
}

/**
 * How many unclosed dropped elements are re-read (below). Each re-reads the rest of the input, so
 * the bound keeps a hostile `<svg><svg><svg>…` linear; past it the rest is dropped as before.
 */
const MAX_UNCLOSED_REREADS = 16;

export function sanitizeHtml(input: string, opts: SanitizeOptions = {}): Sanitized {
  const images = new Set<number>();
  const { html, text } = sanitizeFragment(input, opts.images ?? true, images, { rereads: 0 });
  return { html, text: normalizeText(text), images: [...images] };
}

function sanitizeFragment(input: string, keepImages: boolean, images: Set<number>, budget: { rereads: number }) {
  let html = '';
  let text = '';
  let skipDepth = 0;
  /** Where the content of the outermost dropped element starts. */
  let skipFrom = 0;
  const parser = new Parser(
    {
      onopentag(rawName, attribs) {
        const name = rawName.toLowerCase();
        if (skipDepth > 0 || DROP_WITH_CONTENT.has(name)) {
          if (skipDepth === 0) skipFrom = parser.endIndex + 1;
          skipDepth++;
          return;
        }
        if (BLOCK_TAGS.has(name)) text += '\n';
        if (!ALLOWED_TAGS.has(name)) return;
        if (name === 'img') {
          if (!keepImages) return;
          // Only our own inline images: an external, data:, javascript: or SVG source drops the tag.
          const id = inlineImageId(attribs.src ?? '');
          if (id === null) return;
          images.add(id);
        }
        html += `<${name}${cleanAttrs(name, attribs)}>`;
      },
      ontext(data) {
        if (skipDepth > 0) return;
        html += escapeText(data);
        text += data;
      },
      onclosetag(rawName, isImplied) {
        const name = rawName.toLowerCase();
        if (skipDepth > 0) {
          skipDepth--;
          // A dropped element nobody closed (`<svg>` or `<iframe>` typed into raw HTML) would
          // swallow the rest of the user's text: drop only its start tag and read what followed.
          if (skipDepth === 0 && isImplied && budget.rereads < MAX_UNCLOSED_REREADS) {
            budget.rereads++;
            const rest = sanitizeFragment(input.slice(skipFrom, parser.startIndex), keepImages, images, budget);
            html += rest.html;
            text += rest.text;
          }
          return;
        }
        if (BLOCK_TAGS.has(name)) text += '\n';
        if (ALLOWED_TAGS.has(name) && !VOID_TAGS.has(name)) html += `</${name}>`;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );
  parser.write(input);
  parser.end();
  return { html, text };
}

function normalizeText(s: string): string {
  return s
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** A preview backs up to a word boundary by at most this many characters. */
const WORD_BACKOFF = 15;

/**
 * Section 5/9 previews: at most `max` characters (code points). A space near the limit is a word
 * boundary to cut at, so words are not split; otherwise (Japanese, a long URL after "見て: ") the
 * text is cut hard at the limit rather than shrinking to the few characters before a far space.
 */
export function preview(s: string, max: number): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  if (chars.length <= max) return flat;
  const head = chars.slice(0, max);
  const space = head.lastIndexOf(' ');
  const cut = space >= max - WORD_BACKOFF ? space : max;
  return `${head.slice(0, cut).join('').trimEnd()}…`;
}
