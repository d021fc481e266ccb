import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PREFIX, ApiError, chatQueryKeys, CHAT_UPLOAD_FIELDS, type ChatMessage } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { postMultipart } from '@portal/content/kit';

export const PAGE = 30;
const CATCH_UP_PAGE = 100;

export interface MessagesState {
  /** Oldest first. */
  messages: ChatMessage[];
  hasOlder: boolean;
  lastNo: number;
  readNo: number;
}

/**
 * The open chat's messages in one cache entry. The first fetch takes the latest page; every
 * later fetch (a realtime event or a reconnect invalidates the chat queries) re-reads the
 * loaded range and whatever came after it with `after_no`, so new messages, likes, deletions
 * and read counts all arrive and nothing sent while offline is missed. Older pages are
 * prepended by `loadOlder` (infinite scroll upwards).
 */
export function useMessages(chatId: number) {
  const qc = useQueryClient();
  const key = chatQueryKeys.messages(chatId);
  const query = useQuery({
    queryKey: key,
    queryFn: async (): Promise<MessagesState> => {
      const prev = qc.getQueryData<MessagesState>(key);
      if (!prev || prev.messages.length === 0) {
        const r = (await api.call('chatMessages', { params: { id: chatId }, query: { limit: PAGE } })).items;
        return { messages: r.data, hasOlder: r.has_more, lastNo: r.last_no, readNo: r.read_no };
      }
      let after = prev.messages[0]!.index - 1;
      const out: ChatMessage[] = [];
      for (;;) {
        const r = (await api.call('chatMessages', { params: { id: chatId }, query: { after_no: after, limit: CATCH_UP_PAGE } })).items;
        out.push(...r.data);
        if (!r.has_more || r.data.length === 0) return { messages: out, hasOlder: prev.hasOlder, lastNo: r.last_no, readNo: r.read_no };
        after = r.data.at(-1)!.index;
      }
    },
  });
  const loadOlder = useCallback(async () => {
    const cur = qc.getQueryData<MessagesState>(key);
    if (!cur?.hasOlder || cur.messages.length === 0) return;
    const r = (await api.call('chatMessages', { params: { id: chatId }, query: { limit: PAGE, before_no: cur.messages[0]!.index } })).items;
    const latest = qc.getQueryData<MessagesState>(key) ?? cur;
    qc.setQueryData<MessagesState>(key, {
      ...latest,
      messages: [...r.data, ...latest.messages.filter((m) => m.index > (r.data.at(-1)?.index ?? 0))],
      hasOlder: r.has_more,
    });
    // key is rebuilt each render with the same content; chatId is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [qc, chatId]);
  return { ...query, loadOlder };
}

export const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * A send survives a flaky network: the same client message id is retried, and the server
 * stores it once however many of the attempts arrived. Refusals (4xx) are not retried.
 */
async function withRetry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof ApiError || i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 500 * i));
    }
  }
}

export function sendText(chatId: number, content: string, replyId?: number) {
  const clientId = newClientId();
  return withRetry(() =>
    api.call('sendMessage', {
      params: { id: chatId },
      body: { content, client_message_id: clientId, ...(replyId ? { reply_message_id: replyId } : {}) },
    }),
  );
}

/** Files from the picker go to upload-file; one image pasted into the box to upload-file-by-tiny. */
export function sendFiles(chatId: number, files: File[], replyId?: number, onProgress?: (f: number) => void, pasted = false) {
  const clientId = newClientId();
  return withRetry(() =>
    postMultipart(
      `${API_PREFIX}/group-chat-gallery/${chatId}/${pasted ? 'upload-file-by-tiny' : 'upload-file'}`,
      () => {
        const form = new FormData();
        form.append(
          CHAT_UPLOAD_FIELDS.data,
          JSON.stringify({ client_message_id: clientId, ...(replyId ? { reply_message_id: replyId } : {}) }),
        );
        for (const f of files) form.append(CHAT_UPLOAD_FIELDS.files, f, f.name);
        return form;
      },
      onProgress ? { onProgress } : {},
    ),
  );
}
