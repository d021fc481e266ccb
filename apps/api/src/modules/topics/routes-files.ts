import multipart from '@fastify/multipart';
import { endpoints as e, LIMITS } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint as on } from '../../http/route';
import { sendFile, sendZip } from '../files';
import { authorizeGroup, ensurePeriodicJob, registerJobHandler } from '../../kernel';
import { fileScopeOf, requireAttachment, requireAttachments } from './attachments';
import { requireReadableImage, sendImage, sweepUnusedImages, uploadImage } from './inline-images';
import * as policy from './policy';

export const INLINE_IMAGE_SWEEP_JOB = 'topics.inline-image-sweep';
const SWEEP_EVERY_MS = 60 * 60_000;

registerJobHandler(INLINE_IMAGE_SWEEP_JOB, async (ctx) => {
  await sweepUnusedImages(ctx);
  return { rerunAt: ctx.now() + SWEEP_EVERY_MS };
});

/**
 * Multipart for topic forms and inline images. Registered before the topic routes; limits are
 * set per request, and an over-size file throws rather than being cut short.
 */
export async function topicMultipart(app: FastifyInstance): Promise<void> {
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { throwFileSizeLimit: true });
}

/**
 * Attachment downloads and inline images. Every id is found inside what the caller may read:
 * the topic in its group (or among the common topics reaching them), the file among that topic's
 * attachments, an image through its uploader or a topic showing it. (A group topic's attachments
 * zip through the shared folder's download-files, which applies the same topic rule.)
 */
export async function topicFileRoutes(app: FastifyInstance): Promise<void> {
  on(app, e.topicAttachment, async ({ ctx, user, params, reply, request }) => {
    const scope = await policy.groupScope(ctx, user, params.id, 'read');
    const topic = await policy.requireTopic(ctx, scope, params.topicId);
    const file = await requireAttachment(ctx, await fileScopeOf(ctx, scope), topic.id, params.fileId);
    return sendFile(ctx, reply, file, { inline: false, range: request.headers.range });
  });
  on(app, e.commonTopicAttachment, async ({ ctx, user, params, reply, request }) => {
    const scope = await policy.commonScope(ctx, user, 'read');
    const topic = await policy.requireTopic(ctx, scope, params.topicId);
    const file = await requireAttachment(ctx, await fileScopeOf(ctx, scope), topic.id, params.fileId);
    return sendFile(ctx, reply, file, { inline: false, range: request.headers.range });
  });
  on(app, e.commonTopicDownloadFiles, async ({ ctx, user, body, reply, request }) => {
    const scope = await policy.commonScope(ctx, user, 'read');
    return sendZip(
      ctx,
      reply,
      await requireAttachments(ctx, await fileScopeOf(ctx, scope), body.file_ids, body.is_comment_file),
      request.log,
    );
  });

  on(app, e.uploadInlineImage, async ({ ctx, user, query, request }) => {
    let maxMb: number = LIMITS.imageMaxMb;
    const forComment = query.comment === '1';
    if (query.group_id !== undefined) {
      // For a group topic: the topic right there (a comment: membership), and the group's
      // attachment size bounds it.
      const { group } = await authorizeGroup(ctx, user, query.group_id, forComment ? 'member' : 'role_edit_topic');
      maxMb = Math.min(maxMb, group.max_img_size_per_attachment);
    } else {
      await policy.commonScope(ctx, user, forComment ? 'read' : 'write');
    }
    return { items: await uploadImage(ctx, request, user, maxMb) };
  });
  on(app, e.inlineImage, async ({ ctx, user, params, reply }) =>
    sendImage(ctx, reply, await requireReadableImage(ctx, user, params.imageId)),
  );

  await ensurePeriodicJob(app.ctx.db, INLINE_IMAGE_SWEEP_JOB, app.ctx.now() + SWEEP_EVERY_MS, app.ctx.now());
}
