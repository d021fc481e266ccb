import { z } from 'zod';
import { afterFields, requiredText, rowIdText } from '../validation';
import { envelope } from './common';
import { unreadItem } from './notifications';

/** The todo page: open actions gathered from the domains, plus the user's own tasks. */
export const TODO_TITLE_MAX = 200;
export const TODO_TASKS_MAX = 200;

export const todoTask = z.object({
  id: z.number().int(),
  title: z.string(),
  done: z.boolean(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type TodoTask = z.infer<typeof todoTask>;

export const todayEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  occurrence_date: z.string(),
  event_start_time: z.string(),
  event_end_time: z.string(),
  starts_at: z.number(),
  ends_at: z.number(),
  group_name: z.string().nullable(),
});
export type TodayEvent = z.infer<typeof todayEvent>;

export const todoResponse = envelope(
  z.object({
    /** Groups where the user approves join requests and some are waiting. */
    join_requests: z.array(z.object({ group_id: z.number().int(), group_name: z.string(), count: z.number().int() })),
    /** Unread emergency topics (group and common) the user can read now. */
    emergency_topics: z.array(unreadItem),
    /** Today's (Tokyo) occurrences in the user's own calendar ("my" view), in start order. */
    today_events: z.array(todayEvent),
    tasks: z.array(todoTask),
  }),
);
export const todoTaskBody = z.object({ title: requiredText(TODO_TITLE_MAX) }).strict();
export const todoTaskPatch = z
  .object({ title: requiredText(TODO_TITLE_MAX).optional(), done: z.boolean().optional() })
  .strict()
  .refine((b) => b.title !== undefined || b.done !== undefined, { message: 'validation.required', ...afterFields });
export const todoTaskParam = z.object({ id: rowIdText() }).strict();
export const todoTaskResponse = envelope(todoTask);
