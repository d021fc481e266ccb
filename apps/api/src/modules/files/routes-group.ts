import { endpoints as e, type FileListQuery } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AuthUser } from '../../kernel';
import { HttpError } from '../../http/errors';
import { registerEndpoint as on } from '../../http/route';
import { fileDetail } from './detail';
import { sendFile, sendThumbnail, sendZip } from './download';
import * as folders from './folders';
import * as policy from './policy';
import { countFiles, listFiles, listOptions, type ListKind } from './queries';
import { storageUsage } from './quota';
import * as service from './service';
import { receiveFiles } from './upload';
import * as versions from './versions';

const ok = { items: { ok: true as const } };
const notMovable = () => new HttpError(400, 'ATTACH_FOLDER_FILE_NOT_MOVABLE', 'Files in the attachment folder cannot be moved.');

/**
 * Group shared folder (members/me/groups/{id}/…). Each handler resolves the group scope with the
 * right it needs, then finds every other id inside that scope.
 */
export async function groupFileRoutes(app: FastifyInstance): Promise<void> {
  const scopeOf = (ctx: AppContext, user: AuthUser, id: number, action: policy.FileAction) => policy.groupScope(ctx, user, id, action);
  const list = async (ctx: AppContext, user: AuthUser, id: number, kind: ListKind, query: FileListQuery) => {
    const scope = await scopeOf(ctx, user, id, 'read');
    if (kind.kind === 'folder') await policy.requireFolder(ctx, id, kind.folderId);
    return { items: await listFiles(ctx, scope, kind, await listOptions(ctx, user.id, 'group_shared_folder', query)) };
  };
  const detail = async (ctx: AppContext, scope: policy.Scope, fileId: number) => ({
    items: await fileDetail(ctx, scope, await policy.requireFile(ctx, scope, fileId)),
  });
  const movable = (files: policy.FileRecord[]) => {
    if (files.some((f) => f.is_attachment === 1)) throw notMovable();
    return files.map((f) => f.id);
  };

  on(app, e.fileFolders, async ({ ctx, user, params }) => ({
    items: await folders.listFolders(ctx, await scopeOf(ctx, user, params.id, 'read')),
  }));
  on(app, e.createFileFolder, async ({ ctx, user, params, body }) => ({
    items: await folders.createFolder(ctx, await scopeOf(ctx, user, params.id, 'write'), body.folder_name),
  }));
  on(app, e.renameFileFolder, async ({ ctx, user, params, body }) => ({
    items: await folders.renameFolder(ctx, await scopeOf(ctx, user, params.id, 'write'), body.folder_id, body.folder_name),
  }));
  on(app, e.deleteFileFolder, async ({ ctx, user, params, body }) => {
    await folders.deleteFolder(ctx, await scopeOf(ctx, user, params.id, 'write'), body.folder_id);
    return ok;
  });

  on(app, e.sharedFiles, ({ ctx, user, params, query }) => list(ctx, user, params.id, { kind: 'all' }, query));
  on(app, e.sharedFilesTop, ({ ctx, user, params, query }) =>
    list(ctx, user, params.id, { kind: 'all' }, { ...query, orderBy: 'update', sortedBy: 'desc' }),
  );
  on(app, e.sharedFilesUnclassified, ({ ctx, user, params, query }) => list(ctx, user, params.id, { kind: 'unclassified' }, query));
  on(app, e.sharedFilesInBin, ({ ctx, user, params, query }) => list(ctx, user, params.id, { kind: 'bin' }, query));
  on(app, e.sharedFilesAttached, ({ ctx, user, params, query }) => list(ctx, user, params.id, { kind: 'attachments' }, query));
  on(app, e.sharedFilesByFolder, ({ ctx, user, params, query }) =>
    list(ctx, user, params.id, { kind: 'folder', folderId: params.folderId }, query),
  );
  on(app, e.sharedFileCount, async ({ ctx, user, params }) => ({
    items: await countFiles(ctx, await scopeOf(ctx, user, params.id, 'read')),
  }));
  on(app, e.groupStorage, async ({ ctx, user, params }) => ({
    items: await storageUsage(ctx, await scopeOf(ctx, user, params.id, 'read')),
  }));

  on(app, e.sharedFile, async ({ ctx, user, params }) => detail(ctx, await scopeOf(ctx, user, params.id, 'read'), params.fileId));
  on(app, e.isFavoriteFile, async ({ ctx, user, params }) => {
    const scope = await scopeOf(ctx, user, params.id, 'read');
    const file = await policy.requireFile(ctx, scope, params.fileId);
    return { items: { is_favor: await service.hasMark(ctx, 'file_favorites', user.id, file.id) } };
  });
  on(app, e.fileHistory, async ({ ctx, user, params, query }) => {
    const scope = await scopeOf(ctx, user, params.id, 'read');
    return { items: await versions.listHistory(ctx, await policy.requireFile(ctx, scope, params.fileId), query) };
  });

  on(app, e.uploadFiles, async ({ ctx, user, params, request }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    const ids = await service.createFiles(ctx, scope, await receiveFiles(ctx, request, scope), { log: request.log });
    return { items: await Promise.all(ids.map(async (id) => (await detail(ctx, scope, id)).items)) };
  });
  on(app, e.overwriteFile, async ({ ctx, user, params, request }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    const file = await policy.requireFile(ctx, scope, params.fileId, { inBin: false, edit: true });
    await service.overwriteFile(ctx, scope, file, await receiveFiles(ctx, request, scope, 1), request.log);
    return detail(ctx, scope, file.id);
  });
  on(app, e.updateFileInfo, async ({ ctx, user, params, body }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    await service.updateInfo(ctx, scope, await policy.requireFile(ctx, scope, params.fileId, { edit: true }), body);
    return detail(ctx, scope, params.fileId);
  });

  on(app, e.moveFilesToUnclassified, async ({ ctx, user, params, body }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    return { items: { count: await service.moveToUnclassified(ctx, movable(await policy.requireFiles(ctx, scope, body.file_ids))) } };
  });
  on(app, e.moveFilesToFolder, async ({ ctx, user, params, body }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    await policy.requireFolder(ctx, params.id, body.folder_id);
    return {
      items: { count: await service.moveToFolder(ctx, movable(await policy.requireFiles(ctx, scope, body.file_ids)), body.folder_id) },
    };
  });
  on(app, e.deleteFiles, async ({ ctx, user, params, body, request }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    if (body.delete_mode === 1)
      return { items: { count: await service.moveToBin(ctx, movable(await policy.requireFiles(ctx, scope, body.file_ids))) } };
    const files = await policy.requireFiles(ctx, scope, body.file_ids, { inBin: true, edit: true });
    return { items: { count: await service.deleteFiles(ctx, files, request.log, { actor: { userId: user.id, ip: request.ip } }) } };
  });
  on(app, e.emptyFileBin, async ({ ctx, user, params, body, request }) => {
    // The body may repeat the group id; a different one is another group's, so not found.
    if (body.group_id !== undefined && body.group_id !== params.id)
      throw new HttpError(404, 'GROUP_NOT_FOUND', 'The group does not exist or has been deleted.');
    const scope = await scopeOf(ctx, user, params.id, 'admin');
    return { items: { count: await service.emptyBin(ctx, scope, { userId: user.id, ip: request.ip }, request.log) } };
  });

  on(app, e.favoriteFile, async ({ ctx, user, params, body }) => {
    const scope = await scopeOf(ctx, user, params.id, 'read');
    await service.setMark(ctx, 'file_favorites', user.id, (await policy.requireFile(ctx, scope, params.fileId)).id, body.is_favor);
    return { items: { is_favor: body.is_favor } };
  });
  on(app, e.markFileRead, async ({ ctx, user, params }) => {
    const scope = await scopeOf(ctx, user, params.id, 'read');
    await service.setMark(ctx, 'file_reads', user.id, (await policy.requireFile(ctx, scope, params.fileId)).id, true);
    return { items: { is_read: true } };
  });
  on(app, e.revertFile, async ({ ctx, user, params }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    await versions.revert(ctx, scope, await policy.requireFile(ctx, scope, params.fileId, { inBin: false, edit: true }), params.historyId);
    return detail(ctx, scope, params.fileId);
  });
  on(app, e.deleteFileHistory, async ({ ctx, user, params, body, request }) => {
    const scope = await scopeOf(ctx, user, params.id, 'write');
    await versions.deleteHistory(
      ctx,
      scope,
      await policy.requireFile(ctx, scope, body.file_id, { edit: true }),
      params.historyId,
      request.log,
    );
    return ok;
  });

  on(app, e.downloadFile, async ({ ctx, user, params, query, reply, request }) => {
    const scope = await scopeOf(ctx, user, params.id, 'read');
    return sendFile(ctx, reply, await policy.requireFile(ctx, scope, params.fileId), {
      historyId: query.history_id,
      inline: false,
      range: request.headers.range,
    });
  });
  on(app, e.previewFile, async ({ ctx, user, params, reply, request }) => {
    const scope = await scopeOf(ctx, user, params.id, 'read');
    return sendFile(ctx, reply, await policy.requireFile(ctx, scope, params.fileId), { inline: true, range: request.headers.range });
  });
  on(app, e.fileThumbnail, async ({ ctx, user, params, reply }) => {
    const scope = await scopeOf(ctx, user, params.id, 'read');
    return sendThumbnail(ctx, reply, await policy.requireFile(ctx, scope, params.fileId));
  });
  on(app, e.downloadFiles, async ({ ctx, user, params, body, reply, request }) => {
    const scope = await scopeOf(ctx, user, params.id, 'read');
    const files = await policy.requireFiles(ctx, scope, body.file_ids);
    // is_comment_file: the ids are files of comments (read through their topic, as requireFiles checks).
    if (body.is_comment_file && files.some((f) => f.comment_id === null)) throw policy.fileNotFound();
    return sendZip(ctx, reply, files, request.log);
  });
}
