import { endpoints as e } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors';
import { registerEndpoint as on } from '../../http/route';
import { hashToken, newToken } from '../auth';
import { holidaysBetween } from './holidays';
import { renderCalendar } from './ical';
import { eventRows, exceptionsOf } from './queries';
import { addDays, tokyoDate } from './tokyo';

const YEAR_MS = 365 * 86_400_000;
const feedNotFound = () => new HttpError(404, 'NOT_FOUND', 'Not found.');

/**
 * Personal iCalendar feed: a secret URL (only its hash is stored) serving what the user sees —
 * events from a year back on, repeats as RRULE with EXDATE, and national holidays — so phones
 * and desktop calendars can subscribe. A new URL replaces the old; revoking ends it.
 */
export async function calendarFeedRoutes(app: FastifyInstance): Promise<void> {
  on(app, e.calendarFeed, async ({ ctx, user }) => {
    const row = await ctx.db.selectFrom('calendar_feed_tokens').select('user_id').where('user_id', '=', user.id).executeTakeFirst();
    return { items: { active: row !== undefined } };
  });
  on(app, e.createCalendarFeed, async ({ ctx, user }) => {
    const token = newToken();
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('calendar_feed_tokens').where('user_id', '=', user.id).execute();
      await trx
        .insertInto('calendar_feed_tokens')
        .values({ user_id: user.id, token_hash: hashToken(token), created_at: ctx.now() })
        .execute();
    });
    return { items: { url: `${ctx.config.publicUrl}/service/api/v1/calendar-feed/${token}.ics` } };
  });
  on(app, e.revokeCalendarFeed, async ({ ctx, user }) => {
    await ctx.db.deleteFrom('calendar_feed_tokens').where('user_id', '=', user.id).execute();
    return { items: { ok: true as const } };
  });
  on(app, e.calendarFeedIcs, async ({ ctx, params, reply }) => {
    const owner = await ctx.db
      .selectFrom('calendar_feed_tokens as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select(['u.id', 'u.status'])
      .where('f.token_hash', '=', hashToken(params.token.slice(0, -'.ics'.length)))
      .executeTakeFirst();
    if (!owner || owner.status !== 'active') throw feedNotFound();
    const now = ctx.now();
    const rows = await eventRows(ctx, owner.id, { scope: 'all', from: now - YEAR_MS, to: Number.MAX_SAFE_INTEGER });
    const exceptions = await exceptionsOf(
      ctx,
      rows.filter((r) => r.has_exceptions).map((r) => r.id),
    );
    const today = tokyoDate(now);
    const body = renderCalendar({
      name: 'グループポータル',
      now,
      host: new URL(ctx.config.publicUrl).hostname,
      events: rows.map((row) => ({ row, exceptions: exceptions.get(row.id) ?? [] })),
      holidays: holidaysBetween(addDays(today, -365), addDays(today, 730)).map((h) => ({ date: h.occurrence_date, name: h.title })),
    });
    void reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', 'inline; filename="calendar.ics"')
      .header('Cache-Control', 'private, max-age=300')
      .header('X-Content-Type-Options', 'nosniff');
    return body;
  });
}
