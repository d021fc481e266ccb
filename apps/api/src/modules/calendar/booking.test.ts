import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../groups/testing';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { CAL, calendarFixture, createEvent, eventBody, type CalFixture } from './fixtures.test-util';

describe.each(DIALECTS)('equipment booking (%s)', (dialect) => {
  let t: TestApp;
  let fx: CalFixture;
  const book = (token: string, over: Record<string, unknown>) =>
    t.inject({ method: 'POST', url: CAL, token, payload: eventBody({ group_id: fx.g1, equipment_ids: [fx.eq1], ...over }) });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    fx = await calendarFixture(t);
  });
  afterAll(() => t.close());

  it('group administrators set business hours: closing later than opening and before 23:59', async () => {
    const url = `${API}/members/me/groups/${fx.g1}/equipments`;
    const patch = (payload: Record<string, unknown>, token = fx.owner) =>
      t.inject({ method: 'PATCH', url: `${url}/${fx.eq1}`, token, payload });
    expect((await patch({ name: '会議室A', opening_time: '18:00', closing_time: '09:00' })).json().errors.closing_time).toEqual([
      'validation.closing_after_opening',
    ]);
    expect((await patch({ name: '会議室A', opening_time: '09:00', closing_time: '23:59' })).statusCode).toBe(400);
    expect((await patch({ name: '会議室A', opening_time: '09:00' })).statusCode).toBe(400);
    expect((await patch({ name: '会議室A', opening_time: '08:00', closing_time: '20:00' }, fx.sharer)).statusCode).toBe(403);
    const ok = await patch({ name: '会議室A', opening_time: '09:00', closing_time: '18:00' });
    expect(ok.json().items).toMatchObject({ opening_time: '09:00', closing_time: '18:00' });
    // A rename without hours keeps them.
    expect((await patch({ name: '第一会議室' })).json().items).toMatchObject({
      name: '第一会議室',
      opening_time: '09:00',
      closing_time: '18:00',
    });
  });

  it('refuses outside business hours and in the past', async () => {
    const late = await book(fx.owner, { event_start_time: '17:30', event_end_time: '18:30' });
    expect([late.statusCode, late.json().status_code]).toEqual([400, 'OUTSIDE_BUSINESS_HOURS']);
    const past = await book(fx.owner, { event_start_date: '2026-11-01', event_end_date: '2026-11-01' });
    expect([past.statusCode, past.json().status_code]).toEqual([400, 'RESERVATION_RETROACTIVE']);
    // Without equipment a past event is fine (a record of a meeting held).
    expect((await book(fx.owner, { event_start_date: '2026-11-01', event_end_date: '2026-11-01', equipment_ids: [] })).statusCode).toBe(
      201,
    );
  });

  it('refuses an overlap, allows back-to-back, and names the colliding dates of a repeat', async () => {
    await createEvent(
      t,
      fx.owner,
      eventBody({ group_id: fx.g1, equipment_ids: [fx.eq1], event_start_date: '2026-11-10', event_end_date: '2026-11-10' }),
    );
    const clash = await book(fx.sharer, {
      event_start_date: '2026-11-10',
      event_end_date: '2026-11-10',
      event_start_time: '10:30',
      event_end_time: '12:00',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ status_code: 'EQUIPMENT_ALREADY_BOOKED', data: { dates: ['2026-11-10'] } });
    expect(
      (
        await book(fx.sharer, {
          event_start_date: '2026-11-10',
          event_end_date: '2026-11-10',
          event_start_time: '11:00',
          event_end_time: '12:00',
        })
      ).statusCode,
    ).toBe(201);
    // Weekly on Tuesdays from 11-03: only the 11-10 occurrence collides, checked one by one.
    const weekly = {
      plan_type: 3,
      repeat_type: 3,
      every_week_day: [2],
      deadline_type: 2,
      end_deadline: '2026-12-01',
      event_start_date: '2026-11-03',
      event_end_date: '2026-11-03',
      event_start_time: '10:15',
      event_end_time: '10:45',
    };
    const res = await book(fx.sharer, weekly);
    expect(res.json()).toMatchObject({ status_code: 'EQUIPMENT_ALREADY_BOOKED', data: { dates: ['2026-11-10'] } });
    expect((await book(fx.sharer, { ...weekly, event_start_time: '13:00', event_end_time: '14:00' })).statusCode).toBe(201);
    const rows = await t.ctx.db
      .selectFrom('equipment_bookings')
      .select('occurrence_date')
      .where('starts_at', '>=', Date.UTC(2026, 10, 3, 4))
      .orderBy('starts_at')
      .execute();
    expect(rows.map((r) => r.occurrence_date)).toEqual([
      '2026-11-03',
      '2026-11-10',
      '2026-11-10',
      '2026-11-10',
      '2026-11-17',
      '2026-11-24',
      '2026-12-01',
    ]);
  });

  it('deleting one occurrence frees its slot', async () => {
    const id = await createEvent(
      t,
      fx.owner,
      eventBody({
        group_id: fx.g1,
        equipment_ids: [fx.eq1],
        plan_type: 3,
        repeat_type: 1,
        deadline_type: 2,
        end_deadline: '2026-11-20',
        event_start_date: '2026-11-18',
        event_end_date: '2026-11-18',
        event_start_time: '15:00',
        event_end_time: '16:00',
      }),
    );
    const other = { event_start_date: '2026-11-19', event_end_date: '2026-11-19', event_start_time: '15:00', event_end_time: '16:00' };
    expect((await book(fx.sharer, other)).statusCode).toBe(409);
    await t.inject({ method: 'DELETE', url: `${CAL}/${id}?delete_type=1&delete_date=2026-11-19`, token: fx.owner });
    expect((await book(fx.sharer, other)).statusCode).toBe(201);
  });

  it('100 concurrent requests for one slot: exactly one 201, 99 refusals', async () => {
    const slot = { event_start_date: '2026-11-25', event_end_date: '2026-11-25', event_start_time: '13:00', event_end_time: '14:00' };
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => book(i % 2 ? fx.owner : fx.sharer, { ...slot, title_ja: `予約${i}` })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409 && r.json().status_code === 'EQUIPMENT_ALREADY_BOOKED')).toHaveLength(99);
    const rows = await t.ctx.db.selectFrom('equipment_bookings').select('id').where('occurrence_date', '=', '2026-11-25').execute();
    expect(rows).toHaveLength(1);
    // No half-written events either: only the winner's event exists.
    const events = await t.ctx.db.selectFrom('calendar_events').select('id').where('start_date', '=', '2026-11-25').execute();
    expect(events).toHaveLength(1);
  });
});
