import { CHAT_UPLOAD_FIELDS, ImageError, LIMITS, MessageSpecial, chatUploadData } from '@portal/api-client';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext, AuthUser } from '../../kernel';
import type { DB } from '../../db';
import { HttpError, validationError } from '../../http/errors';
import { multilinePaths, parseFormJson } from '../../http/text-rule';
import { imageError } from '../../storage/receive-image';
import { discardAll, receiveFiles, stageThumbnails, usageOf, withCommit } from '../files';
import { publishChatEvent } from './events';
import { people, fileView } from './queries';
import type { ChatAccess, MessageRecord } from './policy';
import { appendMessage, replyTarget } from './service';

const GB = 1024 ** 3;
export const CHAT_STORAGE_DEFAULT_GB = 10;
const storageFull = () => new HttpError(400, 'CHAT_STORAGE_FULL', 'The chat storage is full.');
/** Rolls the transaction back when the message already exists (a retried upload). */
class AlreadySent extends Error {
  constructor(readonly stored: MessageRecord) {
    super('already sent');
  }
}

/**
 * Adds `delta` bytes to the company's chat area inside `trx` (a writeTransaction), refusing with
 * CHAT_STORAGE_FULL when it would pass the capacity. The row is made on first use.
 */
async function chargeChatArea(ctx: AppContext, trx: Kysely<DB>, companyId: number, delta: number) {
  await trx
    .insertInto('chat_storage')
    .values({ company_id: companyId })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
  let q = trx.selectFrom('chat_storage').select(['capacity_gb', 'used_bytes']).where('company_id', '=', companyId);
  if (ctx.dialect === 'postgres') q = q.forUpdate();
  const row = await q.executeTakeFirstOrThrow();
  if (Number(row.used_bytes) + delta > row.capacity_gb * GB) throw storageFull();
  await trx
    .updateTable('chat_storage')
    .set({ used_bytes: Number(row.used_bytes) + delta })
    .where('company_id', '=', companyId)
    .execute();
}

export async function chatStorage(ctx: AppContext, companyId: number) {
  const row = await ctx.db
    .selectFrom('chat_storage')
    .select(['capacity_gb', 'used_bytes'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return usageOf(row?.capacity_gb ?? CHAT_STORAGE_DEFAULT_GB, Number(row?.used_bytes ?? 0));
}

async function maxFileMb(ctx: AppContext, groupId: number | null): Promise<number> {
  if (groupId === null) return LIMITS.groupMaxAttachmentMb;
  const g = await ctx.db.selectFrom('groups').select('max_img_size_per_attachment').where('id', '=', groupId).executeTakeFirst();
  return g?.max_img_size_per_attachment ?? LIMITS.groupMaxAttachmentMb;
}

async function existing(ctx: AppContext, chatId: number, userId: number, clientId: string) {
  return ctx.db
    .selectFrom('chat_messages')
    .selectAll()
    .where('chat_id', '=', chatId)
    .where('sender_id', '=', userId)
    .where('client_message_id', '=', clientId)
    .executeTakeFirst();
}

/**
 * Files sent into a chat as one message: streamed to staging under the chat's folder within the
 * group's per-file limit, then rows, chat-area usage and bytes commit together (a full area
 * refuses the lot). The same client message id again returns the stored message.
 */
export async function uploadToChat(
  ctx: AppContext,
  user: AuthUser,
  access: ChatAccess,
  request: FastifyRequest,
  log: FastifyBaseLogger,
  opts: { imageOnly?: boolean } = {},
): Promise<MessageRecord> {
  const chat = access.chat;
  const scope = {
    kind: 'group' as const,
    groupId: chat.group_id,
    companyId: chat.company_id,
    userId: user.id,
    canWrite: true,
    isAdmin: false,
    autoDeleteDays: 0,
    maxFileMb: await maxFileMb(ctx, chat.group_id),
  };
  const received = await receiveFiles(ctx, request, scope, opts.imageOnly ? 1 : LIMITS.maxFilesPerUpload, {
    files: CHAT_UPLOAD_FIELDS.files,
    data: { name: CHAT_UPLOAD_FIELDS.data, maxBytes: 4096 },
    prefix: `chats/${chat.id}`,
    countsAgainstStorage: false,
  });
  let data;
  try {
    // upload-file-by-tiny takes one pasted image: the sniffed kind decides, not the name or type.
    if (opts.imageOnly && received.files.some((f) => f.detected.kind !== 'image')) {
      throw imageError(CHAT_UPLOAD_FIELDS.files, ImageError.NOT_IMAGE, 'validation.image_type');
    }
    const value = parseFormJson(received.data, CHAT_UPLOAD_FIELDS.data, multilinePaths(chatUploadData));
    const parsed = chatUploadData.safeParse(value);
    if (!parsed.success) throw validationError(parsed.error, [], { value });
    data = parsed.data;
  } catch (err) {
    await discardAll(received.files);
    throw err instanceof HttpError ? err : new HttpError(400, 'VALIDATION_ERROR', undefined, { data: ['validation.format'] });
  }
  const before = await existing(ctx, chat.id, user.id, data.client_message_id);
  if (before) {
    await discardAll(received.files);
    return before;
  }
  let replyToId: number | null;
  try {
    replyToId = await replyTarget(ctx, chat.id, data.reply_message_id);
  } catch (err) {
    await discardAll(received.files);
    throw err;
  }
  const thumbs = await stageThumbnails(ctx, received.files, log);
  const bytes = received.files.reduce((n, f) => n + f.staged.size, 0);
  let message: MessageRecord;
  try {
    message = await withCommit(
      ctx,
      { companyId: chat.company_id, groupId: null },
      received.files,
      thumbs,
      async (trx) => {
        await chargeChatArea(ctx, trx, chat.company_id, bytes);
        const { message: m, created } = await appendMessage(ctx, trx, chat.id, {
          senderId: user.id,
          content: '',
          special: MessageSpecial.FILES,
          clientMessageId: data.client_message_id,
          replyToId,
        });
        if (!created) throw new AlreadySent(m);
        const now = ctx.now();
        await trx
          .insertInto('chat_files')
          .values(
            received.files.map((f, i) => ({
              chat_id: chat.id,
              message_id: m.id,
              uploader_id: user.id,
              original_name: f.name,
              storage_key: f.staged.key,
              thumb_key: thumbs[i]?.key ?? null,
              thumb_width: thumbs[i]?.width ?? null,
              thumb_height: thumbs[i]?.height ?? null,
              size: f.staged.size,
              kind: f.detected.kind,
              mime: f.detected.mime,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
        const c = await trx.selectFrom('chats').select('storage_used_bytes').where('id', '=', chat.id).executeTakeFirstOrThrow();
        await trx
          .updateTable('chats')
          .set({ storage_used_bytes: Number(c.storage_used_bytes) + bytes })
          .where('id', '=', chat.id)
          .execute();
        return m;
      },
      log,
    );
  } catch (err) {
    if (err instanceof AlreadySent) return err.stored;
    // A concurrent retry of the same send won the unique client id: answer with its message.
    const raced = await existing(ctx, chat.id, user.id, data.client_message_id);
    if (raced) return raced;
    throw err;
  }
  await publishChatEvent(ctx, chat.id, 'chat.message', { message_id: message.id, no: message.no, user_id: user.id });
  return message;
}

export async function gallery(ctx: AppContext, chatId: number, q: { page: number; limit: number }) {
  const base = ctx.db.selectFrom('chat_files').where('chat_id', '=', chatId);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  const who = await people(
    ctx,
    rows.map((r) => r.uploader_id),
  );
  return { data: rows.map((r) => fileView(r, who)), current_page: q.page, last_page: Math.max(1, Math.ceil(total / q.limit)), total };
}
