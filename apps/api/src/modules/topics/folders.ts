import { compiledShapes } from '../../db/compiled';
import { folderService, visibleTopics } from '../../kernel';
import { slotScope, visibleArgs, type Scope, type VisibleArgs } from './policy';

const countLiveQuery = compiledShapes<VisibleArgs, Scope['kind']>()((db, slot, kind) =>
  visibleTopics(db, slotScope(kind, slot), slot('now'))
    .select(['t.folder_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('t.in_bin', '=', 0)
    .where('t.folder_id', 'is not', null)
    .groupBy('t.folder_id'),
);

/** Topic folders of a group, by name, with how many live topics the caller sees in each. */
export const { listFolders, createFolder, renameFolder, deleteFolder } = folderService<Scope, 'topic_count'>({
  kind: 'topic',
  itemTable: 'topics',
  countField: 'topic_count',
  async countLive(ctx, scope) {
    const counts = await countLiveQuery(ctx.db, scope.kind, scope.kind, visibleArgs(ctx, scope));
    return new Map(counts.map((c) => [c.folder_id, Number(c.n)]));
  },
});
