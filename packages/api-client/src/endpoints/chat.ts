import { endpoint } from '../endpoint';
import { okSchema } from '../schemas/common';
import * as c from '../schemas/chat';

const tags = ['chat'];
const G = '/group-chat-gallery/:id';

/**
 * Chat and gallery (spec section 7). The spec's messages lived in a realtime document store;
 * here the API stores them: `message/{id}` reads history (GET) and sends (POST), and a message's
 * like and delete hang below it.
 */
export const chatEndpoints = {
  chatList: endpoint({
    method: 'GET', path: '/group-chat/group-chat-user', auth: true, query: c.chatListQuery, response: c.chatListResponse,
    summary: 'The caller’s chats: favourites first, then newest activity, with unread counts', tags,
  }),
  chatPrivateList: endpoint({
    method: 'GET', path: '/group-chat/group-chat-private', auth: true, query: c.chatPageQuery, response: c.chatPageResponse,
    summary: 'The caller’s one-to-one chats, newest activity first', tags,
  }),
  chattedUsers: endpoint({
    method: 'GET', path: '/list-chatted-user', auth: true, query: c.chatPageQuery, response: c.chattedUsersResponse,
    summary: 'The people the caller has a one-to-one chat with, newest activity first', tags,
  }),
  chatUnreadCount: endpoint({
    method: 'GET', path: '/group-chat/count-unread', auth: true, response: c.chatUnreadResponse,
    summary: 'Unread chat messages in total and chats with any (navbar badge)', tags,
  }),
  chatShow: endpoint({
    method: 'GET', path: '/group-chat/show/:id', auth: true, params: c.chatIdParam, response: c.chatResponse,
    summary: 'One chat with its members', tags,
  }),
  checkChatExist: endpoint({
    method: 'GET', path: '/check-group-chat-exist', auth: true, query: c.checkChatExistQuery, response: c.checkChatExistResponse,
    summary: 'Is there already a one-to-one chat with this user (the caller’s, even if one of them left)', tags,
  }),
  createChat: endpoint({
    method: 'POST', path: '/group-chat/create', auth: true, body: c.createChatBody, response: c.createChatResponse,
    summary: 'One person: reopen the one-to-one chat (original members restored) or make it; more: a group chat (201)', tags,
  }),
  revertOriginMember: endpoint({
    method: 'POST', path: '/revert-origin-member/:id', auth: true, params: c.chatIdParam, response: okSchema,
    summary: 'Restore both original members of a one-to-one chat', tags,
  }),
  updateChat: endpoint({
    method: 'PUT', path: '/group-chat/update/:id', auth: true, params: c.chatIdParam, body: c.updateChatBody, response: c.chatResponse,
    summary: 'Update a chat the caller is in: name (group chats only) and/or the caller’s favourite', tags,
  }),
  destroyChat: endpoint({
    method: 'PUT', path: '/group-chat/destroy/:id', auth: true, params: c.chatIdParam, response: okSchema,
    summary: 'Delete a group chat with its messages and files (its creator only)', tags,
  }),
  userChated: endpoint({
    method: 'POST', path: '/chat/user-chated', auth: true, query: c.userChatedQuery, response: c.userChatedResponse,
    summary: 'Everyone the caller shares a chat with, most recent chat activity first', tags,
  }),
  chatMessages: endpoint({
    method: 'GET', path: '/message/:id', auth: true, params: c.chatIdParam, query: c.messagesQuery, response: c.messagesResponse,
    summary: 'Messages, oldest first: the latest page, older ones (before_no) or missed ones (after_no)', tags,
  }),
  sendMessage: endpoint({
    method: 'POST', path: '/message/:id', auth: true, params: c.chatIdParam, body: c.sendMessageBody, response: c.messageResponse,
    summary: 'Send (or reply); the same client_message_id twice stores one message', tags,
  }),
  likeMessage: endpoint({
    method: 'POST', path: '/message/:id/like/:messageId', auth: true, params: c.chatMessageParam, body: c.likeMessageBody,
    response: c.likeMessageResponse, summary: 'Set or clear the caller’s like of a message', tags,
  }),
  deleteMessage: endpoint({
    method: 'DELETE', path: '/message/:id/:messageId', auth: true, params: c.chatMessageParam, response: okSchema,
    summary: 'Delete one’s own message (others see it as deleted; its files go)', tags,
  }),
  markChatRead: endpoint({
    method: 'POST', path: '/update-check-user-unread', auth: true, body: c.chatRefBody, response: c.markReadResponse,
    summary: 'Mark every message of a chat read', tags,
  }),
  readAllChats: endpoint({
    method: 'POST', path: '/read-all-group-chat', auth: true, response: okSchema, summary: 'Mark every chat read', tags,
  }),
  favoriteChat: endpoint({
    method: 'POST', path: '/mark-favorite/:id', auth: true, params: c.chatIdParam, body: c.favoriteChatBody,
    response: c.favoriteChatResponse, summary: 'Set or clear the caller’s favourite', tags,
  }),
  leaveChat: endpoint({
    method: 'POST', path: '/leave-group-chat', auth: true, body: c.chatRefBody, response: okSchema,
    summary: 'Leave a chat (the others see who left)', tags,
  }),
  inviteToChat: endpoint({
    method: 'POST', path: '/invite-user-to-group-chat', auth: true, body: c.inviteChatBody, response: c.chatResponse,
    summary: 'Add members from the chat’s group', tags,
  }),
  renameChat: endpoint({
    method: 'POST', path: '/update-group-chat-name/:id', auth: true, params: c.chatIdParam, body: c.renameChatBody,
    response: c.chatResponse, summary: 'Rename a group chat', tags,
  }),
  chatPicker: endpoint({
    method: 'GET', path: '/members/me/groups/:id/group-members', auth: true, params: c.chatGroupParam, query: c.pickerQuery,
    response: c.pickerResponse, summary: 'Members of one of the caller’s groups for the chat picker (search, 50 a page)', tags,
  }),
  chatGallery: endpoint({
    method: 'GET', path: G, auth: true, params: c.chatIdParam, query: c.galleryQuery, response: c.galleryResponse,
    summary: 'Files and images of a chat, newest first', tags,
  }),
  chatStorage: endpoint({
    method: 'GET', path: `${G}/storage`, auth: true, params: c.chatIdParam, response: c.chatStorageResponse,
    summary: 'The chat area’s capacity, usage and warnings', tags,
  }),
  chatUpload: endpoint({
    method: 'POST', path: `${G}/upload-file`, auth: true, params: c.chatIdParam, response: c.messageResponse,
    summary: 'Send files as one message (multipart: file…, data = {client_message_id, reply_message_id?})', tags,
  }),
  chatUploadByTiny: endpoint({
    method: 'POST', path: `${G}/upload-file-by-tiny`, auth: true, params: c.chatIdParam, response: c.messageResponse,
    summary: 'Send one pasted image as a message (multipart: file, data = {client_message_id}); other kinds are refused', tags,
  }),
  deleteChatFileMessage: endpoint({
    method: 'DELETE', path: `${G}/delete-msg-has-file-upload/:msgId`, auth: true, params: c.chatGalleryMessageParam,
    response: okSchema, summary: 'Delete one’s own message with files, and its files', tags,
  }),
  chatDownloadFiles: endpoint({
    method: 'POST', path: `${G}/download-files`, auth: true, params: c.chatIdParam, body: c.chatDownloadBody,
    response: c.chatBinaryResponse, summary: 'Several chat files as one zip, streamed (at most 500 MB)', tags,
  }),
  chatFileDownload: endpoint({
    method: 'GET', path: `${G}/file/:fileId/download`, auth: true, params: c.chatFileParam,
    response: c.chatBinaryResponse, summary: 'Download one chat file (binary, attachment)', tags,
  }),
  chatFilePreview: endpoint({
    method: 'GET', path: `${G}/file/:fileId/preview`, auth: true, params: c.chatFileParam,
    response: c.chatBinaryResponse, summary: 'Inline image, video or PDF of a chat file', tags,
  }),
  chatFileThumbnail: endpoint({
    method: 'GET', path: `${G}/file/:fileId/thumbnail`, auth: true, params: c.chatFileParam,
    response: c.chatBinaryResponse, summary: 'Thumbnail of a chat image (404 for other kinds)', tags,
  }),
};
