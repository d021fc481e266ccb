import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../groups/testing';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { CAL, calendarFixture, createEvent, eventBody, type CalFixture } from './fixtures.test-util';

interface Ids {
  ev: number;
}
type Req = Omit<InjectOptions, 'method'> & { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string };

/**
 * Every calendar endpoint: anonymous 401, bad input 400, happy path; and for those naming an
 * event, 404 when it is not shared with the caller (stranger in another group, outsider in
 * another company) and 403 when shared but not changeable.
 */
const CASES: {
  name: string;
  req: (fx: CalFixture, ids: Ids) => Req /** Absent for calls that take no input at all. */;
  bad?: (fx: CalFixture, ids: Ids) => Req;
  event?: 'read' | 'write';
  ok?: number;
}[] = [
  {
    name: 'calendarByWeek',
    req: () => ({ method: 'GET', url: `${CAL}/calendar-by-week?date=2026-11-02` }),
    bad: () => ({ method: 'GET', url: `${CAL}/calendar-by-week?date=2026-13-02` }),
  },
  {
    name: 'calendarEventsInRange',
    req: () => ({ method: 'GET', url: `${CAL}/get-all-calendar-events-by-user-id?startDate=2026-11-01&endDate=2026-11-30` }),
    bad: () => ({ method: 'GET', url: `${CAL}/get-all-calendar-events-by-user-id?startDate=2026-11-30&endDate=2026-11-01` }),
  },
  {
    name: 'calendarEventsInDay',
    req: () => ({ method: 'GET', url: `${CAL}/get-calendar-events-in-day?dayChoose=2026-11-04` }),
    bad: () => ({ method: 'GET', url: `${CAL}/get-calendar-events-in-day?dayChoose=today` }),
  },
  {
    name: 'calendarMembers',
    req: () => ({ method: 'GET', url: `${CAL}/get-all-member?page=1&limit=50` }),
    bad: () => ({ method: 'GET', url: `${CAL}/get-all-member?limit=0` }),
  },
  {
    name: 'calendarDevices',
    req: () => ({ method: 'GET', url: `${CAL}/get-all-setting-device` }),
    bad: () => ({ method: 'GET', url: `${CAL}/get-all-setting-device?list_setting_device_ids=a` }),
  },
  {
    name: 'calendarUnread',
    req: () => ({ method: 'GET', url: `${CAL}/get-unread?page=1&limit=10` }),
    bad: () => ({ method: 'GET', url: `${CAL}/get-unread?page=0` }),
  },
  { name: 'calendarUnreadCount', req: () => ({ method: 'GET', url: `${API}/members/me/unread/count/event-calendar` }) },
  {
    name: 'calendarMarkRead',
    event: 'read',
    req: (_f, i) => ({ method: 'POST', url: `${CAL}/mark-read`, payload: { event_id: i.ev } }),
    bad: () => ({ method: 'POST', url: `${CAL}/mark-read`, payload: { event_id: 'x' } }),
  },
  { name: 'calendarMarkReadAll', req: () => ({ method: 'POST', url: `${CAL}/mark-read-all` }) },
  {
    name: 'calendarMarkFavorite',
    event: 'read',
    req: (_f, i) => ({ method: 'POST', url: `${CAL}/mark-favorite/${i.ev}` }),
    bad: () => ({ method: 'POST', url: `${CAL}/mark-favorite/abc` }),
  },
  {
    name: 'calendarEvent',
    event: 'read',
    req: (_f, i) => ({ method: 'GET', url: `${CAL}/${i.ev}` }),
    bad: (_f, i) => ({ method: 'GET', url: `${CAL}/${i.ev}?date=2026-02-30` }),
  },
  {
    name: 'createCalendarEvent',
    ok: 201,
    req: (f) => ({ method: 'POST', url: CAL, payload: eventBody({ group_id: f.g1 }) }),
    bad: (f) => ({ method: 'POST', url: CAL, payload: eventBody({ group_id: f.g1, event_start_time: '25:00' }) }),
  },
  {
    name: 'updateCalendarEvent',
    event: 'write',
    req: (f, i) => ({ method: 'PATCH', url: `${CAL}/${i.ev}`, payload: { event: eventBody({ group_id: f.g1, title_ja: '変更' }) } }),
    bad: (f, i) => ({ method: 'PATCH', url: `${CAL}/${i.ev}`, payload: { event: eventBody({ group_id: f.g1, plan_type: 9 }) } }),
  },
  {
    name: 'deleteCalendarEvent',
    event: 'write',
    req: (_f, i) => ({ method: 'DELETE', url: `${CAL}/${i.ev}` }),
    bad: (_f, i) => ({ method: 'DELETE', url: `${CAL}/${i.ev}?delete_type=1` }),
  },
];

describe.each(DIALECTS)('calendar authorisation matrix (%s)', (dialect) => {
  let t: TestApp;
  let fx: CalFixture;
  const fresh = async (): Promise<Ids> => ({ ev: await createEvent(t, fx.owner, eventBody({ group_id: fx.g1 })) });
  const send = (r: Req, token?: string) => t.inject({ ...r, token });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    fx = await calendarFixture(t);
  });
  afterAll(() => t.close());

  it.each(CASES)('$name', async (c) => {
    const ids = await fresh();
    expect((await send(c.req(fx, ids))).statusCode, 'anonymous').toBe(401);
    if (c.bad) expect((await send(c.bad(fx, ids), fx.owner)).statusCode, 'bad input').toBe(400);
    if (c.event) {
      for (const [who, token] of [
        ['stranger', fx.stranger],
        ['outsider', fx.outsider],
      ] as const) {
        const res = await send(c.req(fx, ids), token);
        expect(res.statusCode, who).toBe(404);
        expect(res.json().status_code).toBe('CALENDAR_NOT_FOUND');
        expect(res.body).not.toContain('定例会議');
      }
    }
    if (c.event === 'write') {
      const res = await send(c.req(fx, ids), fx.sharer);
      expect(res.statusCode, 'shared but not allowed to change').toBe(403);
      expect(res.json().status_code).toBe('UNAUTHORIZED_ACTION');
    }
    const happy = await send(c.req(fx, ids), fx.owner);
    expect(happy.statusCode, happy.body).toBe(c.ok ?? 200);
  });

  it('another group’s equipment or group is 403; another user’s day is 403', async () => {
    const post = (over: Record<string, unknown>) =>
      send({ method: 'POST', url: CAL, payload: eventBody({ group_id: fx.g1, ...over }) }, fx.owner);
    expect((await post({ equipment_ids: [fx.eq2] })).statusCode).toBe(403);
    expect((await post({ group_id: fx.g2 })).statusCode).toBe(403);
    expect(
      (await send({ method: 'GET', url: `${CAL}/calendar-by-week?date=2026-11-02&type=3&group_id=${fx.g2}` }, fx.owner)).statusCode,
    ).toBe(403);
    expect(
      (await send({ method: 'GET', url: `${CAL}/get-calendar-events-in-day?dayChoose=2026-11-02&userId=${fx.sharerId}` }, fx.owner))
        .statusCode,
    ).toBe(403);
    // Editing with someone else's equipment is refused too, and the event keeps its own.
    const { ev } = await fresh();
    const res = await send(
      { method: 'PATCH', url: `${CAL}/${ev}`, payload: { event: eventBody({ group_id: fx.g1, equipment_ids: [fx.eq2] }) } },
      fx.owner,
    );
    expect(res.statusCode).toBe(403);
  });
});
