import { calendarDates as cd } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { DEMO_ACCOUNTS, seedDemo } from './seed';

const API = '/service/api/v1';

describe.each(DIALECTS)('demo calendar seed (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedDemo(t.ctx);
  });
  afterAll(() => t.close());

  it('fills this week with shared events and bookings; running again adds nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('calendar_events')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(before).toBe(7);
    await seedDemo(t.ctx);
    expect(await count()).toBe(before);

    const account = DEMO_ACCOUNTS.member;
    const login = await t.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { employee_number: account.employee_number, password: account.password },
    });
    const token = login.json().items.access_token as string;
    const monday = cd.weekStart(cd.tokyoDate(t.clock()), 1);
    const week = await t.inject({ method: 'GET', url: `${API}/calendar-events/calendar-by-week?date=${monday}`, token });
    const titles = new Set((week.json().items.data as { events: { title: string }[] }[]).flatMap((d) => d.events.map((e) => e.title)));
    for (const title of ['週次定例', '全社朝礼', '1on1（鈴木さん）', '営業会議', '大阪出張']) expect(titles).toContain(title);
    const unread = await t.inject({ method: 'GET', url: `${API}/members/me/unread/count/event-calendar`, token });
    expect(unread.json().items.count).toBeGreaterThan(0);
    const booked = await t.ctx.db.selectFrom('equipment_bookings').select(['equipment_id', 'starts_at', 'ends_at']).execute();
    expect(booked.length).toBeGreaterThan(4);
  });
});
