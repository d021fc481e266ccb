/** Text with the API's [start, end) ranges wrapped in <mark>. */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly (readonly [number, number])[] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [s, e] of ranges) {
    if (s < at || e > text.length) continue;
    if (s > at) parts.push(text.slice(at, s));
    parts.push(<mark key={s}>{text.slice(s, e)}</mark>);
    at = e;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
