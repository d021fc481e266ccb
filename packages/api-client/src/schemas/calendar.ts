import { z } from 'zod';
import { DeadlineType, EVENT_COLORS, LAST_DAY_OF_MONTH, LIMITS, PlanType, RepeatType, ShareType } from '../constants';
import { afterFields, multilineText, rowId, rowIdText, text } from '../validation';
import { envelope, page } from './common';

/**
 * Calendar contract (spec sections 3 and 7). Dates are 'YYYY-MM-DD' and times 'HH:mm' in
 * Asia/Tokyo; `starts_at` / `ends_at` are the same instants in epoch ms.
 */

export { BOOKING_HORIZON_DAYS, CalendarViewType, RepeatScope } from '../calendar-constants';
import { CalendarViewType, RepeatScope } from '../calendar-constants';

const id = rowIdText();
/** An id inside a JSON body: a number, as JSON has them; only path and query text is coerced. */
const bodyId = rowId();
export const calendarDateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.format')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'validation.format');
export const calendarTimeString = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.format');
const colorHex = z.enum(EVENT_COLORS.map((c) => c.hex) as [string, ...string[]]);
const viewType = z.coerce
  .number()
  .int()
  .refine((n) => Object.values(CalendarViewType).includes(n as 1), 'validation.invalid_value');

export const calendarIdParam = z.object({ id }).strict();

export const calendarEventBody = z
  .object({
    title_ja: text(255).default(''),
    title_en: text(255).default(''),
    plan_type: z.union([z.literal(PlanType.NORMAL), z.literal(PlanType.DURRATION), z.literal(PlanType.REPEAT)]),
    repeat_type: z
      .union([
        z.literal(RepeatType.DAILY),
        z.literal(RepeatType.DAILY_NO_WEEKEND),
        z.literal(RepeatType.WEEKLY),
        z.literal(RepeatType.MONTHLY),
      ])
      .nullable()
      .default(null),
    /** Weekdays 0 (Sunday) … 6 for a weekly repeat. */
    every_week_day: z.array(z.number().int().min(0).max(6)).max(7).default([]),
    /** 1–31, or LAST_DAY_OF_MONTH for each month's last day. */
    every_month_day: z
      .number()
      .int()
      .refine((d) => d === LAST_DAY_OF_MONTH || (d >= 1 && d <= 31), 'validation.invalid')
      .nullable()
      .default(null),
    deadline_type: z
      .union([z.literal(DeadlineType.INDEFINITE), z.literal(DeadlineType.TIME_LIMIT)])
      .nullable()
      .default(null),
    end_deadline: calendarDateString.nullable().default(null),
    event_start_date: calendarDateString,
    event_end_date: calendarDateString,
    event_start_time: calendarTimeString,
    event_end_time: calendarTimeString,
    memo: multilineText(5000).default(''),
    event_color: colorHex.default('#FFFFFF'),
    share_type: z.union([z.literal(ShareType.GROUP_TAG), z.literal(ShareType.MEMBER_CHOOSE)]),
    group_id: bodyId.nullable().default(null),
    user_ids: z.array(bodyId).max(1000).default([]),
    equipment_ids: z.array(bodyId).max(50).default([]),
    accept_member_change_plan: z.union([z.literal(0), z.literal(1)]).default(0),
  })
  .strict()
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!b.title_ja && !b.title_en) issue('title_ja', 'validation.required');
    // Section 5: end later than start, never equal.
    const start = `${b.event_start_date} ${b.event_start_time}`;
    const end = `${b.event_end_date} ${b.event_end_time}`;
    if (end === start) issue('event_end_time', 'validation.start_equals_end');
    else if (end < start) issue('event_end_time', 'validation.end_after_start');
    if (b.share_type === ShareType.GROUP_TAG && b.group_id === null) issue('group_id', 'validation.required');
    if (b.plan_type === PlanType.REPEAT) {
      if (b.repeat_type === null) issue('repeat_type', 'validation.required');
      if (b.deadline_type === null) issue('deadline_type', 'validation.required');
      if (b.deadline_type === DeadlineType.TIME_LIMIT) {
        if (b.end_deadline === null) issue('end_deadline', 'validation.required');
        else if (b.end_deadline < b.event_start_date) issue('end_deadline', 'validation.period_invalid');
      }
    }
  }, afterFields);
export type CalendarEventBody = z.output<typeof calendarEventBody>;

export const updateCalendarEventBody = z
  .object({
    event: calendarEventBody,
    /** For a repeating event: which occurrences change (default all) and from which date. */
    edit_type: z.union([z.literal(RepeatScope.THIS), z.literal(RepeatScope.FUTURE), z.literal(RepeatScope.ALL)]).default(RepeatScope.ALL),
    edit_date: calendarDateString.nullable().default(null),
  })
  .strict()
  .refine((b) => b.edit_type === RepeatScope.ALL || b.edit_date !== null, {
    path: ['edit_date'],
    message: 'validation.required',
    ...afterFields,
  });

export const deleteCalendarEventQuery = z
  .object({
    delete_type: z.coerce
      .number()
      .int()
      .refine((n) => n >= 1 && n <= 3, 'validation.invalid_value')
      .default(RepeatScope.ALL),
    delete_date: calendarDateString.optional(),
  })
  .strict()
  .refine((q) => q.delete_type === RepeatScope.ALL || q.delete_date !== undefined, {
    path: ['delete_date'],
    message: 'validation.required',
    ...afterFields,
  });

export const calendarDetailQuery = z.object({ date: calendarDateString.optional() }).strict();

export const calendarWeekQuery = z
  .object({
    date: calendarDateString,
    type: viewType.default(CalendarViewType.ALL),
    group_id: id.optional(),
    /** First day of the week 0 (Sunday) … 6; absent: seven days from `date`. */
    week_start_date: z.coerce.number().int().min(0).max(6).optional(),
    /** Days to return (7 for the week table, up to 42 for a month grid). */
    days: z.coerce.number().int().min(1).max(42).default(7),
  })
  .strict();

export const calendarRangeQuery = z
  .object({
    startDate: calendarDateString,
    endDate: calendarDateString,
    optionDisplay: viewType.default(CalendarViewType.ALL),
    group_id: id.optional(),
  })
  .strict()
  .refine((q) => q.endDate >= q.startDate, { path: ['endDate'], message: 'validation.period_invalid', ...afterFields });

export const calendarDayQuery = z.object({ userId: id.optional(), dayChoose: calendarDateString }).strict();

export const calendarMemberQuery = z
  .object({
    filter: z.string().max(50).optional(),
    user_ids: z
      .string()
      .regex(/^\d{1,9}(,\d{1,9})*$/)
      .optional(),
    search: z.string().trim().max(LIMITS.searchKeywordMax).optional(),
    limit: z.coerce.number().int().min(1).max(LIMITS.memberSearchPageSize).default(LIMITS.memberSearchPageSize),
    page: z.coerce.number().int().min(1).default(1),
  })
  .strict();

export const calendarDeviceQuery = z
  .object({
    group_name: z.string().trim().max(LIMITS.searchKeywordMax).optional(),
    list_setting_device_ids: z
      .string()
      .regex(/^\d{1,9}(,\d{1,9})*$/)
      .optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    page: z.coerce.number().int().min(1).default(1),
  })
  .strict();

export const calendarUnreadQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(10),
    page: z.coerce.number().int().min(1).default(1),
  })
  .strict();

export const calendarMarkReadBody = z.object({ event_id: bodyId }).strict();

const userRef = z.object({ id: z.number().int(), name: z.string() });
export const calendarEquipmentRef = z.object({
  id: z.number().int(),
  name: z.string(),
  group_id: z.number().int(),
  group_name: z.string(),
  opening_time: z.string().nullable(),
  closing_time: z.string().nullable(),
});

/** One event as a view shows it: an occurrence (its own dates) plus the series' rule. */
export const calendarEvent = z.object({
  /** null for a Japanese national holiday. */
  id: z.number().int().nullable(),
  title: z.string(),
  title_ja: z.string(),
  title_en: z.string(),
  plan_type: z.number().int(),
  repeat_type: z.number().int().nullable(),
  every_week_day: z.array(z.number().int()),
  every_month_day: z.number().int().nullable(),
  deadline_type: z.number().int().nullable(),
  end_deadline: z.string().nullable(),
  event_start_date: z.string(),
  event_end_date: z.string(),
  event_start_time: z.string(),
  event_end_time: z.string(),
  starts_at: z.number(),
  ends_at: z.number(),
  /** The occurrence's start date (the `date` a preview link carries). */
  occurrence_date: z.string(),
  /** The series' first day (the rule's start), for the edit form. */
  series_start_date: z.string(),
  series_end_date: z.string(),
  memo: z.string(),
  event_color: z.string(),
  text_color: z.enum(['black', 'white']),
  icon_type: z.enum(['warning', 'duration', 'repeat']).nullable(),
  week_day: z.number().int(),
  share_type: z.number().int().nullable(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  accept_member_change_plan: z.number().int(),
  user_creator: userRef.nullable(),
  user_updater: userRef.nullable(),
  is_holiday: z.number().int(),
  can_edit: z.boolean(),
  is_read: z.boolean(),
  is_favorite: z.boolean(),
  updated_at: z.number(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;

export const calendarEventDetail = calendarEvent.extend({
  members: z.array(userRef),
  equipments: z.array(calendarEquipmentRef),
  /** Dates whose bookings were reserved: the first and last booked occurrence, if any. */
  booked_until: z.string().nullable(),
});
export type CalendarEventDetail = z.infer<typeof calendarEventDetail>;

/** Per-day flags of a multi-day occurrence: [continues from the day before, continues to the next]. */
const continueFlags = z.array(z.tuple([z.boolean(), z.boolean()]));
export const calendarDay = z.object({ date: z.string(), events: z.array(calendarEvent) });
export const calendarWeekResponse = envelope(
  z.object({
    data: z.array(calendarDay),
    /** Keyed by `${id}:${occurrence_date}` (holidays by `holiday:${date}`), one entry per shown day. */
    event_continue: z.record(z.string(), continueFlags),
  }),
);
export const calendarEventListResponse = envelope(z.array(calendarEvent));
export const calendarEventDetailResponse = envelope(calendarEventDetail);
export const calendarMembersResponse = envelope(page(userRef));
export const calendarDevicesResponse = envelope(page(calendarEquipmentRef));
export const calendarUnreadResponse = envelope(page(calendarEvent));
export const calendarFavoriteResponse = envelope(z.object({ is_favorite: z.boolean() }));
export const calendarCountResponse = envelope(z.object({ count: z.number().int() }));
/** The personal iCalendar feed: whether one is live, or the new secret URL (shown once). */
export const calendarFeedStatusResponse = envelope(z.object({ active: z.boolean() }));
export const calendarFeedUrlResponse = envelope(z.object({ url: z.string() }));
export const calendarFeedParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/) }).strict();
/** The feed itself is text/calendar, not JSON. */
export const calendarFeedBody = z.unknown();

export { CALENDAR_EVENT_KIND, type CalendarEventPayload } from '../calendar-constants';
