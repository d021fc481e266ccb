import { compiledShapes } from '../../db/compiled';
import { folderService } from '../content-folders/folders';
import { visibleTopics, type Scope } from './policy';

type CountArgs = { groupId: number; companyId: number; userId: number; now: number };
const countLiveQuery = compiledShapes<CountArgs, Scope['kind']>()((db, slot, kind) =>
  visibleTopics(db, { kind, groupId: slot('groupId'), companyId: slot('companyId'), userId: slot('userId') } as Scope, slot('now'))
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
    const args = { groupId: scope.groupId ?? 0, companyId: scope.companyId, userId: scope.userId, now: ctx.now() };
    const counts = await countLiveQuery(ctx.db, scope.kind, scope.kind, args);
    return new Map(counts.map((c) => [c.folder_id, Number(c.n)]));
  },
});
