import { endpoints as e } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint as on } from '../../http/route';
import { fileDetail } from './detail';
import { sendFile, sendThumbnail, sendZip } from './download';
import * as policy from './policy';
import { listFiles, listOptions } from './queries';
import { storageUsage } from './quota';
import * as service from './service';
import { receiveFiles } from './upload';
import * as versions from './versions';

const ok = { items: { ok: true as const } };

/**
 * Common shared files (members/me/common-share-folder…): the same engine with a company scope.
 * Every user of the company reads; common_topic_role writes. Common files have no bin: delete
 * is for good.
 */
export async function commonFileRoutes(app: FastifyInstance): Promise<void> {
  const read = policy.commonScope;
  const detail = async (ctx: Parameters<typeof read>[0], scope: policy.Scope, fileId: number) => ({
    items: await fileDetail(ctx, scope, await policy.requireFile(ctx, scope, fileId)),
  });

  on(app, e.commonFiles, async ({ ctx, user, query }) => {
    const scope = await read(ctx, user, 'read');
    return { items: await listFiles(ctx, scope, { kind: 'all' }, await listOptions(ctx, user.id, 'common_shared_folder', query)) };
  });
  on(app, e.commonStorage, async ({ ctx, user }) => ({ items: await storageUsage(ctx, await read(ctx, user, 'read')) }));
  on(app, e.commonFile, async ({ ctx, user, params }) => detail(ctx, await read(ctx, user, 'read'), params.fileId));
  on(app, e.commonFileHistory, async ({ ctx, user, params, query }) => {
    const scope = await read(ctx, user, 'read');
    return { items: await versions.listHistory(ctx, await policy.requireFile(ctx, scope, params.fileId), query) };
  });
  on(app, e.isFavoriteCommonFile, async ({ ctx, user, params }) => {
    const file = await policy.requireFile(ctx, await read(ctx, user, 'read'), params.fileId);
    return { items: { is_favor: await service.hasMark(ctx, 'file_favorites', user.id, file.id) } };
  });
  on(app, e.markReadCommonFile, async ({ ctx, user, params }) => {
    const file = await policy.requireFile(ctx, await read(ctx, user, 'read'), params.fileId);
    await service.setMark(ctx, 'file_reads', user.id, file.id, true);
    return { items: { is_read: true } };
  });
  on(app, e.favoriteCommonFile, async ({ ctx, user, params, body }) => {
    const file = await policy.requireFile(ctx, await read(ctx, user, 'read'), params.fileId);
    await service.setMark(ctx, 'file_favorites', user.id, file.id, body.is_favor);
    return { items: { is_favor: body.is_favor } };
  });

  on(app, e.uploadCommonFiles, async ({ ctx, user, request }) => {
    const scope = await read(ctx, user, 'write');
    const ids = await service.createFiles(ctx, scope, await receiveFiles(ctx, request, scope), { log: request.log });
    return { items: await Promise.all(ids.map(async (id) => (await detail(ctx, scope, id)).items)) };
  });
  on(app, e.overwriteCommonFile, async ({ ctx, user, params, request }) => {
    const scope = await read(ctx, user, 'write');
    const file = await policy.requireFile(ctx, scope, params.fileId, { edit: true });
    await service.overwriteFile(ctx, scope, file, await receiveFiles(ctx, request, scope, 1), request.log);
    return detail(ctx, scope, file.id);
  });
  on(app, e.updateCommonFileInfo, async ({ ctx, user, params, body }) => {
    const scope = await read(ctx, user, 'write');
    await service.updateInfo(ctx, scope, await policy.requireFile(ctx, scope, params.fileId, { edit: true }), body);
    return detail(ctx, scope, params.fileId);
  });
  on(app, e.deleteCommonFiles, async ({ ctx, user, body, request }) => {
    const scope = await read(ctx, user, 'write');
    const files = await policy.requireFiles(ctx, scope, body.file_ids, { edit: true });
    return { items: { count: await service.deleteFiles(ctx, files, request.log, { actor: { userId: user.id, ip: request.ip } }) } };
  });
  on(app, e.revertCommonFile, async ({ ctx, user, params }) => {
    const scope = await read(ctx, user, 'write');
    await versions.revert(ctx, scope, await policy.requireFile(ctx, scope, params.fileId, { edit: true }), params.historyId);
    return detail(ctx, scope, params.fileId);
  });
  on(app, e.deleteCommonFileHistory, async ({ ctx, user, params, body, request }) => {
    const scope = await read(ctx, user, 'write');
    await versions.deleteHistory(
      ctx,
      scope,
      await policy.requireFile(ctx, scope, body.file_id, { edit: true }),
      params.historyId,
      request.log,
    );
    return ok;
  });

  on(app, e.downloadCommonFile, async ({ ctx, user, params, query, reply, request }) => {
    const file = await policy.requireFile(ctx, await read(ctx, user, 'read'), params.fileId);
    return sendFile(ctx, reply, file, { historyId: query.history_id, inline: false, range: request.headers.range });
  });
  on(app, e.previewCommonFile, async ({ ctx, user, params, reply, request }) => {
    return sendFile(ctx, reply, await policy.requireFile(ctx, await read(ctx, user, 'read'), params.fileId), {
      inline: true,
      range: request.headers.range,
    });
  });
  on(app, e.commonFileThumbnail, async ({ ctx, user, params, reply }) => {
    return sendThumbnail(ctx, reply, await policy.requireFile(ctx, await read(ctx, user, 'read'), params.fileId));
  });
  for (const endpoint of [e.downloadCommonFiles, e.downloadCommonFilesAlias]) {
    on(app, endpoint, async ({ ctx, user, body, reply, request }) => {
      return sendZip(ctx, reply, await policy.requireFiles(ctx, await read(ctx, user, 'read'), body.file_ids), request.log);
    });
  }
}
