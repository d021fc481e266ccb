/**
 * Calendar week fetch benchmark: `calendar-by-week` for a user in 20 groups, with 100 events and
 * with 10 000 (the same 100 around the asked week plus 9 900 before and after it: normal,
 * multi-day and repeating with deadlines, and a few indefinite repeats), on SQLite and
 * PostgreSQL. The window query and the expansion should cost what the week holds, not what the
 * company has stored: the 10 000 figure should stay within 2× of the 100 one.
 * Run: `node --import tsx apps/api/bench/calendar-week.ts [out.json]`.
 */
import fs from 'node:fs';
import { calendarDates as cd } from '@portal/api-client';
import { createTestApp, type TestApp, type TestDialect } from '../src/test/harness';
import { columns } from '../src/modules/calendar/service';
import { CAL } from '../src/modules/calendar/fixtures.test-util';

const SAMPLES = Number(process.env.BENCH_CAL_SAMPLES ?? 200);
const WEEK = '2026-11-02';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0) * 100) / 100;
};

/** Event `i` of a kind, starting `offsetDays` from the asked week's Monday. */
function body(i: number, offsetDays: number, groupId: number) {
  const start = cd.addDays(WEEK, offsetDays);
  const kind = i % 10;
  const base = {
    title_ja: `予定${i}`,
    title_en: '',
    memo: '',
    event_color: '#FFFFFF',
    share_type: 1 as const,
    group_id: groupId,
    user_ids: [],
    equipment_ids: [],
    accept_member_change_plan: 0 as const,
    every_week_day: [],
    every_month_day: null,
  };
  const times = {
    event_start_date: start,
    event_start_time: `${String(8 + (i % 9)).padStart(2, '0')}:00`,
    event_end_time: `${String(9 + (i % 9)).padStart(2, '0')}:00`,
  };
  if (kind < 6)
    return { ...base, ...times, plan_type: 1 as const, repeat_type: null, deadline_type: null, end_deadline: null, event_end_date: start };
  if (kind < 8)
    return {
      ...base,
      ...times,
      plan_type: 2 as const,
      repeat_type: null,
      deadline_type: null,
      end_deadline: null,
      event_end_date: cd.addDays(start, 2),
    };
  // Repeats: weekly or weekdays for four weeks; one in a hundred never ends.
  const forever = i % 100 === 9;
  return {
    ...base,
    ...times,
    plan_type: 3 as const,
    repeat_type: (kind === 8 ? 3 : 2) as 2 | 3,
    event_end_date: start,
    deadline_type: (forever ? 1 : 2) as 1 | 2,
    end_deadline: forever ? null : cd.addDays(start, 27),
  };
}

async function insert(t: TestApp, companyId: number, userId: number, groups: number[], n: number, offset: (i: number) => number, from = 0) {
  const now = t.clock();
  for (let s = from; s < from + n; s += 200) {
    const rows = [];
    for (let i = s; i < Math.min(from + n, s + 200); i++) {
      rows.push({
        ...columns(body(i, offset(i), groups[i % groups.length]!)),
        company_id: companyId,
        creator_id: userId,
        updater_id: userId,
        created_at: now,
        updated_at: now,
      });
    }
    await t.ctx.db.insertInto('calendar_events').values(rows).execute();
  }
}

async function measure(t: TestApp, token: string) {
  const run = async () => {
    const res = await t.inject({ method: 'GET', url: `${CAL}/calendar-by-week?date=${WEEK}&week_start_date=1`, token });
    if (res.statusCode !== 200) throw new Error(`week answered ${res.statusCode}`);
    return (res.json() as { items: { data: { events: unknown[] }[] } }).items.data.reduce((a, d) => a + d.events.length, 0);
  };
  for (let i = 0; i < 20; i++) await run();
  const latencies: number[] = [];
  let shown = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    shown = await run();
    latencies.push(performance.now() - t0);
  }
  return { p50_ms: pct(latencies, 0.5), p95_ms: pct(latencies, 0.95), day_entries_shown: shown };
}

export async function benchCalendarWeek(dialect: TestDialect) {
  const t = await createTestApp(dialect);
  try {
    const companyId = await t.createCompany();
    const user = await t.createUser({ companyId });
    const groups: number[] = [];
    for (let g = 0; g < 20; g++) {
      groups.push(await t.createGroup(companyId));
      await t.addMember(groups[g]!, user.id);
    }
    const token = await t.login(user);
    // The same 100 events around the asked week (from three weeks before to its Sunday).
    await insert(t, companyId, user.id, groups, 100, (i) => (i % 28) - 21);
    const small = await measure(t, token);
    // 9 900 more, a year and more away on either side of the week.
    await insert(t, companyId, user.id, groups, 9_900, (i) => (i % 2 ? 1 : -1) * (60 + (i % 700)), 100);
    const large = await measure(t, token);
    const ratio = Math.round((large.p50_ms / small.p50_ms) * 100) / 100;
    return { dialect, groups: 20, events: { 100: small, 10000: large }, p50_ratio_10000_to_100: ratio, within_2x: ratio <= 2 };
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = [];
  for (const d of (process.env.BENCH_CAL_DIALECTS ?? 'sqlite,postgres').split(',') as TestDialect[])
    results.push(await benchCalendarWeek(d));
  const json = JSON.stringify({ at: new Date().toISOString(), calendar_week: results }, null, 2);
  console.log(json);
  if (process.argv[2]) fs.writeFileSync(process.argv[2], json);
}
