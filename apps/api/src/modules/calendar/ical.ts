import { DeadlineType, PlanType, RepeatType } from '@portal/api-client';
import type { EventRow } from './queries';
import { type ExceptionRow, weekDays } from './repeat';
import { tokyoDate, tokyoTime, weekday } from './tokyo';

/**
 * RFC 5545 text for the personal feed. Times are local Asia/Tokyo with one VTIMEZONE, so a
 * weekly BYDAY rule falls on the Tokyo weekday (in UTC an 08:00 event would be the day before).
 */
const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const utf8 = new TextEncoder();

const escapeText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let cur = '';
  let bytes = 0;
  for (const ch of line) {
    const n = utf8.encode(ch).length;
    if (bytes + n > (out.length ? 74 : 75)) {
      out.push(cur);
      cur = '';
      bytes = 0;
    }
    cur += ch;
    bytes += n;
  }
  out.push(cur);
  return out.join('\r\n ');
}

const local = (ms: number) => `${tokyoDate(ms).replaceAll('-', '')}T${tokyoTime(ms).replace(':', '')}00`;
const utc = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
const tz = (name: string, ms: number) => `${name};TZID=Asia/Tokyo:${local(ms)}`;

function rrule(row: EventRow): string | null {
  if (row.plan_type !== PlanType.REPEAT) return null;
  const parts = {
    [RepeatType.DAILY]: 'FREQ=DAILY',
    [RepeatType.DAILY_NO_WEEKEND]: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    [RepeatType.WEEKLY]: `FREQ=WEEKLY;BYDAY=${(weekDays(row.every_week_day).length ? weekDays(row.every_week_day) : [weekday(row.start_date)]).map((d) => BYDAY[d]).join(',')}`,
    [RepeatType.MONTHLY]: `FREQ=MONTHLY;BYMONTHDAY=${row.every_month_day ?? Number(row.start_date.slice(8, 10))}`,
  }[row.repeat_type ?? 0];
  if (!parts) return null;
  if (row.deadline_type === DeadlineType.TIME_LIMIT && row.end_deadline) {
    // UNTIL is in UTC when DTSTART has a TZID: the last possible start on the deadline day.
    const lastStart = Date.parse(`${row.end_deadline}T00:00:00Z`) + (row.starts_at - Date.parse(`${row.start_date}T00:00:00Z`));
    return `RRULE:${parts};UNTIL=${utc(lastStart)}`;
  }
  return `RRULE:${parts}`;
}

export interface FeedHoliday {
  date: string;
  name: string;
}

export function renderCalendar(opts: {
  name: string;
  now: number;
  events: { row: EventRow; exceptions: ExceptionRow[] }[];
  holidays: FeedHoliday[];
  host: string;
}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Group Portal//Calendar//JA',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(opts.name)}`,
    'X-WR-TIMEZONE:Asia/Tokyo',
    'BEGIN:VTIMEZONE',
    'TZID:Asia/Tokyo',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0900',
    'TZOFFSETTO:+0900',
    'TZNAME:JST',
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
  const stamp = `DTSTAMP:${utc(opts.now)}`;
  for (const { row, exceptions } of opts.events) {
    const uid = `UID:calendar-${row.id}@${opts.host}`;
    const text = (title: string, memo: string) => [`SUMMARY:${escapeText(title)}`, ...(memo ? [`DESCRIPTION:${escapeText(memo)}`] : [])];
    lines.push(
      'BEGIN:VEVENT',
      uid,
      stamp,
      tz('DTSTART', row.starts_at),
      tz('DTEND', row.ends_at),
      ...text(row.title, row.memo),
      `LAST-MODIFIED:${utc(Number(row.updated_at))}`,
    );
    const rule = rrule(row);
    if (rule) {
      lines.push(rule);
      const startOffset = row.starts_at - Date.parse(`${row.start_date}T00:00:00Z`);
      for (const ex of exceptions) lines.push(tz('EXDATE', Date.parse(`${ex.occurrence_date}T00:00:00Z`) + startOffset));
    }
    lines.push('END:VEVENT');
    // An edited occurrence is excluded above and published on its own.
    for (const ex of exceptions.filter((e) => !e.is_deleted && e.starts_at !== null && e.ends_at !== null)) {
      lines.push(
        'BEGIN:VEVENT',
        `UID:calendar-${row.id}-${ex.occurrence_date}@${opts.host}`,
        stamp,
        tz('DTSTART', ex.starts_at!),
        tz('DTEND', ex.ends_at!),
        ...text(ex.title ?? row.title, ex.memo ?? row.memo),
        'END:VEVENT',
      );
    }
  }
  for (const h of opts.holidays) {
    const d = h.date.replaceAll('-', '');
    const next = new Date(Date.parse(`${h.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    lines.push(
      'BEGIN:VEVENT',
      `UID:holiday-${h.date}@${opts.host}`,
      stamp,
      `DTSTART;VALUE=DATE:${d}`,
      `DTEND;VALUE=DATE:${next}`,
      `SUMMARY:${escapeText(h.name)}`,
      'TRANSP:TRANSPARENT',
      'CATEGORIES:HOLIDAY',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
