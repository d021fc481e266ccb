import { calendarEventBody, calendarDates as cd } from '@portal/api-client';
import type { Kysely } from 'kysely';
import { bookingOccurrences } from '../modules/calendar/repeat';
import { columns } from '../modules/calendar/service';
import type { DemoTopicContext } from './seed-topics';
import type { DB } from './types';

/** Equipment per demo group: name and business hours (null: bookable at any time). */
const EQUIPMENT: [group: string, name: string, hours: [string, string] | null][] = [
  ['総務部', '第一会議室', ['09:00', '18:00']],
  ['総務部', '社用車（品川 300 あ 12-34）', null],
  ['開発チーム', 'プロジェクター', ['08:00', '20:00']],
  ['営業一課', '商談ルーム', ['09:00', '19:00']],
];

interface DemoEvent {
  title_ja: string;
  title_en: string;
  /** Creator (demo user index). */
  by: number;
  /** Day of this week, 0 = Monday. */
  day: number;
  days?: number;
  start: string;
  end: string;
  group?: string;
  members?: number[];
  color: string;
  memo?: string;
  repeat?: { type: 1 | 2 | 3 | 4; week?: number[]; untilWeeks?: number };
  equipment?: string;
  accept?: 0 | 1;
}

const EVENTS: DemoEvent[] = [
  {
    title_ja: '週次定例',
    title_en: 'Weekly sync',
    by: 1,
    day: 0,
    start: '10:00',
    end: '11:00',
    group: '開発チーム',
    color: '#CDE6FA',
    repeat: { type: 3, week: [1] },
    equipment: 'プロジェクター',
    memo: '進捗と課題の共有。議題は前日までにトピックへ。',
  },
  {
    title_ja: '全社朝礼',
    title_en: 'Morning assembly',
    by: 1,
    day: 0,
    start: '08:45',
    end: '09:00',
    group: '全社連絡',
    color: '#FFFFFF',
    repeat: { type: 2, untilWeeks: 8 },
  },
  {
    title_ja: '1on1（鈴木さん）',
    title_en: '1on1 (Suzuki)',
    by: 1,
    day: 1,
    start: '17:00',
    end: '17:30',
    members: [2],
    color: '#FAD4E0',
    accept: 1,
  },
  {
    title_ja: '営業会議',
    title_en: 'Sales meeting',
    by: 1,
    day: 2,
    start: '14:00',
    end: '15:30',
    group: '営業一課',
    color: '#E6F5A9',
    equipment: '商談ルーム',
    memo: '今期の見込み案件の確認。',
  },
  {
    title_ja: '大阪出張',
    title_en: 'Trip to Osaka',
    by: 1,
    day: 3,
    days: 1,
    start: '08:00',
    end: '19:00',
    members: [2, 3],
    color: '#8B5A2B',
    equipment: '社用車（品川 300 あ 12-34）',
  },
  {
    title_ja: '品質レビュー',
    title_en: 'Quality review',
    by: 3,
    day: 4,
    start: '15:00',
    end: '16:00',
    group: '品質保証',
    color: '#D9363E',
    memo: '不具合報告の傾向を確認します。',
  },
  {
    title_ja: '設備点検',
    title_en: 'Facility inspection',
    by: 1,
    day: 4,
    start: '13:00',
    end: '14:00',
    group: '総務部',
    color: '#6C757D',
    equipment: '第一会議室',
  },
];

/**
 * Demo equipment (with business hours) and events for the week the server starts in (Tokyo),
 * shared with demo groups or members, some repeating, some booking equipment. Written as the
 * calendar service stores them, without its "not in the past" check: a fresh portal shows a
 * lived-in week. An event is matched by its Japanese title; one that exists is left alone.
 */
export async function seedDemoCalendar(trx: Kysely<DB>, c: DemoTopicContext): Promise<number> {
  const equipment = new Map<string, number>();
  for (const [group, name, hours] of EQUIPMENT) {
    const groupId = c.groupIds.get(group)!;
    const found = await trx
      .selectFrom('group_equipments')
      .select('id')
      .where('group_id', '=', groupId)
      .where('name', '=', name)
      .executeTakeFirst();
    const id =
      found?.id ??
      (
        await trx
          .insertInto('group_equipments')
          .values({
            group_id: groupId,
            name,
            opening_time: hours?.[0] ?? null,
            closing_time: hours?.[1] ?? null,
            created_at: c.now,
            updated_at: c.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    equipment.set(name, id);
  }

  const monday = cd.weekStart(cd.tokyoDate(c.now), 1);
  let added = 0;
  for (const e of EVENTS) {
    const exists = await trx
      .selectFrom('calendar_events')
      .select('id')
      .where('company_id', '=', c.companyId)
      .where('title_ja', '=', e.title_ja)
      .executeTakeFirst();
    if (exists) continue;
    const start = cd.addDays(monday, e.day);
    const body = calendarEventBody.parse({
      title_ja: e.title_ja,
      title_en: e.title_en,
      memo: e.memo ?? '',
      event_color: e.color,
      plan_type: e.repeat ? 3 : e.days ? 2 : 1,
      repeat_type: e.repeat?.type ?? null,
      every_week_day: e.repeat?.week ?? [],
      deadline_type: e.repeat ? (e.repeat.untilWeeks ? 2 : 1) : null,
      end_deadline: e.repeat?.untilWeeks ? cd.addDays(start, e.repeat.untilWeeks * 7) : null,
      event_start_date: start,
      event_end_date: cd.addDays(start, e.days ?? 0),
      event_start_time: e.start,
      event_end_time: e.end,
      share_type: e.group ? 1 : 2,
      group_id: e.group ? c.groupIds.get(e.group)! : null,
      user_ids: (e.members ?? []).map((i) => c.userIds.get(i)!),
      accept_member_change_plan: e.accept ?? 0,
    });
    const creator = c.userIds.get(e.by)!;
    const cols = columns(body);
    const row = await trx
      .insertInto('calendar_events')
      .values({ ...cols, company_id: c.companyId, creator_id: creator, updater_id: creator, created_at: c.now, updated_at: c.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (body.user_ids.length)
      await trx
        .insertInto('calendar_event_members')
        .values(body.user_ids.map((user_id) => ({ event_id: row.id, user_id })))
        .execute();
    await trx.insertInto('calendar_event_reads').values({ event_id: row.id, user_id: creator, created_at: c.now }).execute();
    if (e.equipment) {
      const equipment_id = equipment.get(e.equipment)!;
      await trx.insertInto('calendar_event_equipments').values({ event_id: row.id, equipment_id }).execute();
      const rows = bookingOccurrences(cols, []).map((o) => ({
        event_id: row.id,
        equipment_id,
        occurrence_date: o.date,
        starts_at: o.starts_at,
        ends_at: o.ends_at,
      }));
      for (let i = 0; i < rows.length; i += 100)
        await trx
          .insertInto('equipment_bookings')
          .values(rows.slice(i, i + 100))
          .execute();
    }
    added++;
  }
  return added;
}
