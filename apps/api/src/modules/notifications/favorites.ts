import { FavoriteTargetType, LikeTargetType, type FavoriteItem } from '@portal/api-client';
import { sql } from 'kysely';
import type { AppContext } from '../../kernel';
import {
  commonTopicReadable,
  type FavoriteSource,
  favoriteSources,
  groupTopicReadable,
  lit,
  myGroupIds,
  registerFavoriteSource,
  type UnreadDetail,
  unreadSource,
  type Viewer,
} from '../../kernel';

type Rows = (ctx: AppContext, v: Viewer) => any;

/**
 * The files a favourite can name: those of the unread list plus the attachments of topics the
 * viewer can read (a topic's files are not unread items of their own, but each can be marked
 * from the topic). Which kind a file is follows the file's owner, never the route it was marked
 * through: a file of a group is a group file (spec section 7: common items belonging to a group
 * are reclassified), one of no group a common file.
 */
const favouriteFiles =
  (area: 'group' | 'common'): Rows =>
  (ctx, v) => {
    const q = ctx.db.selectFrom('files as f').where('f.company_id', '=', v.companyId).where('f.in_bin', '=', 0);
    const readableTopic = (eb: any) =>
      eb.exists(
        eb
          .selectFrom('topics as t')
          .select(sql`1`.as('one'))
          .whereRef('t.id', '=', 'f.topic_id')
          .where(area === 'group' ? groupTopicReadable(ctx, v, ctx.now()) : commonTopicReadable(v, ctx.now())),
      );
    return (
      area === 'group'
        ? q.where('f.group_id', 'in', myGroupIds(ctx, v)).where((eb) => eb.or([eb('f.topic_id', 'is', null), readableTopic(eb)]))
        : q.where('f.group_id', 'is', null).where((eb) => eb.or([eb('f.is_attachment', '=', 0), readableTopic(eb)]))
    ).select(['f.id as target_id', 'f.group_id as group_id', 'f.updated_at as at']);
  };

/**
 * Topic and file favourites reuse the unread sources' readability (one rule for what a viewer
 * can see) and their display; read state comes from the same read tables. The kind comes from
 * the source that finds the item (group or common), so it always matches where the item lives.
 */
function fromUnreadKind(type: number, unreadType: number, marks: 'topic_favorites' | 'file_favorites', base?: Rows): FavoriteSource {
  const col = marks === 'topic_favorites' ? 'topic_id' : 'file_id';
  const reads = marks === 'topic_favorites' ? 'topic_reads' : 'file_reads';
  const items: Rows = base ?? ((ctx, v) => unreadSource(unreadType)!.rows(ctx, v, { unreadOnly: false }));
  return {
    type,
    rows: (ctx, v) =>
      ctx.db
        .selectFrom(items(ctx, v).as('r'))
        .innerJoin(`${marks} as fav` as 'topic_favorites as fav', (j) =>
          j.onRef(`fav.${col}` as 'fav.topic_id', '=', 'r.target_id').on('fav.user_id', '=', v.id),
        )
        .select(['r.target_id', 'r.group_id', 'r.at'])
        .select((eb) =>
          eb
            .case()
            .when(
              eb.exists(
                eb
                  .selectFrom(`${reads} as rd` as 'topic_reads as rd')
                  .select(sql`1`.as('one'))
                  .whereRef(`rd.${col}` as 'rd.topic_id', '=', 'r.target_id')
                  .where('rd.user_id', '=', v.id),
              ),
            )
            .then(1)
            .else(0)
            .end()
            .as('is_read'),
        ),
    describe: (ctx, v, ids) => unreadSource(unreadType)!.describe(ctx, v, ids),
  };
}

for (const s of [
  fromUnreadKind(FavoriteTargetType.GROUP_TOPIC, LikeTargetType.GROUP_TOPIC, 'topic_favorites'),
  fromUnreadKind(FavoriteTargetType.COMMON_TOPIC, LikeTargetType.COMMON_TOPIC, 'topic_favorites'),
  fromUnreadKind(FavoriteTargetType.GROUP_FILE, LikeTargetType.GROUP_SHARED_FOLDER, 'file_favorites', favouriteFiles('group')),
  fromUnreadKind(FavoriteTargetType.COMMON_FILE, LikeTargetType.COMMON_SHARED_FOLDER, 'file_favorites', favouriteFiles('common')),
]) {
  registerFavoriteSource(s);
}

function allFavorites(ctx: AppContext, viewer: Viewer) {
  const parts = [...favoriteSources.values()].map((s) => s.rows(ctx, viewer).select(lit(s.type).as('favorite_target_type')));
  let union: any = parts[0];
  for (const p of parts.slice(1)) union = union.unionAll(p);
  return ctx.db.selectFrom(union.as('fv'));
}

export async function favoriteCounts(ctx: AppContext, viewer: Viewer) {
  const row: any = await allFavorites(ctx, viewer)
    .select([(eb: any) => eb.fn.countAll().as('n'), (eb: any) => eb.fn.sum('fv.is_read').as('read')])
    .executeTakeFirstOrThrow();
  const count = Number(row.n);
  return { count, unread: count - Number(row.read ?? 0) };
}

export async function favoritePage(ctx: AppContext, viewer: Viewer, opts: { page: number; limit: number }) {
  const { count } = await favoriteCounts(ctx, viewer);
  const rows: any[] = await allFavorites(ctx, viewer)
    .selectAll()
    .orderBy('fv.at', 'desc')
    .orderBy('fv.favorite_target_type', 'desc')
    .orderBy('fv.target_id', 'desc')
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit)
    .execute();
  const details = new Map<number, Map<number, UnreadDetail>>();
  for (const type of new Set(rows.map((r) => Number(r.favorite_target_type)))) {
    const ids = rows.filter((r) => Number(r.favorite_target_type) === type).map((r) => Number(r.target_id));
    details.set(type, await favoriteSources.get(type)!.describe(ctx, viewer, ids));
  }
  const data = rows.flatMap((r): FavoriteItem[] => {
    const type = Number(r.favorite_target_type);
    const d = details.get(type)?.get(Number(r.target_id));
    if (!d) return [];
    return [
      {
        id: `${type}-${r.target_id}`,
        favorite_target_type: type,
        target_id: Number(r.target_id),
        group_id: r.group_id === null ? null : Number(r.group_id),
        group_name: d.group_name,
        group_avatar: d.avatar,
        title: d.title,
        content: d.content,
        update_by_user: d.update_by_user,
        user_active_status: d.user_active_status,
        emergency_contact: d.emergency_contact,
        updated_at: Number(r.at),
        is_read: Number(r.is_read) === 1,
      },
    ];
  });
  return { data, current_page: opts.page, last_page: Math.max(1, Math.ceil(count / opts.limit)), total: count };
}
