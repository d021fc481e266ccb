const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Comments are typed as plain text but stored as HTML: escape it and keep the line breaks. */
export function plainToHtml(text: string): string {
  return text
    .trim()
    .split('\n')
    .map((line) => line.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c))
    .join('<br>');
}
