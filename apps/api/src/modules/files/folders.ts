import { folderService } from '../../kernel';
import { FILE_FOLDER_KIND, type Scope } from './policy';

/** Shared-folder folders of a group (content_folders kind 'file'), with live file counts. */
export const { listFolders, createFolder, renameFolder, deleteFolder } = folderService<Scope, 'file_count'>({
  kind: FILE_FOLDER_KIND,
  itemTable: 'files',
  countField: 'file_count',
  async countLive(ctx, scope) {
    const counts = await ctx.db
      .selectFrom('files')
      .select(['folder_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('group_id', '=', scope.groupId!)
      .where('in_bin', '=', 0)
      .where('folder_id', 'is not', null)
      .groupBy('folder_id')
      .execute();
    return new Map(counts.map((c) => [c.folder_id, Number(c.n)]));
  },
});
