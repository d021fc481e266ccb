import holidayJp from '@holiday-jp/holiday_jp';
import { describe, expect, it } from 'vitest';
import { holidaysBetween } from './holidays';

const every = Object.keys(holidayJp.holidays as Record<string, unknown>);
/** What the range holds, by a plain scan of the package's table. */
const scan = (from: string, to: string) => every.filter((d) => d >= from && d <= to).sort();

describe('holidaysBetween', () => {
  it('answers the table’s dates within the range, bounds included, in order', () => {
    const ranges: [string, string][] = [
      ['2026-01-01', '2026-01-01'],
      ['2025-12-29', '2026-01-13'],
      ['2026-05-02', '2026-05-07'],
      ['2026-11-23', '2026-11-29'],
      ['2026-06-01', '2026-06-30'],
      ['1969-01-01', '1970-12-31'],
      ['2050-12-01', '2051-12-31'],
      ['2026-03-01', '2026-02-01'],
    ];
    for (const [from, to] of ranges) {
      const got = holidaysBetween(from, to);
      expect(
        got.map((h) => h.event_start_date),
        `${from}..${to}`,
      ).toEqual(scan(from, to));
      expect(got.every((h, i) => i === 0 || got[i - 1]!.starts_at <= h.starts_at)).toBe(true);
    }
    expect(holidaysBetween('2026-11-23', '2026-11-23')[0]).toMatchObject({ title_ja: '勤労感謝の日', event_start_date: '2026-11-23' });
  });
});
