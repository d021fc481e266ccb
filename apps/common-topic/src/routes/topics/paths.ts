/** Parses a route id; null for anything but a positive integer. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * Where "back" leads from a topic, by the `from` query of the detail route: home and the
 * notification list open topics too, and returning there is what the reader expects.
 */
export function backPath(from: string | null): string {
  if (from === 'home') return '/';
  if (from === 'notification') return '/notification';
  return '/common-topic/topics';
}
