import { FavoriteTargetType } from '@portal/api-client';
import { sql } from 'kysely';
import { activeStatus, displayName, type FavoriteSource, registerFavoriteSource, shortName, type UnreadDetail } from '../../kernel';
import { favoriteRange } from './marks';
import { favoriteRows } from './queries';

/**
 * Calendar events in the notifications engine's favourites list (favorite_target_type 3,
 * section 3: "Calendar favourites show the start-end range as content"). Which events a user may
 * see is the calendar's own rule (`favoriteRows` filters by `visibleTo`), so an event no longer
 * shared with them drops out of the list and its count. Read means the same as in the calendar's
 * unread list: the user changed it last, or read it since its last change.
 */
export const calendarFavoriteSource: FavoriteSource = {
  type: FavoriteTargetType.CALENDAR,
  rows: (ctx, v) =>
    favoriteRows(ctx, v.id)
      .clearSelect()
      .select(['calendar_events.id as target_id', 'calendar_events.group_id as group_id', 'calendar_events.updated_at as at'])
      .select((eb) =>
        eb
          .case()
          .when(eb.or([eb('calendar_events.updater_id', '=', v.id), eb('r.created_at', '>=', eb.ref('calendar_events.updated_at'))]))
          .then(sql<number>`1`)
          .else(sql<number>`0`)
          .end()
          .as('is_read'),
      ) as never,
  async describe(ctx, v, ids) {
    if (ids.length === 0) return new Map();
    const rows = await favoriteRows(ctx, v.id).where('calendar_events.id', 'in', ids).execute();
    return new Map(
      rows.map((r): [number, UnreadDetail] => [
        r.id,
        {
          group_name: r.group_name ?? null,
          avatar: null,
          topic_id: null,
          topic_comment_id: null,
          title: r.title,
          content: favoriteRange(r, v.id),
          update_by_user: shortName(displayName({ last_name: r.updater_last, first_name: r.updater_first })),
          user_active_status: activeStatus(null, undefined),
          emergency_contact: false,
          allow_anonymous_comment: false,
        },
      ]),
    );
  },
};

registerFavoriteSource(calendarFavoriteSource);
