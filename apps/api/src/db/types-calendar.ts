import type { Generated } from 'kysely';

/** Calendar tables (migration 0009_calendar); dates 'YYYY-MM-DD' and times 'HH:mm' are Asia/Tokyo. */
export interface CalendarEventsTable {
  id: Generated<number>;
  company_id: number;
  creator_id: number;
  updater_id: number;
  title: string;
  title_ja: Generated<string>;
  title_en: Generated<string>;
  memo: Generated<string>;
  plan_type: number;
  repeat_type: number | null;
  /** Comma-separated weekdays 0 (Sunday) … 6. */
  every_week_day: string | null;
  every_month_day: number | null;
  deadline_type: number | null;
  end_deadline: string | null;
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  starts_at: number;
  ends_at: number;
  range_end: number;
  event_color: Generated<string>;
  share_type: number;
  group_id: number | null;
  accept_member_change_plan: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface CalendarEventMembersTable {
  event_id: number;
  user_id: number;
}

export interface CalendarEventExceptionsTable {
  id: Generated<number>;
  event_id: number;
  occurrence_date: string;
  title: string | null;
  title_ja: string | null;
  title_en: string | null;
  memo: string | null;
  event_color: string | null;
  starts_at: number | null;
  ends_at: number | null;
  is_deleted: Generated<number>;
}

export interface CalendarEventEquipmentsTable {
  event_id: number;
  equipment_id: number;
}

export interface EquipmentBookingsTable {
  id: Generated<number>;
  event_id: number;
  equipment_id: number;
  occurrence_date: string;
  starts_at: number;
  ends_at: number;
}

export interface CalendarEventUserMarkTable {
  event_id: number;
  user_id: number;
  created_at: number;
}

export interface CalendarFeedTokensTable {
  user_id: number;
  token_hash: string;
  created_at: number;
}

export interface CalendarTables {
  calendar_events: CalendarEventsTable;
  calendar_event_members: CalendarEventMembersTable;
  calendar_event_exceptions: CalendarEventExceptionsTable;
  calendar_event_equipments: CalendarEventEquipmentsTable;
  equipment_bookings: EquipmentBookingsTable;
  calendar_event_reads: CalendarEventUserMarkTable;
  calendar_event_favorites: CalendarEventUserMarkTable;
  calendar_feed_tokens: CalendarFeedTokensTable;
}
