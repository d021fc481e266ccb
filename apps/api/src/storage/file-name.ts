import { FILE_NAME_MAX } from '@portal/api-client';

/**
 * The uploader's file name as display text. It is never a path (storage keys are generated), but
 * it is shown, put in Content-Disposition and in zip entries, so it is cleaned: Unicode NFC
 * (so a decomposed が and a composed が are the same name), last segment after any slash-like
 * character, no control, bidi-override or zero-width characters (which can disguise
 * `report\u202Efdp.exe` as `report.exe.pdf`), no leading dots, bounded length keeping the
 * extension. Returns `fallback` when nothing printable is left.
 */
const SLASHES = /[\\/\uFF0F\uFF3C\u2215\u2044\u29F8]/;
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

export function cleanFileName(raw: string | undefined, fallback = 'file'): string {
  const last = (raw ?? '').normalize('NFC').split(SLASHES).pop() ?? '';
  const clean = last.replace(INVISIBLE, '').trim().replace(/^\.+/, '').trim();
  if (!clean) return fallback;
  const chars = [...clean];
  if (chars.length <= FILE_NAME_MAX) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 9 ? clean.slice(dot) : '';
  return [...clean.slice(0, clean.length - ext.length)].slice(0, FILE_NAME_MAX - ext.length).join('') + ext;
}

/**
 * Content-Disposition with the real name as RFC 5987 `filename*` (UTF-8, so 見積書.xlsx arrives
 * intact) and an ASCII `filename` fallback for old clients; quotes and backslashes cannot escape.
 */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Unique names inside one zip: a second 報告.pdf becomes 報告 (2).pdf. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((n) => {
    let candidate = n;
    const dot = n.lastIndexOf('.');
    const [base, ext] = dot > 0 ? [n.slice(0, dot), n.slice(dot)] : [n, ''];
    for (let i = 2; seen.has(candidate.toLowerCase()); i++) candidate = `${base} (${i})${ext}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}
