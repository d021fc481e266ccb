import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { deleteFiles } from '../files/service';
import { unindexTopics } from '../search/hooks';

const CHUNK = 500;

/**
 * Deletes topics for good, with their attachments. The shared folder refuses to move or delete an
 * attachment, so one left behind by its topic could never be removed and would hold its quota
 * forever (and a common topic's would fall to the whole company). The files go first: a crash in
 * between leaves a topic without attachments that the user was deleting anyway, never an orphan.
 */
export async function purgeTopics(ctx: AppContext, ids: number[], log?: FastifyBaseLogger): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const files = await ctx.db
      .selectFrom('files')
      .select(['id', 'company_id', 'group_id'])
      .where('topic_id', 'in', part)
      .where('is_attachment', '=', 1)
      .execute();
    if (files.length) await deleteFiles(ctx, files, log);
    const r = await ctx.db.transaction().execute(async (trx) => {
      await unindexTopics(trx, part);
      return trx.deleteFrom('topics').where('id', 'in', part).executeTakeFirst();
    });
    deleted += Number(r.numDeletedRows);
  }
  return deleted;
}
