import multipart from '@fastify/multipart';
import { endpoints as e } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AuthUser } from '../../kernel';
import { registerEndpoint as on } from '../../http/route';
import { sendFile, sendThumbnail, sendZip } from '../files';
import { chatStorage, gallery, uploadToChat } from './files';
import { destroyChat, updateChat, usersChatted } from './manage';
import { pickMembers } from './picker';
import { fileNotFound, messageNotFound, type MessageRecord, requireChat, requireChatFiles, requireOwnMessage } from './policy';
import { chatViews, listChats, listMessages, messageViews, unreadCount } from './queries';
import * as service from './service';
import './notice-source';
import './like-source';

const ok = { items: { ok: true as const } };

/**
 * Chat and gallery routes. Each handler first authorises the chat it names (requireChat: a
 * current member of it, in the caller's company), then finds message and file ids inside it.
 */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  // Encapsulated per plugin, like the files module's: limits are set per request.
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { throwFileSizeLimit: true });
  const view = async (ctx: AppContext, user: AuthUser, chatId: number) => {
    const { chat } = await requireChat(ctx, user, chatId);
    return { items: (await chatViews(ctx, user.id, [chat]))[0]! };
  };
  const oneMessage = async (ctx: AppContext, user: AuthUser, m: MessageRecord) => ({
    items: (await messageViews(ctx, user.id, m.chat_id, [m]))[0]!,
  });

  on(app, e.chatList, async ({ ctx, user, query }) => ({
    items: await listChats(ctx, user.id, user.companyId, {
      page: query.page,
      limit: query.limit,
      sortedBy: query.sortedBy,
      unreadOnly: query.isGetUnRead === '1',
    }),
  }));
  const privatePage = (ctx: AppContext, user: AuthUser, q: { page: number; limit: number }) =>
    listChats(ctx, user.id, user.companyId, { ...q, sortedBy: 'desc', unreadOnly: false, onlyUser: true, favoritesFirst: false });
  on(app, e.chatPrivateList, async ({ ctx, user, query }) => {
    const { total_unread: _, ...p } = await privatePage(ctx, user, query);
    return { items: p };
  });
  on(app, e.chattedUsers, async ({ ctx, user, query }) => {
    const { total_unread: _, ...p } = await privatePage(ctx, user, query);
    const data = p.data.flatMap((c) =>
      c.user_group_chat.filter((u) => u.id !== user.id).map(({ pivot: _p, ...u }) => ({ ...u, group_chat_id: c.id })),
    );
    return { items: { ...p, data } };
  });
  on(app, e.chatUnreadCount, async ({ ctx, user }) => ({ items: await unreadCount(ctx, user.id) }));
  on(app, e.chatShow, ({ ctx, user, params }) => view(ctx, user, params.id));
  on(app, e.checkChatExist, async ({ ctx, user, query }) => {
    const others = [...new Set(query.user_ids)].filter((id) => id !== user.id);
    const found = others.length === 1 ? await service.findPairChat(ctx, user, others[0]!) : undefined;
    return { items: { is_existed: found !== undefined, group_chat: found ? { id: found.id } : null } };
  });
  on(app, e.createChat, async ({ ctx, user, body, reply }) => {
    const result = await service.createChat(ctx, user, body);
    void reply.code(result.is_existed ? 200 : 201);
    return { items: result };
  });
  on(app, e.revertOriginMember, async ({ ctx, user, params }) => {
    await service.revertOriginMembers(ctx, (await service.requireOriginalMember(ctx, user, params.id)).id);
    return ok;
  });

  on(app, e.updateChat, async ({ ctx, user, params, body }) => {
    await updateChat(ctx, user, await requireChat(ctx, user, params.id), body);
    return view(ctx, user, params.id);
  });
  on(app, e.destroyChat, async ({ ctx, user, params, request }) => {
    await destroyChat(ctx, user, await requireChat(ctx, user, params.id), request.log);
    return ok;
  });
  on(app, e.userChated, async ({ ctx, user, query }) => ({ items: await usersChatted(ctx, user, query) }));

  on(app, e.chatMessages, async ({ ctx, user, params, query }) => {
    const { chat, member } = await requireChat(ctx, user, params.id);
    return { items: await listMessages(ctx, user.id, chat, member.read_no, query) };
  });
  on(app, e.sendMessage, async ({ ctx, user, params, body }) => {
    const access = await requireChat(ctx, user, params.id);
    return oneMessage(ctx, user, await service.sendMessage(ctx, user, access, body));
  });
  on(app, e.likeMessage, async ({ ctx, user, params, body }) => ({
    items: await service.likeMessage(ctx, user, await requireChat(ctx, user, params.id), params.messageId, body.is_like),
  }));
  on(app, e.deleteMessage, async ({ ctx, user, params, request }) => {
    const access = await requireChat(ctx, user, params.id);
    await service.deleteMessage(ctx, access, await requireOwnMessage(ctx, user, access.chat.id, params.messageId), request.log);
    return ok;
  });

  on(app, e.markChatRead, async ({ ctx, user, body }) => {
    const { chat } = await requireChat(ctx, user, body.group_chat_id);
    await service.markRead(ctx, user, chat.id);
    return { items: { count_message_not_seen: 0 } };
  });
  on(app, e.readAllChats, async ({ ctx, user }) => {
    await service.readAll(ctx, user);
    return ok;
  });
  on(app, e.favoriteChat, async ({ ctx, user, params, body }) => {
    const { chat } = await requireChat(ctx, user, params.id);
    await service.setFavorite(ctx, user, chat.id, body.favorite);
    return { items: { favorite: body.favorite ? 1 : 0 } };
  });
  on(app, e.leaveChat, async ({ ctx, user, body }) => {
    await service.leaveChat(ctx, user, await requireChat(ctx, user, body.group_chat_id));
    return ok;
  });
  on(app, e.inviteToChat, async ({ ctx, user, body }) => {
    await service.inviteMembers(ctx, user, await requireChat(ctx, user, body.group_chat_id), body.user_ids);
    return view(ctx, user, body.group_chat_id);
  });
  on(app, e.renameChat, async ({ ctx, user, params, body }) => {
    await service.renameChat(ctx, user, await requireChat(ctx, user, params.id), body.name);
    return view(ctx, user, params.id);
  });
  on(app, e.chatPicker, async ({ ctx, user, params, query }) => ({ items: await pickMembers(ctx, user, params.id, query) }));

  on(app, e.chatGallery, async ({ ctx, user, params, query }) => {
    const { chat } = await requireChat(ctx, user, params.id);
    return { items: await gallery(ctx, chat.id, query) };
  });
  on(app, e.chatStorage, async ({ ctx, user, params }) => {
    const { chat } = await requireChat(ctx, user, params.id);
    return { items: await chatStorage(ctx, chat.company_id) };
  });
  on(app, e.chatUpload, async ({ ctx, user, params, request }) => {
    const access = await requireChat(ctx, user, params.id);
    return oneMessage(ctx, user, await uploadToChat(ctx, user, access, request, request.log));
  });
  on(app, e.chatUploadByTiny, async ({ ctx, user, params, request }) => {
    const access = await requireChat(ctx, user, params.id);
    return oneMessage(ctx, user, await uploadToChat(ctx, user, access, request, request.log, { imageOnly: true }));
  });
  on(app, e.deleteChatFileMessage, async ({ ctx, user, params, request }) => {
    const access = await requireChat(ctx, user, params.id);
    const m = await requireOwnMessage(ctx, user, access.chat.id, params.msgId);
    if (m.message_special !== 1) throw messageNotFound();
    await service.deleteMessage(ctx, access, m, request.log);
    return ok;
  });
  on(app, e.chatDownloadFiles, async ({ ctx, user, params, body, reply, request }) => {
    const { chat } = await requireChat(ctx, user, params.id);
    return sendZip(ctx, reply, await requireChatFiles(ctx, chat.id, body.file_ids), request.log);
  });
  const oneFile = async (ctx: AppContext, user: AuthUser, chatId: number, fileId: number) => {
    const { chat } = await requireChat(ctx, user, chatId);
    const [file] = await requireChatFiles(ctx, chat.id, [fileId]);
    if (!file) throw fileNotFound();
    return file;
  };
  on(app, e.chatFileDownload, async ({ ctx, user, params, reply, request }) =>
    sendFile(ctx, reply, await oneFile(ctx, user, params.id, params.fileId), { inline: false, range: request.headers.range }),
  );
  on(app, e.chatFilePreview, async ({ ctx, user, params, reply, request }) =>
    sendFile(ctx, reply, await oneFile(ctx, user, params.id, params.fileId), { inline: true, range: request.headers.range }),
  );
  on(app, e.chatFileThumbnail, async ({ ctx, user, params, reply }) =>
    sendThumbnail(ctx, reply, await oneFile(ctx, user, params.id, params.fileId)),
  );
}
