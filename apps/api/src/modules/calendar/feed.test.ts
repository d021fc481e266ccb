import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { CAL, calendarFixture, createEvent, eventBody, type CalFixture } from './fixtures.test-util';

/** Parses the feed with ical.js (an independent RFC 5545 implementation). */
function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const vtz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(vtz));
  return cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

/** Occurrence start dates (Tokyo wall clock) of an event's rule, up to `n`. */
function starts(ev: ICAL.Event, n: number): string[] {
  const it = ev.iterator();
  const out: string[] = [];
  for (let next = it.next(); next && out.length < n; next = it.next()) {
    if (ev.isRecurrenceException()) continue;
    out.push(next.toString().slice(0, 16));
  }
  return out;
}

const MEMO = `議題：${'進捗と課題の共有、来週の予定。'.repeat(8)}\n持ち物; ノートPC, 資料`;

describe.each(DIALECTS)('iCalendar feed (%s)', (dialect) => {
  let t: TestApp;
  let fx: CalFixture;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    fx = await calendarFixture(t);
  });
  afterAll(() => t.close());

  const feedUrl = async (token: string) => {
    const res = await t.inject({ method: 'POST', url: `${CAL}/feed`, token });
    expect(res.statusCode).toBe(200);
    return new URL(res.json().items.url as string).pathname;
  };

  it('serves what the user sees, repeats as RRULE with deleted occurrences excluded, and holidays', async () => {
    const weekly = await createEvent(
      t,
      fx.owner,
      eventBody({
        group_id: fx.g1,
        title_ja: '朝会, 定例; 週次',
        plan_type: 3,
        repeat_type: 3,
        every_week_day: [1, 3],
        deadline_type: 2,
        end_deadline: '2026-11-25',
        event_start_date: '2026-11-09',
        event_end_date: '2026-11-09',
        event_start_time: '08:00',
        event_end_time: '08:30',
        memo: MEMO,
      }),
    );
    await t.inject({ method: 'DELETE', url: `${CAL}/${weekly}?delete_type=1&delete_date=2026-11-11`, token: fx.owner });
    await createEvent(t, fx.owner, eventBody({ share_type: 2, user_ids: [], title_ja: '自分だけの予定' }));

    const path = await feedUrl(fx.sharer);
    const res = await t.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const events = parse(res.body);
    const ev = events.find((e) => e.summary === '朝会, 定例; 週次')!;
    expect(ev.component.getFirstPropertyValue('rrule')!.toString()).toContain('BYDAY=MO,WE');
    // Tokyo wall-clock 08:00 on Mondays and Wednesdays until 11-25, without the deleted 11-11.
    expect(starts(ev, 10)).toEqual(['2026-11-09T08:00', '2026-11-16T08:00', '2026-11-18T08:00', '2026-11-23T08:00', '2026-11-25T08:00']);
    expect(ev.startDate.toJSDate().getTime()).toBe(Date.UTC(2026, 10, 8, 23, 0));
    // Long lines are folded at 75 octets without splitting a character; the text survives whole.
    expect(ev.description).toBe(MEMO);
    expect(res.body.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    // Not shared with the sharer: absent. Holidays: present as all-day events.
    expect(events.map((e) => e.summary)).not.toContain('自分だけの予定');
    const newYear = events.find((e) => e.startDate.toString() === '2027-01-01')!;
    expect([newYear.summary, newYear.startDate.isDate]).toEqual(['元日', true]);
  });

  it('a new URL replaces the old; revoking ends it; a wrong secret is 404; managing it needs a login', async () => {
    const first = await feedUrl(fx.stranger);
    const second = await feedUrl(fx.stranger);
    expect((await t.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `${CAL}/feed`, token: fx.stranger })).json().items.active).toBe(true);
    expect((await t.inject({ method: 'DELETE', url: `${CAL}/feed`, token: fx.stranger })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `${CAL}/feed`, token: fx.stranger })).json().items.active).toBe(false);
    expect((await t.inject({ method: 'GET', url: '/service/api/v1/calendar-feed/not-a-token.ics' })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: `/service/api/v1/calendar-feed/${'a'.repeat(43)}.ics` })).statusCode).toBe(404);
    for (const method of ['GET', 'POST', 'DELETE'] as const) expect((await t.inject({ method, url: `${CAL}/feed` })).statusCode).toBe(401);
  });
});
