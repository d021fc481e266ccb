import { endpoints as e, LikeTargetType } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AuthUser } from '../../kernel';
import { cached, registerEndpoint as on } from '../../http/route';
import { authorizeGroup, commonContentScope, ensurePeriodicJob } from '../../kernel';
import { registerUnreadSource as registerGroupBadgeSource } from '../groups';
import './builtin-sources';
import { favoriteCounts, favoritePage } from './favorites';
import { likePage, markAllLikesRead, unreadLikeCount } from './likes';
import { publishNotificationChange } from './events';
import { DIGEST_JOB, unsubscribe } from './digest';
import { HttpError } from '../../http/errors';
import { groupTopData } from './group-top';
import { createTask, deleteTask, todo, updateTask } from './todo';
import { commonUnread, groupUnread, groupUnreadCounts, markGroupRead, markItemsRead, unreadPage, unreadTally } from './unread';
import './push/send';
import { vapidKeys } from './push/vapid';

const viewer = (u: AuthUser) => ({ id: u.id, companyId: u.companyId });

/**
 * The group list badges count exactly what the unread list shows for the group (topics,
 * comments, shared files and whatever later kinds register with area 'group').
 */
registerGroupBadgeSource(async (ctx: AppContext, userId, groupIds, companyId) => {
  // The group list passes its authenticated caller's company; other callers are looked up.
  const u =
    companyId !== undefined
      ? { id: userId, company_id: companyId }
      : await ctx.db.selectFrom('users').select(['id', 'company_id']).where('id', '=', userId).executeTakeFirst();
  if (!u) return new Map();
  const counts = await groupUnreadCounts(ctx, { id: u.id, companyId: u.company_id }, groupIds);
  return new Map(groupIds.map((g) => [g, counts.get(g) ?? 0]));
});

/** Unread list and counts, like notices and favourites (members/me/notification…). */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  // Mail clients post 'List-Unsubscribe=One-Click' as a form (RFC 8058); its content is fixed, so
  // the body is accepted and ignored (this plugin's scope only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, undefined));
  // Armed only by a listening server (as the job runner polls only then), so API tests that run
  // due jobs by hand and count mails see no digests; digest tests sweep explicitly.
  app.addHook('onListen', async () => ensurePeriodicJob(app.ctx.db, DIGEST_JOB, app.ctx.now(), app.ctx.now()));
  // The common area's stored unread count (a common-topic path, answered here because this
  // module keeps the counts): the same rule as the feed's unread tab, without recounting every
  // unread common topic per request.
  on(
    app,
    e.commonTopicUnreadCount,
    async ({ ctx, user }) => {
      await commonContentScope(ctx, user, 'read');
      return {
        items: { count: (await commonUnread(ctx, { id: user.id, companyId: user.companyId })).get(LikeTargetType.COMMON_TOPIC) ?? 0 },
      };
    },
    cached,
  );
  on(app, e.unsubscribeDigest, async ({ ctx, query }) => {
    if (!(await unsubscribe(ctx, query.u, query.t))) throw new HttpError(404, 'INVALID_LINK', 'The link is not valid.');
    return { items: { ok: true as const } };
  });
  on(app, e.unreadList, async ({ ctx, user, query }) => {
    if (query.group_id !== undefined) await authorizeGroup(ctx, user, query.group_id, 'member');
    return { items: await unreadPage(ctx, viewer(user), { page: query.page, limit: query.limit, groupId: query.group_id }) };
  });
  on(app, e.notificationCount, async ({ ctx, user, params }) => ({
    items: { count: params.kind === 1 ? (await unreadTally(ctx, viewer(user))).total : await unreadLikeCount(ctx, viewer(user)) },
  }));
  on(app, e.groupNotificationCount, async ({ ctx, user, params }) => {
    await authorizeGroup(ctx, user, params.groupId, 'member');
    return { items: await groupUnread(ctx, viewer(user), params.groupId) };
  });
  on(app, e.groupTopData, async ({ ctx, user, params }) => {
    await authorizeGroup(ctx, user, params.id, 'member');
    return { items: await groupTopData(ctx, viewer(user), params.id) };
  });
  on(app, e.groupTopUnreadCount, async ({ ctx, user, params }) => {
    await authorizeGroup(ctx, user, params.id, 'member');
    return { items: await groupUnread(ctx, viewer(user), params.id) };
  });
  on(app, e.unreadGroupData, async ({ ctx, user }) => {
    const tally = await unreadTally(ctx, viewer(user));
    return {
      items: {
        total: tally.total,
        common: tally.common,
        other: tally.other,
        groups: [...tally.groups].map(([group_id, g]) => ({ group_id, ...g })),
      },
    };
  });
  on(app, e.markReadEachItem, async ({ ctx, user, params }) => {
    const count = await markItemsRead(ctx, viewer(user), [params.id]);
    await publishNotificationChange(ctx, user.id);
    return { items: { count } };
  });
  on(app, e.markReadSelected, async ({ ctx, user, body }) => {
    const count = await markItemsRead(ctx, viewer(user), body.notification_ids);
    await publishNotificationChange(ctx, user.id);
    return { items: { count } };
  });
  on(app, e.markReadGroup, async ({ ctx, user, params }) => {
    await authorizeGroup(ctx, user, params.groupId, 'member');
    const count = await markGroupRead(ctx, viewer(user), params.groupId);
    await publishNotificationChange(ctx, user.id);
    return { items: { count } };
  });

  on(app, e.likeList, async ({ ctx, user, query }) => ({ items: await likePage(ctx, viewer(user), query) }));
  on(app, e.markReadAllLike, async ({ ctx, user }) => {
    await markAllLikesRead(ctx, user.id);
    await publishNotificationChange(ctx, user.id);
    return { items: { ok: true as const } };
  });

  on(app, e.pushPublicKey, async ({ ctx }) => ({
    items: { public_key: vapidKeys(ctx.config.dataDir, process.env, ctx.config.publicUrl).publicKey },
  }));

  on(app, e.todo, async ({ ctx, user }) => ({ items: await todo(ctx, viewer(user)) }));
  on(app, e.createTodoTask, async ({ ctx, user, body }) => ({ items: await createTask(ctx, user.id, body.title) }));
  on(app, e.updateTodoTask, async ({ ctx, user, params, body }) => ({ items: await updateTask(ctx, user.id, params.id, body) }));
  on(app, e.deleteTodoTask, async ({ ctx, user, params }) => {
    await deleteTask(ctx, user.id, params.id);
    return { items: { ok: true as const } };
  });

  on(app, e.favoriteList, async ({ ctx, user, query }) => ({ items: await favoritePage(ctx, viewer(user), query) }));
  on(app, e.favoriteCount, async ({ ctx, user }) => ({ items: await favoriteCounts(ctx, viewer(user)) }));
}
