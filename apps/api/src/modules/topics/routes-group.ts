import { endpoints as e, newTopicBody, updateTopicBody, type TopicListQuery } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AuthUser } from '../../kernel';
import { HttpError } from '../../http/errors';
import { cached, registerEndpoint as on } from '../../http/route';
import { postComment, readTopicForm, saveWithFiles } from './attachments';
import * as comments from './comments';
import * as folders from './folders';
import { commentPageSize, listOptions } from './list-options';
import { releaseLock, takeLock } from './lock';
import * as policy from './policy';
import { countTopics, listTopics, type ListKind } from './queries';
import * as service from './service';
import { forbidden } from '../../kernel';

const ok = { items: { ok: true as const } };

/**
 * Group topics (members/me/groups/{id}/…). Each handler resolves the group scope with the
 * right it needs, then finds every other id inside that scope; the service does the rest.
 */
export async function groupTopicRoutes(app: FastifyInstance): Promise<void> {
  const scopeOf = (ctx: AppContext, user: AuthUser, id: number, action: policy.TopicAction) => policy.groupScope(ctx, user, id, action);
  const list = async (ctx: AppContext, user: AuthUser, id: number, kind: ListKind, query: TopicListQuery) => {
    const scope = await scopeOf(ctx, user, id, 'read');
    if (kind.kind === 'folder') await policy.requireFolder(ctx, id, kind.folderId);
    return { items: await listTopics(ctx, scope, kind, await listOptions(ctx, user.id, 'group_topic', query)) };
  };
  // empty-topics-bin and clean-bin are the same administrator action under two spec paths.
  const emptyBin = async (ctx: AppContext, user: AuthUser, id: number, ip: string) => {
    await scopeOf(ctx, user, id, 'admin');
    return { items: { count: await service.emptyBin(ctx, id, { userId: user.id, ip }) } };
  };
  const detail = async (ctx: AppContext, scope: policy.Scope, topicId: number) => ({
    items: await service.topicDetail(ctx, scope, topicId),
  });

  on(
    app,
    e.topicFolders,
    async ({ ctx, user, params }) => ({ items: await folders.listFolders(ctx, await scopeOf(ctx, user, params.id, 'read')) }),
    cached,
  );
  on(app, e.createTopicFolder, async ({ ctx, user, params, body }) => ({
    items: await folders.createFolder(ctx, await scopeOf(ctx, user, params.id, 'write'), body.folder_name),
  }));
  on(app, e.renameTopicFolder, async ({ ctx, user, params, body }) => ({
    items: await folders.renameFolder(ctx, await scopeOf(ctx, user, params.id, 'write'), body.folder_id, body.folder_name),
  }));
  on(app, e.deleteTopicFolder, async ({ ctx, user, params, body }) => {
    await folders.deleteFolder(ctx, await scopeOf(ctx, user, params.id, 'write'), body.folder_id);
    return ok;
  });

  on(app, e.topicsAll, ({ ctx, user, params, query }) => list(ctx, user, params.id, { kind: 'all' }, query), cached);
  on(app, e.topicsUnclassified, ({ ctx, user, params, query }) => list(ctx, user, params.id, { kind: 'unclassified' }, query), cached);
  on(app, e.topicsInBin, ({ ctx, user, params, query }) => list(ctx, user, params.id, { kind: 'bin' }, query));
  on(
    app,
    e.topicsByFolder,
    ({ ctx, user, params, query }) => list(ctx, user, params.id, { kind: 'folder', folderId: params.folderId }, query),
    cached,
  );
  on(app, e.topicsFavorite, ({ ctx, user, params, query }) => list(ctx, user, params.id, { kind: 'favorite' }, query), cached);
  on(
    app,
    e.topicCount,
    async ({ ctx, user, params }) => ({ items: await countTopics(ctx, await scopeOf(ctx, user, params.id, 'read')) }),
    cached,
  );

  on(app, e.topicDetail, async ({ ctx, user, params }) => detail(ctx, await scopeOf(ctx, user, params.id, 'read'), params.topicId), cached);
  // JSON, or multipart with attachments: the caller is authorised before any file is read.
  on(app, e.newTopic, async ({ ctx, user, params, body, request }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    const form = await readTopicForm(ctx, request, scope, body, newTopicBody);
    const id = await saveWithFiles(ctx, scope, form, request.log, (writer) => service.createTopic(ctx, scope, form.body, writer));
    return detail(ctx, scope, id);
  });
  on(app, e.updateTopic, async ({ ctx, user, params, body, request }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    const topic = await policy.requireTopic(ctx, scope, params.topicId);
    policy.requireEdit(scope, topic);
    const form = await readTopicForm(ctx, request, scope, body, updateTopicBody);
    await saveWithFiles(ctx, scope, form, request.log, (writer) => service.updateTopic(ctx, scope, topic, form.body, writer));
    return detail(ctx, scope, topic.id);
  });
  on(app, e.deleteTopic, async ({ ctx, user, params, request }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    const topic = await policy.requireTopic(ctx, scope, params.topicId);
    if (topic.in_bin === 1) await service.deleteTopics(ctx, [topic.id], { userId: user.id, ip: request.ip });
    else await service.moveToBin(ctx, [topic.id]);
    return ok;
  });

  on(app, e.setTopicSeen, async ({ ctx, user, params }) => {
    const scope = await scopeOf(ctx, user, params.id, 'read');
    await service.markSeen(ctx, scope, params.topicId);
    return { items: { is_read: true } };
  });
  on(app, e.markTopicUnread, async ({ ctx, user, params }) => {
    const scope = await scopeOf(ctx, user, params.id, 'read');
    await service.setRead(ctx, user.id, (await policy.requireTopic(ctx, scope, params.topicId)).id, false);
    return { items: { is_read: false } };
  });
  on(app, e.likeTopic, async ({ ctx, user, params, body }) => {
    const scope = await scopeOf(ctx, user, params.id, 'read');
    const topic = await policy.requireTopic(ctx, scope, params.topicId);
    if (topic.like_enabled !== 1) throw forbidden();
    await service.setMark(ctx, 'topic_likes', user.id, topic.id, body.is_like);
    return { items: { is_like: body.is_like, liker_count: await service.likeCount(ctx, topic.id) } };
  });
  on(app, e.likeTopicComment, async ({ ctx, user, params, body }) => {
    const scope = await scopeOf(ctx, user, params.id, 'read');
    return { items: await comments.likeComment(ctx, scope, params.topicId, params.commentId, body.is_like) };
  });
  on(app, e.favoriteTopic, async ({ ctx, user, params, body }) => {
    const scope = await scopeOf(ctx, user, params.id, 'read');
    await service.setMark(ctx, 'topic_favorites', user.id, (await policy.requireTopic(ctx, scope, params.topicId)).id, body.is_favor);
    return { items: { is_favor: body.is_favor } };
  });

  on(app, e.moveTopicsToUnclassified, async ({ ctx, user, params, body }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    return { items: { count: await service.moveToUnclassified(ctx, await policy.requireTopicIds(ctx, scope, body.topic_ids)) } };
  });
  on(app, e.moveTopicsToFolder, async ({ ctx, user, params, body }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    await policy.requireFolder(ctx, params.id, body.folder_id);
    return { items: { count: await service.moveToFolder(ctx, await policy.requireTopicIds(ctx, scope, body.topic_ids), body.folder_id) } };
  });
  on(app, e.moveTopicsToBin, async ({ ctx, user, params, body }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    return { items: { count: await service.moveToBin(ctx, await policy.requireTopicIds(ctx, scope, body.topic_ids)) } };
  });
  on(app, e.deleteTopicsInBin, async ({ ctx, user, params, body, request }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    const ids = await policy.requireTopicIds(ctx, scope, body.topic_ids, { inBin: true });
    return { items: { count: await service.deleteTopics(ctx, ids, { userId: user.id, ip: request.ip }) } };
  });
  on(app, e.emptyTopicsBin, async ({ ctx, user, params, body, request }) => {
    // The spec's body repeats the group id; a different one is another group's, so not found.
    if (body.group_id !== undefined && body.group_id !== params.id)
      throw new HttpError(404, 'GROUP_NOT_FOUND', 'The group does not exist or has been deleted.');
    return emptyBin(ctx, user, params.id, request.ip);
  });
  on(app, e.cleanTopicsBin, ({ ctx, user, params, request }) => emptyBin(ctx, user, params.id, request.ip));

  on(
    app,
    e.topicComments,
    async ({ ctx, user, params, query }) => {
      const scope = await scopeOf(ctx, user, params.id, 'read');
      const topic = await policy.requireTopic(ctx, scope, params.topicId);
      const limit = await commentPageSize(ctx, user.id, query.limit);
      return { items: await comments.listComments(ctx, scope, topic, { ...query, limit }) };
    },
    cached,
  );
  on(app, e.topicCommentDetail, async ({ ctx, user, params }) => ({
    items: await comments.commentDetail(ctx, await scopeOf(ctx, user, params.id, 'read'), params.commentId),
  }));
  // JSON, or multipart with attachments: the caller is authorised before any file is read.
  on(app, e.addTopicComment, async ({ ctx, user, params, body, request }) => ({
    items: await postComment(ctx, request, await scopeOf(ctx, user, params.id, 'read'), body),
  }));
  on(app, e.deleteTopicComment, async ({ ctx, user, params, request }) => {
    await comments.deleteComment(ctx, await scopeOf(ctx, user, params.id, 'read'), params.commentId, request.log);
    return ok;
  });

  on(app, e.checkLockTopic, async ({ ctx, user, params, body }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    const topic = await policy.requireTopic(ctx, scope, params.topicId);
    policy.requireEdit(scope, topic);
    return { items: await takeLock(ctx, topic.id, user.id, body.lock_token) };
  });
  on(app, e.unlockTopic, async ({ ctx, user, params, body }) => {
    const scope = await scopeOf(ctx, user, params.id, 'read');
    await releaseLock(ctx, (await policy.requireTopic(ctx, scope, params.topicId)).id, user.id, body.lock_token);
    return ok;
  });
}
