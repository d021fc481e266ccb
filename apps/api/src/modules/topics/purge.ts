import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../kernel';
import { deleteFiles } from '../files';
import { actorFields, type AuditActor, type AuditEntry, unindexTopics, writeAuditMany } from '../../kernel';

const CHUNK = 500;

/**
 * How a purge is written to the audit trail: by whom, and either one entry per topic or (a bin
 * emptied) one entry for the group's bin per transaction.
 */
export interface PurgeAudit {
  actor: AuditActor;
  binOf?: { groupId: number };
  /** A note added to each entry (e.g. why a job deleted it). */
  note?: string;
}

/**
 * Deletes topics for good, with their attachments. The shared folder refuses to move or delete an
 * attachment, so one left behind by its topic could never be removed and would hold its quota
 * forever (and a common topic's would fall to the whole company). The files go first: a crash in
 * between leaves a topic without attachments that the user was deleting anyway, never an orphan.
 * The audit entries are written in the transaction that deletes the topic rows.
 */
export async function purgeTopics(ctx: AppContext, ids: number[], audit: PurgeAudit, log?: FastifyBaseLogger): Promise<number> {
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
      const topics = await trx.selectFrom('topics').select(['id', 'company_id', 'group_id', 'title']).where('id', 'in', part).execute();
      await unindexTopics(trx, part);
      const res = await trx.deleteFrom('topics').where('id', 'in', part).executeTakeFirst();
      const group = audit.binOf
        ? await trx.selectFrom('groups').select('name').where('id', '=', audit.binOf.groupId).executeTakeFirst()
        : undefined;
      await writeAuditMany(ctx, trx, auditEntries(topics, audit, group?.name ?? ''));
      return res;
    });
    deleted += Number(r.numDeletedRows);
  }
  return deleted;
}

type Gone = { id: number; company_id: number; group_id: number | null; title: string };

function auditEntries(topics: Gone[], audit: PurgeAudit, groupName: string): AuditEntry[] {
  const who = actorFields(audit.actor);
  const note = audit.note ? ` (${audit.note})` : '';
  if (audit.binOf) {
    if (topics.length === 0) return [];
    const titles =
      topics
        .slice(0, 20)
        .map((t) => t.title)
        .join(', ') + (topics.length > 20 ? ', …' : '');
    return [
      {
        ...who,
        companyId: topics[0]!.company_id,
        action: 'topic.bin_emptied',
        targetType: 'group',
        targetId: audit.binOf.groupId,
        targetLabel: groupName,
        detail: `${topics.length} topics: ${titles}${note}`,
      },
    ];
  }
  return topics.map((t) => ({
    ...who,
    companyId: t.company_id,
    action: 'topic.deleted',
    targetType: 'topic',
    targetId: t.id,
    targetLabel: t.title,
    detail: (t.group_id === null ? 'common topic' : `group #${t.group_id}`) + note,
  }));
}
