import type { FileKind, TopicAttachment } from '@portal/api-client';
import type { AppContext } from '../../kernel';
import { inlineAllowed } from '../../storage/file-kind';
import { attachmentsQuery } from './detail-queries';

/**
 * A topic's attachments for its detail, oldest first. They are files of the shared folder's
 * attachment list (files.is_attachment), so a caller who can read the topic can read them.
 */
export async function attachmentFields(
  ctx: AppContext,
  topicId: number,
): Promise<{ attach_file: TopicAttachment[]; total_attach_file: number }> {
  const rows = await attachmentsQuery(ctx.db, { topicId });
  const attach_file = rows.map(attachmentView);
  return { attach_file, total_attach_file: attach_file.length };
}

type AttachmentRow = { id: number; original_name: string; size: number | string; kind: string; mime: string; created_at: number };

const attachmentView = (r: AttachmentRow): TopicAttachment => ({
  id: r.id,
  name: r.original_name,
  size: Number(r.size),
  kind: r.kind as FileKind,
  mime: r.mime,
  uploaded_at: r.created_at,
  can_preview: inlineAllowed(r.mime),
});

/** The attachments of these comments, oldest first, by comment id. */
export async function commentAttachments(ctx: AppContext, commentIds: number[]): Promise<Map<number, TopicAttachment[]>> {
  const out = new Map<number, TopicAttachment[]>();
  if (commentIds.length === 0) return out;
  const rows = await ctx.db
    .selectFrom('files')
    .select(['id', 'comment_id', 'original_name', 'size', 'kind', 'mime', 'created_at'])
    .where('comment_id', 'in', commentIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const r of rows) out.set(r.comment_id!, [...(out.get(r.comment_id!) ?? []), attachmentView(r)]);
  return out;
}
