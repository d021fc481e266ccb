import { describe, expect, it } from 'vitest';
import { daysOf } from './views';

const e = (start: string, end: string, endTime: string) => ({ event_start_date: start, event_end_date: end, event_end_time: endTime });

describe('the days an occurrence is listed under', () => {
  it('23:30–00:30 is on both days; ending at 00:00 does not reach the next day', () => {
    expect(daysOf(e('2026-11-04', '2026-11-05', '00:30'), '2026-11-01', '2026-11-30')).toEqual(['2026-11-04', '2026-11-05']);
    expect(daysOf(e('2026-11-04', '2026-11-05', '00:00'), '2026-11-01', '2026-11-30')).toEqual(['2026-11-04']);
    expect(daysOf(e('2026-11-04', '2026-11-04', '11:00'), '2026-11-01', '2026-11-30')).toEqual(['2026-11-04']);
  });

  it('is clipped to the listed range', () => {
    expect(daysOf(e('2026-10-30', '2026-11-02', '10:00'), '2026-11-01', '2026-11-30')).toEqual(['2026-11-01', '2026-11-02']);
    expect(daysOf(e('2026-11-29', '2026-12-03', '10:00'), '2026-11-01', '2026-11-30')).toEqual(['2026-11-29', '2026-11-30']);
  });
});
