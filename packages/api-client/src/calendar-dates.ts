/**
 * Calendar dates live in Asia/Tokyo. Japan has kept UTC+9 without daylight saving since 1951,
 * so a fixed offset is exact and the same on every server and for every viewer: an event at
 * 23:30 stays on its day wherever it is read.
 */
const OFFSET_MS = 9 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' + 'HH:mm' (Tokyo) → epoch ms. */
export function tokyoMs(date: string, time = '00:00'): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, h, mi) - OFFSET_MS;
}

/** Epoch ms → Tokyo 'YYYY-MM-DD'. */
export function tokyoDate(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** Epoch ms → Tokyo 'HH:mm'. */
export function tokyoTime(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(11, 16);
}

export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
export function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function dayOfMonth(date: string): number {
  return Number(date.slice(8, 10));
}

export function daysBetween(from: string, to: string): number {
  return Math.round((tokyoMs(to) - tokyoMs(from)) / DAY_MS);
}

/** Every date from `from` to `to` inclusive. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Today in Tokyo, 'YYYY-MM-DD'. */
export function tokyoToday(now = Date.now()): string {
  return tokyoDate(now);
}

/** The first day of the week containing `date`, for a first weekday 0 (Sunday) … 6. */
export function weekStart(date: string, firstDay: number): string {
  return addDays(date, -((weekday(date) - firstDay + 7) % 7));
}

/** 'YYYY-MM-01' of the month of `date`, shifted by `months`. */
export function monthStart(date: string, months = 0): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}
