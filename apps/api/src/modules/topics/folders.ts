import { folderService } from '../content-folders/folders';
import { visibleTopics, type Scope } from './policy';

/** Topic folders of a group, by name, with how many live topics the caller sees in each. */
export const { listFolders, createFolder, renameFolder, deleteFolder } = folderService<Scope, 'topic_count'>({
  kind: 'topic',
  itemTable: 'topics',
  countField: 'topic_count',
  async countLive(ctx, scope) {
    const counts = await visibleTopics(ctx.db, scope, ctx.now())
      .select(['t.folder_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('t.in_bin', '=', 0)
      .where('t.folder_id', 'is not', null)
      .groupBy('t.folder_id')
      .execute();
    return new Map(counts.map((c) => [c.folder_id, Number(c.n)]));
  },
});
