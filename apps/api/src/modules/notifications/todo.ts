import {
  CalendarViewType,
  LikeTargetType,
  TODO_TASKS_MAX,
  unreadKey,
  type TodayEvent,
  type TodoTask,
  type UnreadItem,
} from '@portal/api-client';
import { occurrencesBetween, tokyoDate } from '../calendar';
import type { AppContext } from '../../kernel';
import { HttpError } from '../../http/errors';
import { unreadSource, type Viewer } from '../../kernel';

const taskNotFound = () => new HttpError(404, 'NOT_FOUND', 'The task does not exist.');

/** Groups where the viewer approves join requests (administrator or invite right) and some wait. */
async function pendingApprovals(ctx: AppContext, viewer: Viewer) {
  const rows = await ctx.db
    .selectFrom('group_join_requests as r')
    .innerJoin('group_members as m', (j) => j.onRef('m.group_id', '=', 'r.group_id').on('m.user_id', '=', viewer.id))
    .innerJoin('groups as g', 'g.id', 'r.group_id')
    .select(['g.id as group_id', 'g.name as group_name', (eb) => eb.fn.countAll<number>().as('n')])
    .where('r.status', '=', 'pending')
    .where('g.is_stopped', '=', 0)
    .where((eb) => eb.or([eb('m.role_admin', '=', 1), eb('m.role_invite', '=', 1)]))
    .groupBy(['g.id', 'g.name'])
    .orderBy('g.name')
    .execute();
  return rows.map((r) => ({ group_id: r.group_id, group_name: r.group_name, count: Number(r.n) }));
}

/** Unread emergency topics, from the same unread sources as the list (one rule for what is unread). */
async function unreadEmergencies(ctx: AppContext, viewer: Viewer): Promise<UnreadItem[]> {
  const out: UnreadItem[] = [];
  for (const type of [LikeTargetType.GROUP_TOPIC, LikeTargetType.COMMON_TOPIC]) {
    const source = unreadSource(type)!;
    const rows = await ctx.db
      .selectFrom(source.rows(ctx, viewer, { unreadOnly: true }).as('u'))
      .innerJoin('topics as t', 't.id', 'u.target_id')
      .select(['u.target_id', 'u.group_id', 'u.at'])
      .where('t.emergency_contact', '=', 1)
      .orderBy('u.at', 'desc')
      .limit(50)
      .execute();
    const details = await source.describe(
      ctx,
      viewer,
      rows.map((r) => Number(r.target_id)),
    );
    for (const r of rows) {
      const d = details.get(Number(r.target_id));
      if (d)
        out.push({
          id: unreadKey(type, Number(r.target_id)),
          unread_type: type,
          unread_target_id: Number(r.target_id),
          group_id: r.group_id === null ? null : Number(r.group_id),
          ...d,
          updated_at: Number(r.at),
          is_read: false,
        });
    }
  }
  return out.sort((a, b) => b.updated_at - a.updated_at);
}

const present = (r: { id: number; title: string; done: number; created_at: number; updated_at: number }): TodoTask => ({
  id: r.id,
  title: r.title,
  done: r.done === 1,
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

async function tasks(ctx: AppContext, userId: number) {
  const rows = await ctx.db
    .selectFrom('todo_tasks')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('done')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(present);
}

/** Today's occurrences (Tokyo day) of the user's "my" calendar, with the calendar's own read rules; no holidays. */
async function todayEvents(ctx: AppContext, viewer: Viewer): Promise<TodayEvent[]> {
  const today = tokyoDate(ctx.now());
  const user = { id: viewer.id, companyId: viewer.companyId, isCompanyAdmin: false, sessionId: '' };
  const events = await occurrencesBetween(ctx, user, today, today, { type: CalendarViewType.MY });
  return events.flatMap((e) =>
    e.id === null
      ? []
      : [
          {
            id: e.id,
            title: e.title,
            occurrence_date: e.occurrence_date,
            event_start_time: e.event_start_time,
            event_end_time: e.event_end_time,
            starts_at: e.starts_at,
            ends_at: e.ends_at,
            group_name: e.group_name,
          },
        ],
  );
}

export async function todo(ctx: AppContext, viewer: Viewer) {
  const [join_requests, emergency_topics, today_events, list] = await Promise.all([
    pendingApprovals(ctx, viewer),
    unreadEmergencies(ctx, viewer),
    todayEvents(ctx, viewer),
    tasks(ctx, viewer.id),
  ]);
  return { join_requests, emergency_topics, today_events, tasks: list };
}

export async function createTask(ctx: AppContext, userId: number, title: string): Promise<TodoTask> {
  const n = await ctx.db
    .selectFrom('todo_tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(n.n) >= TODO_TASKS_MAX) throw new HttpError(400, 'VALIDATION_ERROR', undefined, { title: ['validation.max'] });
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('todo_tasks')
    .values({ user_id: userId, title, done: 0, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return present(row);
}

/** Only the caller's own tasks are found; another user's id is simply not found. */
export async function updateTask(
  ctx: AppContext,
  userId: number,
  id: number,
  patch: { title?: string | undefined; done?: boolean | undefined },
): Promise<TodoTask> {
  const row = await ctx.db
    .updateTable('todo_tasks')
    .set({
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.done !== undefined ? { done: patch.done ? 1 : 0 } : {}),
      updated_at: ctx.now(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw taskNotFound();
  return present(row);
}

export async function deleteTask(ctx: AppContext, userId: number, id: number): Promise<void> {
  const r = await ctx.db.deleteFrom('todo_tasks').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw taskNotFound();
}
