import { describe, expect, it } from 'vitest';
import { ev } from '../test/fixtures';
import { continuedByDay, continuedOn, eventTitle } from './labels';

describe('calendar labels', () => {
  it('a multi-day occurrence has its own continue flags on each shown day', () => {
    const trip = ev({ id: 4, occurrence_date: '2026-11-26', event_start_date: '2026-11-26', event_end_date: '2026-11-27' });
    const other = ev({ id: 5, occurrence_date: '2026-11-26' });
    const days = [
      { date: '2026-11-25', events: [] },
      { date: '2026-11-26', events: [trip, other] },
      { date: '2026-11-27', events: [{ ...trip }] },
    ];
    const flags = {
      '4:2026-11-26': [
        [false, true],
        [true, false],
      ] as [boolean, boolean][],
      '5:2026-11-26': [[false, false]] as [boolean, boolean][],
    };
    expect(continuedOn(days, flags, '2026-11-26', trip)).toEqual([false, true]);
    expect(continuedOn(days, flags, '2026-11-27', trip)).toEqual([true, false]);
    expect(continuedOn(days, flags, '2026-11-26', other)).toEqual([false, false]);
    // The whole grid's flags in one pass agree with asking chip by chip.
    expect(continuedByDay(days, flags)).toEqual(days.map((d) => d.events.map((e) => continuedOn(days, flags, d.date, e))));
    expect(continuedByDay(days, flags)).toEqual([
      [],
      [
        [false, true],
        [false, false],
      ],
      [[true, false]],
    ]);
  });

  it('titles follow the language and fall back to the other one', () => {
    expect(eventTitle({ title: '会議', title_ja: '会議', title_en: 'Meeting' }, 'en')).toBe('Meeting');
    expect(eventTitle({ title: '会議', title_ja: '会議', title_en: '' }, 'en')).toBe('会議');
    expect(eventTitle({ title: 'Sync', title_ja: '', title_en: 'Sync' }, 'ja')).toBe('Sync');
  });
});
