import { API_PREFIX, type ChatFile } from '@portal/api-client/core';
import { downloadByLink } from '@portal/content/kit';

export const chatFileUrl = (chatId: number, fileId: number, kind: 'download' | 'preview' | 'thumbnail') =>
  `${API_PREFIX}/group-chat-gallery/${chatId}/file/${fileId}/${kind}`;

export function download(chatId: number, f: Pick<ChatFile, 'id' | 'name'>) {
  return downloadByLink({ path: `/group-chat-gallery/${chatId}/file/${f.id}/download` }, f.name);
}
