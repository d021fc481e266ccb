import { LAST_DAY_OF_MONTH } from '@portal/api-client';
import { describe, expect, it } from 'vitest';
import { expand, rangeEnd, type ExceptionRow, type RuleRow } from './repeat';
import { tokyoDate, tokyoMs, tokyoTime } from './tokyo';

const rule = (over: Partial<RuleRow>): RuleRow => ({
  plan_type: 3,
  repeat_type: 1,
  every_week_day: null,
  every_month_day: null,
  deadline_type: 1,
  end_deadline: null,
  start_date: '2026-11-02',
  starts_at: tokyoMs('2026-11-02', '10:00'),
  ends_at: tokyoMs('2026-11-02', '11:00'),
  ...over,
});
const dates = (r: RuleRow, from: string, to: string, ex: ExceptionRow[] = []) =>
  expand(r, ex, tokyoMs(from), tokyoMs(to)).map((o) => o.date);

describe('repeat rules expand on read (Asia/Tokyo)', () => {
  it('daily, and weekdays only', () => {
    expect(dates(rule({}), '2026-11-06', '2026-11-09')).toEqual(['2026-11-06', '2026-11-07', '2026-11-08']);
    expect(dates(rule({ repeat_type: 2 }), '2026-11-06', '2026-11-10')).toEqual(['2026-11-06', '2026-11-09']);
  });

  it('weekly on the chosen weekdays, or the start weekday', () => {
    expect(dates(rule({ repeat_type: 3, every_week_day: '1,3' }), '2026-11-02', '2026-11-12')).toEqual([
      '2026-11-02',
      '2026-11-04',
      '2026-11-09',
      '2026-11-11',
    ]);
    expect(dates(rule({ repeat_type: 3 }), '2026-11-01', '2026-11-20')).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
  });

  it('monthly on a day a short month lacks skips that month', () => {
    const r = rule({
      repeat_type: 4,
      every_month_day: 31,
      start_date: '2027-01-31',
      starts_at: tokyoMs('2027-01-31', '10:00'),
      ends_at: tokyoMs('2027-01-31', '11:00'),
    });
    expect(dates(r, '2027-01-01', '2027-06-01')).toEqual(['2027-01-31', '2027-03-31', '2027-05-31']);
  });

  it('monthly on the last day has an occurrence every month, leap February included', () => {
    const r = rule({
      repeat_type: 4,
      every_month_day: LAST_DAY_OF_MONTH,
      start_date: '2027-12-31',
      starts_at: tokyoMs('2027-12-31', '10:00'),
      ends_at: tokyoMs('2027-12-31', '11:00'),
    });
    expect(dates(r, '2027-12-01', '2028-07-01')).toEqual([
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
      '2028-06-30',
    ]);
    const earlier = { ...r, start_date: '2026-12-31', starts_at: tokyoMs('2026-12-31', '10:00'), ends_at: tokyoMs('2026-12-31', '11:00') };
    expect(dates(earlier, '2027-02-01', '2027-03-01')).toEqual(['2027-02-28']);
  });

  it('stops at the deadline, inclusive, and knows its last end', () => {
    const r = rule({ deadline_type: 2, end_deadline: '2026-11-04' });
    expect(dates(r, '2026-11-01', '2026-12-01')).toEqual(['2026-11-02', '2026-11-03', '2026-11-04']);
    expect(rangeEnd(r)).toBe(tokyoMs('2026-11-04', '11:00'));
  });

  it('an event at 23:30 Tokyo stays on its day (UTC says the day before ended long ago)', () => {
    const r = rule({ starts_at: tokyoMs('2026-11-02', '23:30'), ends_at: tokyoMs('2026-11-03', '00:15') });
    const occ = expand(r, [], tokyoMs('2026-11-05', '00:30'), tokyoMs('2026-11-06'));
    expect(occ.map((o) => [o.date, tokyoDate(o.starts_at), tokyoTime(o.starts_at)])).toEqual([['2026-11-05', '2026-11-05', '23:30']]);
    // The previous night's occurrence runs into the window and is included.
    expect(expand(r, [], tokyoMs('2026-11-06'), tokyoMs('2026-11-06', '00:10')).map((o) => o.date)).toEqual(['2026-11-05']);
  });

  it('a deleted occurrence is gone, an edited one moves', () => {
    const ex: ExceptionRow[] = [
      {
        occurrence_date: '2026-11-03',
        is_deleted: 1,
        title: null,
        title_ja: null,
        title_en: null,
        memo: null,
        event_color: null,
        starts_at: null,
        ends_at: null,
      },
      {
        occurrence_date: '2026-11-04',
        is_deleted: 0,
        title: '移動',
        title_ja: '移動',
        title_en: null,
        memo: null,
        event_color: null,
        starts_at: tokyoMs('2026-11-04', '15:00'),
        ends_at: tokyoMs('2026-11-04', '16:00'),
      },
    ];
    const occ = expand(rule({}), ex, tokyoMs('2026-11-02'), tokyoMs('2026-11-05'));
    expect(occ.map((o) => [o.date, tokyoTime(o.starts_at), o.exception?.title ?? null])).toEqual([
      ['2026-11-02', '10:00', null],
      ['2026-11-04', '15:00', '移動'],
    ]);
  });

  it('a normal event is one occurrence', () => {
    expect(dates(rule({ plan_type: 1 }), '2026-11-01', '2026-12-01')).toEqual(['2026-11-02']);
  });
});
