import { LAST_DAY_OF_MONTH } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { listCalendarFavorites } from './marks';
import { CAL, calendarFixture, createEvent, eventBody, weekOf, type CalFixture } from './fixtures.test-util';

describe.each(DIALECTS)('calendar events (%s)', (dialect) => {
  let t: TestApp;
  let fx: CalFixture;
  const published: { to: number[]; kind: string; payload: unknown }[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    fx = await calendarFixture(t);
    t.ctx.bus.subscribe((to, ev) => published.push({ to, kind: ev.kind, payload: ev.payload }));
  });
  afterAll(() => t.close());

  it('creates an event shared with a group (201) that members see in the week, with the holiday of that week', async () => {
    const id = await createEvent(t, fx.owner, eventBody({ group_id: fx.g1 }));
    const days = await weekOf(t, fx.sharer, '2026-11-02');
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
    ]);
    const wed = days[2]!.events.find((e) => e.id === id)!;
    expect(wed).toMatchObject({ title: '定例会議', event_start_time: '10:00', text_color: 'black' });
    // 文化の日 (2026-11-03) comes from the bundled holiday data as an event without an id.
    expect(days[1]!.events.filter((e) => e.id === null).map((e) => [e.title, e.is_holiday])).toEqual([['文化の日', 1]]);
    // A stranger (another group) does not see it; the holiday they do.
    const theirs = await weekOf(t, fx.stranger, '2026-11-02');
    expect(theirs.flatMap((d) => d.events).map((e) => e.id)).toEqual([null]);
    expect(published.some((p) => p.kind === 'calendar.changed' && p.to.includes(fx.sharerId) && !p.to.includes(fx.strangerId))).toBe(true);
  });

  it('starts the week on the asked first weekday and returns per-day continue flags', async () => {
    const id = await createEvent(
      t,
      fx.owner,
      eventBody({
        plan_type: 2,
        group_id: fx.g1,
        event_start_date: '2026-11-05',
        event_end_date: '2026-11-07',
        event_end_time: '12:00',
        event_color: '#6C757D',
      }),
    );
    const res = await t.inject({ method: 'GET', url: `${CAL}/calendar-by-week?date=2026-11-05&week_start_date=0`, token: fx.owner });
    const body = res.json() as { items: { data: { date: string }[]; event_continue: Record<string, [boolean, boolean][]> } };
    expect(body.items.data[0]!.date).toBe('2026-11-01');
    expect(body.items.event_continue[`${id}:2026-11-05`]).toEqual([
      [false, true],
      [true, true],
      [true, false],
    ]);
    const day = (await weekOf(t, fx.owner, '2026-11-06')).find((d) => d.date === '2026-11-06')!;
    expect(day.events.find((e) => e.id === id)!.text_color).toBe('white');
  });

  it('shares with chosen members only', async () => {
    const id = await createEvent(t, fx.owner, eventBody({ share_type: 2, user_ids: [fx.sharerId], title_ja: '面談' }));
    expect((await t.inject({ method: 'GET', url: `${CAL}/${id}`, token: fx.sharer })).statusCode).toBe(200);
    const res = await t.inject({ method: 'GET', url: `${CAL}/${id}`, token: fx.stranger });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('面談');
    // Only people sharing a group with the creator can be chosen.
    const bad = await t.inject({
      method: 'POST',
      url: CAL,
      token: fx.owner,
      payload: eventBody({ share_type: 2, user_ids: [fx.strangerId] }),
    });
    expect(bad.statusCode).toBe(403);
  });

  it('weekly repeat: stored once, expanded per week; delete this / future / all', async () => {
    const id = await createEvent(
      t,
      fx.owner,
      eventBody({
        plan_type: 3,
        repeat_type: 3,
        every_week_day: [1],
        deadline_type: 1,
        group_id: fx.g1,
        title_ja: '朝会',
        event_start_date: '2026-11-09',
        event_end_date: '2026-11-09',
      }),
    );
    expect(await t.ctx.db.selectFrom('calendar_events').select('id').where('id', '=', id).execute()).toHaveLength(1);
    const list = async () => {
      const res = await t.inject({
        method: 'GET',
        url: `${CAL}/get-all-calendar-events-by-user-id?startDate=2026-11-01&endDate=2026-12-31`,
        token: fx.sharer,
      });
      return (res.json() as { items: { id: number | null; occurrence_date: string }[] }).items
        .filter((e) => e.id === id)
        .map((e) => e.occurrence_date);
    };
    expect(await list()).toEqual([
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
      '2026-12-14',
      '2026-12-21',
      '2026-12-28',
    ]);
    expect(
      (await t.inject({ method: 'DELETE', url: `${CAL}/${id}?delete_type=1&delete_date=2026-11-16`, token: fx.owner })).statusCode,
    ).toBe(200);
    expect(await list()).toEqual(['2026-11-09', '2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14', '2026-12-21', '2026-12-28']);
    expect(
      (await t.inject({ method: 'DELETE', url: `${CAL}/${id}?delete_type=2&delete_date=2026-11-30`, token: fx.owner })).statusCode,
    ).toBe(200);
    expect(await list()).toEqual(['2026-11-09', '2026-11-23']);
    expect((await t.inject({ method: 'DELETE', url: `${CAL}/${id}?delete_type=3`, token: fx.owner })).statusCode).toBe(200);
    expect(await list()).toEqual([]);
    expect((await t.inject({ method: 'GET', url: `${CAL}/${id}`, token: fx.owner })).statusCode).toBe(404);
  });

  it('monthly repeat on the last day of the month has an occurrence every month; other day values are refused', async () => {
    const body = eventBody({
      plan_type: 3,
      repeat_type: 4,
      every_month_day: LAST_DAY_OF_MONTH,
      deadline_type: 1,
      group_id: fx.g1,
      title_ja: '月末締め',
      event_start_date: '2026-11-30',
      event_end_date: '2026-11-30',
    });
    const id = await createEvent(t, fx.owner, body);
    const res = await t.inject({
      method: 'GET',
      url: `${CAL}/get-all-calendar-events-by-user-id?startDate=2026-11-01&endDate=2027-03-31`,
      token: fx.sharer,
    });
    const items = (res.json() as { items: { id: number | null; occurrence_date: string; every_month_day: number | null }[] }).items.filter(
      (e) => e.id === id,
    );
    expect(items.map((e) => e.occurrence_date)).toEqual(['2026-11-30', '2026-12-31', '2027-01-31', '2027-02-28', '2027-03-31']);
    expect(items[0]?.every_month_day).toBe(LAST_DAY_OF_MONTH);
    for (const every_month_day of [0, 32, -2]) {
      const bad = await t.inject({ method: 'POST', url: CAL, token: fx.owner, payload: { ...body, every_month_day } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.every_month_day).toBeDefined();
    }
  });

  it('edits one occurrence, or this and the future as a new series', async () => {
    const id = await createEvent(
      t,
      fx.owner,
      eventBody({
        plan_type: 3,
        repeat_type: 1,
        deadline_type: 2,
        end_deadline: '2026-11-20',
        group_id: fx.g1,
        title_ja: '日報',
        event_start_date: '2026-11-16',
        event_end_date: '2026-11-16',
      }),
    );
    const one = await t.inject({
      method: 'PATCH',
      url: `${CAL}/${id}`,
      token: fx.owner,
      payload: {
        event: eventBody({
          plan_type: 3,
          repeat_type: 1,
          deadline_type: 2,
          end_deadline: '2026-11-20',
          group_id: fx.g1,
          title_ja: '日報（変更）',
          event_start_date: '2026-11-17',
          event_end_date: '2026-11-17',
          event_start_time: '15:00',
          event_end_time: '15:30',
        }),
        edit_type: 1,
        edit_date: '2026-11-17',
      },
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().items).toMatchObject({ id, occurrence_date: '2026-11-17', title: '日報（変更）', event_start_time: '15:00' });
    const future = await t.inject({
      method: 'PATCH',
      url: `${CAL}/${id}`,
      token: fx.owner,
      payload: {
        event: eventBody({
          plan_type: 3,
          repeat_type: 1,
          deadline_type: 2,
          end_deadline: '2026-11-20',
          group_id: fx.g1,
          title_ja: '日報（新）',
          event_start_date: '2026-11-19',
          event_end_date: '2026-11-19',
        }),
        edit_type: 2,
        edit_date: '2026-11-19',
      },
    });
    expect(future.statusCode).toBe(200);
    const newId = future.json().items.id as number;
    expect(newId).not.toBe(id);
    const res = await t.inject({
      method: 'GET',
      url: `${CAL}/get-all-calendar-events-by-user-id?startDate=2026-11-16&endDate=2026-11-22`,
      token: fx.owner,
    });
    const got = (res.json() as { items: { id: number | null; title: string; occurrence_date: string }[] }).items.filter(
      (e) => e.id === id || e.id === newId,
    );
    expect(got.map((e) => [e.occurrence_date, e.title])).toEqual([
      ['2026-11-16', '日報'],
      ['2026-11-17', '日報（変更）'],
      ['2026-11-18', '日報'],
      ['2026-11-19', '日報（新）'],
      ['2026-11-20', '日報（新）'],
    ]);
  });

  it('only the creator changes an event unless accept_member_change_plan', async () => {
    const locked = await createEvent(t, fx.owner, eventBody({ group_id: fx.g1 }));
    const open = await createEvent(t, fx.owner, eventBody({ group_id: fx.g1, accept_member_change_plan: 1 }));
    const patch = (id: number) => ({
      method: 'PATCH' as const,
      url: `${CAL}/${id}`,
      token: fx.sharer,
      payload: { event: eventBody({ group_id: fx.g1, title_ja: '変更' }) },
    });
    expect((await t.inject(patch(locked))).statusCode).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: `${CAL}/${locked}`, token: fx.sharer })).statusCode).toBe(403);
    const ok = await t.inject(patch(open));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().items.user_updater.id).toBe(fx.sharerId);
    expect(ok.json().items.user_creator.id).toBe(fx.ownerId);
  });

  it('validates: end after start, never equal; deadline in the future; bad colour', async () => {
    const post = (over: Record<string, unknown>) =>
      t.inject({ method: 'POST', url: CAL, token: fx.owner, payload: eventBody({ group_id: fx.g1, ...over }) });
    const eq = await post({ event_end_time: '10:00' });
    expect(eq.statusCode).toBe(400);
    expect(eq.json().errors.event_end_time).toEqual(['validation.start_equals_end']);
    expect((await post({ event_end_time: '09:00' })).json().errors.event_end_time).toEqual(['validation.end_after_start']);
    const past = await post({
      plan_type: 3,
      repeat_type: 1,
      deadline_type: 2,
      end_deadline: '2026-11-01',
      event_start_date: '2026-10-01',
      event_end_date: '2026-10-01',
    });
    expect(past.json().errors.end_deadline).toEqual(['validation.deadline_future']);
    expect((await post({ event_color: '#123456' })).statusCode).toBe(400);
    expect((await post({ title_ja: '', title_en: '' })).statusCode).toBe(400);
  });

  it('unread: shared events someone else wrote, counted, marked one and all read; favourites', async () => {
    const count = async () =>
      (
        await t.inject({
          method: 'GET',
          url: `${CAL.replace('/calendar-events', '')}/members/me/unread/count/event-calendar`,
          token: fx.sharer,
        })
      ).json().items.count as number;
    await t.inject({ method: 'POST', url: `${CAL}/mark-read-all`, token: fx.sharer });
    expect(await count()).toBe(0);
    const a = await createEvent(t, fx.owner, eventBody({ group_id: fx.g1, title_ja: '未読A' }));
    await createEvent(t, fx.owner, eventBody({ group_id: fx.g1, title_ja: '未読B' }));
    expect(await count()).toBe(2);
    const unread = await t.inject({ method: 'GET', url: `${CAL}/get-unread?page=1&limit=1`, token: fx.sharer });
    expect(unread.json().items).toMatchObject({ total: 2, last_page: 2 });
    expect(unread.json().items.data[0].title).toBe('未読B');
    expect((await t.inject({ method: 'POST', url: `${CAL}/mark-read`, token: fx.sharer, payload: { event_id: a } })).statusCode).toBe(200);
    expect(await count()).toBe(1);
    // The creator's own events are never unread for them.
    expect(
      (await t.inject({ method: 'GET', url: `${CAL}/get-unread`, token: fx.owner }))
        .json()
        .items.data.map((e: { title: string }) => e.title),
    ).not.toContain('未読A');
    await t.inject({ method: 'POST', url: `${CAL}/mark-read-all`, token: fx.sharer });
    expect(await count()).toBe(0);

    const fav = await t.inject({ method: 'POST', url: `${CAL}/mark-favorite/${a}`, token: fx.sharer });
    expect(fav.json().items.is_favorite).toBe(true);
    const favs = await listCalendarFavorites(t.ctx, fx.sharerId, { limit: 10, offset: 0 });
    expect(favs.total).toBe(1);
    expect(favs.data[0]).toMatchObject({ favorite_target_type: 3, id: a, title: '未読A', content: '2026/11/04 10:00 – 2026/11/04 11:00' });
    expect((await t.inject({ method: 'POST', url: `${CAL}/mark-favorite/${a}`, token: fx.sharer })).json().items.is_favorite).toBe(false);
    expect((await listCalendarFavorites(t.ctx, fx.sharerId, { limit: 10, offset: 0 })).total).toBe(0);
  });

  it('member picker: people of my groups, searchable, 50 per page; equipment of my groups', async () => {
    const res = await t.inject({ method: 'GET', url: `${CAL}/get-all-member?search=${encodeURIComponent('鈴木')}`, token: fx.owner });
    expect(res.json().items.data).toEqual([{ id: fx.sharerId, name: '鈴木 花子' }]);
    expect(
      (await t.inject({ method: 'GET', url: `${CAL}/get-all-member`, token: fx.owner })).json().items.data.map((u: { id: number }) => u.id),
    ).toEqual([fx.sharerId]);
    expect((await t.inject({ method: 'GET', url: `${CAL}/get-all-member?limit=51`, token: fx.owner })).statusCode).toBe(400);
    const dev = await t.inject({ method: 'GET', url: `${CAL}/get-all-setting-device`, token: fx.owner });
    expect(dev.json().items.data).toEqual([
      { id: fx.eq1, name: '会議室A', group_id: fx.g1, group_name: '開発チーム', opening_time: '09:00', closing_time: '18:00' },
    ]);
  });
});
