import { endpoints as e, newCommonTopicBody, updateCommonTopicBody } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint as on } from '../../http/route';
import { postComment, readTopicForm, saveWithFiles } from './attachments';
import * as comments from './comments';
import { commentPageSize, listOptions } from './list-options';
import { releaseLock, takeLock } from './lock';
import { purgeTopics } from './purge';
import * as policy from './policy';
import { listTopics } from './queries';
import * as service from './service';
import { forbidden, visibleTopics } from '../../kernel';

const ok = { items: { ok: true as const } };

/**
 * Common topics (members/me/common-topics/…): the same engine with a company scope. A topic is
 * found only if it reaches one of the caller's groups (or the caller wrote it); writing needs
 * common_topic_role.
 */
export async function commonTopicRoutes(app: FastifyInstance): Promise<void> {
  on(app, e.commonTopics, async ({ ctx, user, query }) => {
    const scope = await policy.commonScope(ctx, user, 'read');
    const opts = await listOptions(ctx, user.id, 'common_topic', { ...query, orderBy: query.order_by, sortedBy: query.sorted_by });
    return { items: await listTopics(ctx, scope, { kind: 'all' }, opts) };
  });
  on(app, e.commonTopicTop, async ({ ctx, user, query }) => {
    const scope = await policy.commonScope(ctx, user, 'read');
    const opts = await listOptions(ctx, user.id, 'common_topic', { ...query, orderBy: 'update', sortedBy: 'desc' });
    return { items: await listTopics(ctx, scope, { kind: 'all' }, opts) };
  });
  on(app, e.commonTopic, async ({ ctx, user, params }) => {
    const scope = await policy.commonScope(ctx, user, 'read');
    return { items: await service.topicDetail(ctx, scope, params.topicId) };
  });
  on(app, e.createCommonTopic, async ({ ctx, user, body, request }) => {
    const scope = await policy.commonScope(ctx, user, 'write');
    const form = await readTopicForm(ctx, request, scope, body, newCommonTopicBody);
    const id = await saveWithFiles(ctx, scope, form, request.log, (writer) => service.createTopic(ctx, scope, form.body, writer));
    return { items: await service.topicDetail(ctx, scope, id) };
  });
  on(app, e.updateCommonTopic, async ({ ctx, user, params, body, request }) => {
    const scope = await policy.commonScope(ctx, user, 'write');
    const topic = await policy.requireTopic(ctx, scope, params.topicId);
    policy.requireEdit(scope, topic);
    const form = await readTopicForm(ctx, request, scope, body, updateCommonTopicBody);
    await saveWithFiles(ctx, scope, form, request.log, (writer) => service.updateTopic(ctx, scope, topic, form.body, writer));
    return { items: await service.topicDetail(ctx, scope, topic.id) };
  });
  on(app, e.deleteCommonTopic, async ({ ctx, user, params, request }) => {
    const scope = await policy.commonScope(ctx, user, 'write');
    const topic = await policy.requireTopic(ctx, scope, params.topicId);
    policy.requireEdit(scope, topic);
    await purgeTopics(ctx, [topic.id], { actor: { userId: user.id, ip: request.ip } }, request.log);
    return ok;
  });

  on(app, e.commonMarkRead, async ({ ctx, user, params }) => {
    const scope = await policy.commonScope(ctx, user, 'read');
    await service.setRead(ctx, user.id, (await policy.requireTopic(ctx, scope, params.topicId)).id, true);
    return { items: { is_read: true } };
  });
  on(app, e.commonMarkUnread, async ({ ctx, user, params }) => {
    const scope = await policy.commonScope(ctx, user, 'read');
    await service.setRead(ctx, user.id, (await policy.requireTopic(ctx, scope, params.topicId)).id, false);
    return { items: { is_read: false } };
  });
  on(app, e.commonMarkReadAll, async ({ ctx, user }) => {
    const scope = await policy.commonScope(ctx, user, 'read');
    const now = ctx.now();
    const r = await ctx.db
      .insertInto('topic_reads')
      .columns(['topic_id', 'user_id', 'created_at'])
      .expression(visibleTopics(ctx.db, scope, now).select((eb) => ['t.id', eb.val(user.id).as('u'), eb.val(now).as('c')]))
      .onConflict((oc) => oc.columns(['topic_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return { items: { count: Number(r.numInsertedOrUpdatedRows ?? 0) } };
  });
  on(app, e.likeCommonTopic, async ({ ctx, user, params, body }) => {
    const scope = await policy.commonScope(ctx, user, 'read');
    const topic = await policy.requireTopic(ctx, scope, params.topicId);
    if (topic.like_enabled !== 1) throw forbidden();
    await service.setMark(ctx, 'topic_likes', user.id, topic.id, body.is_like);
    return { items: { is_like: body.is_like, liker_count: await service.likeCount(ctx, topic.id) } };
  });
  on(app, e.likeCommonComment, async ({ ctx, user, params, body }) => ({
    items: await comments.likeComment(ctx, await policy.commonScope(ctx, user, 'read'), params.topicId, params.commentId, body.is_like),
  }));
  on(app, e.favoriteCommonTopic, async ({ ctx, user, params, body }) => {
    const scope = await policy.commonScope(ctx, user, 'read');
    await service.setMark(ctx, 'topic_favorites', user.id, (await policy.requireTopic(ctx, scope, params.topicId)).id, body.is_favor);
    return { items: { is_favor: body.is_favor } };
  });

  on(app, e.commonTopicComments, async ({ ctx, user, params, query }) => {
    const scope = await policy.commonScope(ctx, user, 'read');
    const topic = await policy.requireTopic(ctx, scope, params.topicId);
    const limit = await commentPageSize(ctx, user.id, query.limit);
    return { items: await comments.listComments(ctx, scope, topic, { ...query, limit }) };
  });
  on(app, e.commonCommentDetail, async ({ ctx, user, params }) => ({
    items: await comments.commentDetail(ctx, await policy.commonScope(ctx, user, 'read'), params.commentId),
  }));
  on(app, e.commonPostComment, async ({ ctx, user, body, request }) => ({
    items: await postComment(ctx, request, await policy.commonScope(ctx, user, 'read'), body),
  }));
  on(app, e.commonDeleteComment, async ({ ctx, user, params, request }) => {
    await comments.deleteComment(ctx, await policy.commonScope(ctx, user, 'read'), params.commentId, request.log);
    return ok;
  });

  on(app, e.checkLockCommonTopic, async ({ ctx, user, params, body }) => {
    const scope = await policy.commonScope(ctx, user, 'write');
    const topic = await policy.requireTopic(ctx, scope, params.topicId);
    policy.requireEdit(scope, topic);
    return { items: await takeLock(ctx, topic.id, user.id, body.lock_token) };
  });
  on(app, e.unlockCommonTopic, async ({ ctx, user, params, body }) => {
    const scope = await policy.commonScope(ctx, user, 'read');
    await releaseLock(ctx, (await policy.requireTopic(ctx, scope, params.topicId)).id, user.id, body.lock_token);
    return ok;
  });
}
