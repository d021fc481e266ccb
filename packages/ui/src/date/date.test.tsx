import { act, render, screen } from '@testing-library/react';
import { DEFAULT_TIMEZONE, setLanguage } from '@portal/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDisplayDate, lastLoginBucket, toTokyo } from './date';
import { fromTokyoWallClock, TokyoTime } from './tokyo';
import { DateDisplay, LastLogin } from './DateDisplay';

// 2026-11-20 is a Friday. 10:00 in Tokyo is 01:00 UTC.
const NOW = new Date('2026-11-20T01:00:00Z');

afterEach(async () => {
  await act(() => setLanguage('ja'));
});

/** The wall clock the timezone database gives for Asia/Tokyo (Intl), as 'YYYY-MM-DD HH:mm:ss'. */
function zoned(at: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: DEFAULT_TIMEZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

describe('toTokyo', () => {
  it('reads the same wall clock as the timezone database, across day and year ends, without asking it', () => {
    const instants = [
      '2026-11-19T14:59:59Z',
      '2026-11-19T15:00:00Z',
      '2026-12-31T15:00:00Z',
      '1990-06-30T23:30:00Z',
      '2038-01-19T03:14:08Z',
    ];
    for (const at of instants) {
      const fixed = toTokyo(at);
      expect(fixed.format('YYYY-MM-DD HH:mm:ss'), at).toBe(zoned(at));
      expect(fixed.format('Z')).toBe('+09:00');
      expect(fixed.valueOf()).toBe(Date.parse(at));
    }
    expect(toTokyo('not a date').isValid()).toBe(false);
    expect(toTokyo(Number.NaN).isValid()).toBe(false);
  });

  it('takes a TokyoTime as its instant, its own results included', () => {
    const at = '2026-11-19T15:05:00Z';
    expect(toTokyo(toTokyo(at)).format()).toBe('2026-11-20T00:05:00+09:00');
    expect(toTokyo(new TokyoTime(Date.parse(at))).format()).toBe('2026-11-20T00:05:00+09:00');
    expect(formatDisplayDate(toTokyo(at), NOW, 'ja')).toBe('00:05');
  });

  it('reads a date-time without a zone in the browser zone, like Date and the library before it', () => {
    expect(toTokyo('2026-11-19 10:30').valueOf()).toBe(new Date(2026, 10, 19, 10, 30).getTime());
    expect(toTokyo('2026-11-19').valueOf()).toBe(new Date(2026, 10, 19).getTime());
    expect(toTokyo(new Date(Date.parse('2026-11-19T15:05:00Z'))).format('YYYY/MM/DD HH:mm')).toBe('2026/11/20 00:05');
  });
});

describe('fromTokyoWallClock', () => {
  it('reads a datetime-local value on Tokyo time, whatever the browser zone, and back', () => {
    expect(fromTokyoWallClock('2026-11-20T00:05')).toBe(Date.parse('2026-11-19T15:05:00Z'));
    expect(toTokyo(fromTokyoWallClock('2026-12-31T23:59')!).format('YYYY-MM-DDTHH:mm')).toBe('2026-12-31T23:59');
    expect(fromTokyoWallClock('')).toBeNull();
    expect(fromTokyoWallClock('tomorrow')).toBeNull();
  });
});

describe('formatDisplayDate', () => {
  it('shows HH:mm for today (in Tokyo)', () => {
    expect(formatDisplayDate('2026-11-19T15:05:00Z', NOW, 'ja')).toBe('00:05');
    expect(formatDisplayDate('2026-11-20T14:59:00Z', NOW, 'en')).toBe('23:59');
  });

  it('shows DD/MM with the weekday for another day', () => {
    // 23:59 UTC on the 19th is already the 20th in Tokyo; 14:59 UTC on the 19th is still the 19th.
    expect(formatDisplayDate('2026-11-19T14:59:00Z', NOW, 'ja')).toBe('19/11 (木)');
    expect(formatDisplayDate('2026-11-20T15:00:00Z', NOW, 'ja')).toBe('21/11 (土)');
  });

  it('writes the weekday in the requested language', () => {
    expect(formatDisplayDate('2026-11-16T03:00:00Z', NOW, 'en')).toBe('16/11 (Mon)');
    expect(formatDisplayDate('2026-11-16T03:00:00Z', NOW, 'ja')).toBe('16/11 (月)');
  });

  it('accepts Unix seconds as well as milliseconds', () => {
    const ms = Date.parse('2026-11-16T03:00:00Z');
    expect(formatDisplayDate(ms / 1000, NOW, 'ja')).toBe(formatDisplayDate(ms, NOW, 'ja'));
  });
});

describe('lastLoginBucket', () => {
  const ago = (ms: number) => new Date(NOW.getTime() - ms);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it.each([
    [0, { key: 'within_hour', count: 0 }],
    [HOUR - 1, { key: 'within_hour', count: 0 }],
    [HOUR, { key: 'hours_ago', count: 1 }],
    [DAY - 1, { key: 'hours_ago', count: 23 }],
    [DAY, { key: 'days_ago', count: 1 }],
    [7 * DAY, { key: 'days_ago', count: 7 }],
    [7 * DAY + 1, { key: 'over_week', count: 7 }],
    [-5 * MIN, { key: 'within_hour', count: 0 }],
  ])('%d ms ago → %o', (ms, expected) => {
    expect(lastLoginBucket(ago(ms), NOW)).toEqual(expected);
  });
});

describe('<LastLogin />', () => {
  it('renders the bucket in the current language', async () => {
    const value = new Date(NOW.getTime() - 3 * 3_600_000);
    const { rerender } = render(<LastLogin value={value} now={NOW} />);
    expect(screen.getByText('3時間前')).toBeTruthy();
    await act(() => setLanguage('en'));
    rerender(<LastLogin value={value} now={NOW} />);
    expect(screen.getByText('3 hours ago')).toBeTruthy();
  });

  it('says never for a missing value', () => {
    render(<LastLogin value={null} />);
    expect(screen.getByText('未ログイン')).toBeTruthy();
  });
});

describe('<DateDisplay />', () => {
  it('shows Tokyo time today and the day otherwise, with the instant and full date for machines and tooltips', async () => {
    const { container, rerender } = render(<DateDisplay value="2026-11-19T15:05:00Z" now={NOW} />);
    const time = container.querySelector('time')!;
    expect(time.textContent).toBe('00:05');
    expect(time.getAttribute('dateTime')).toBe('2026-11-20T00:05:00+09:00');
    expect(time.getAttribute('title')).toBe('2026/11/20 00:05');
    rerender(<DateDisplay value={Date.parse('2026-11-16T03:00:00Z') / 1000} now={NOW} />);
    expect(container.querySelector('time')!.textContent).toBe('16/11 (月)');
    await act(() => setLanguage('en'));
    rerender(<DateDisplay value="2026-11-16T03:00:00Z" now={NOW} />);
    expect(container.querySelector('time')!.textContent).toBe('16/11 (Mon)');
  });

  it('renders nothing for a missing or unreadable value', () => {
    const { container, rerender } = render(<DateDisplay value={null} />);
    expect(container.innerHTML).toBe('');
    rerender(<DateDisplay value="not a date" />);
    expect(container.innerHTML).toBe('');
  });
});
