import type { TestApp } from '../../test/harness';
import { API } from '../groups/testing';

export const CAL = `${API}/calendar-events`;

export interface CalFixture {
  company: number;
  g1: number;
  g2: number;
  eq1: number;
  eq2: number;
  owner: string;
  ownerId: number;
  sharer: string;
  sharerId: number;
  stranger: string;
  strangerId: number;
  outsider: string;
}

/**
 * Owner and sharer in group 1 (with equipment 会議室A, 09:00–18:00); stranger in group 2 only
 * (with its own equipment); outsider in another company. The test clock starts at
 * 2026-11-02 09:00 Tokyo (a Monday).
 */
export async function calendarFixture(t: TestApp): Promise<CalFixture> {
  const company = await t.createCompany();
  const g1 = await t.createGroup(company, '開発チーム');
  const g2 = await t.createGroup(company, '営業一課');
  const [o, s, x] = await Promise.all([
    t.createUser({ companyId: company, lastName: '佐藤', firstName: '太郎' }),
    t.createUser({ companyId: company, lastName: '鈴木', firstName: '花子' }),
    t.createUser({ companyId: company, lastName: '高橋', firstName: '健一' }),
  ]);
  const other = await t.createUser();
  await t.addMember(g1, o.id, { role_admin: 1 });
  await t.addMember(g1, s.id);
  await t.addMember(g2, x.id, { role_admin: 1 });
  await t.addMember(await t.createGroup(other.companyId), other.id);
  const now = t.clock();
  const eq = async (group_id: number, name: string, hours: [string, string] | null) =>
    (
      await t.ctx.db
        .insertInto('group_equipments')
        .values({ group_id, name, opening_time: hours?.[0] ?? null, closing_time: hours?.[1] ?? null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return {
    company,
    g1,
    g2,
    eq1: await eq(g1, '会議室A', ['09:00', '18:00']),
    eq2: await eq(g2, '社用車', null),
    owner: await t.login(o),
    ownerId: o.id,
    sharer: await t.login(s),
    sharerId: s.id,
    stranger: await t.login(x),
    strangerId: x.id,
    outsider: await t.login(other),
  };
}

export function eventBody(over: Record<string, unknown> = {}) {
  return {
    title_ja: '定例会議',
    title_en: 'Weekly meeting',
    plan_type: 1,
    event_start_date: '2026-11-04',
    event_end_date: '2026-11-04',
    event_start_time: '10:00',
    event_end_time: '11:00',
    memo: '議題は前日までに',
    event_color: '#CDE6FA',
    share_type: 1,
    ...over,
  };
}

export async function createEvent(t: TestApp, token: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.inject({ method: 'POST', url: CAL, token, payload: body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { items: { id: number } }).items.id;
}

interface DayJson {
  date: string;
  events: { id: number | null; title: string; occurrence_date: string; event_start_time: string; is_holiday: number; text_color: string }[];
}

export async function weekOf(t: TestApp, token: string, date: string, extra = ''): Promise<DayJson[]> {
  const res = await t.inject({ method: 'GET', url: `${CAL}/calendar-by-week?date=${date}${extra}`, token });
  if (res.statusCode !== 200) throw new Error(`week failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { items: { data: DayJson[] } }).items.data;
}
