import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PREFIX, ApiError, parseErrorBody, queryKeys, type FileDetail, type Settings, type SortOption } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { sessionTokens } from '@portal/api-client/session';

/** Which list the shared-folder page shows; a folder is `{ folderId }`. */
export type FileListKind = 'all' | 'unclassified' | 'bin' | 'attachments' | { folderId: number };

export interface FileListParams {
  page: number;
  limit: number;
  unreadOnly: boolean;
  orderBy: 'update' | 'title';
  sortedBy: 'asc' | 'desc';
}

/** The stored shared-folder sort preference (settings.sort.group_shared_folder), as list parameters. */
export function sortFromPreference(settings: Settings | undefined): Pick<FileListParams, 'orderBy' | 'sortedBy'> {
  const pref: SortOption = settings?.sort.group_shared_folder ?? 'update_desc';
  const [orderBy, sortedBy] = pref.split('_') as ['update' | 'title', 'asc' | 'desc'];
  return { orderBy, sortedBy };
}

export function useStoredFileSort() {
  const settings = useQueryClient().getQueryData<Settings>(queryKeys.settings());
  return sortFromPreference(settings);
}

function listCall(groupId: number, kind: FileListKind, params: FileListParams) {
  const query = { page: params.page, limit: params.limit, orderBy: params.orderBy, sortedBy: params.sortedBy, ...(params.unreadOnly ? { unreadOnly: '1' as const } : {}) };
  const id = { id: groupId };
  if (typeof kind === 'object') return api.call('sharedFilesByFolder', { params: { ...id, folderId: kind.folderId }, query });
  if (kind === 'unclassified') return api.call('sharedFilesUnclassified', { params: id, query });
  if (kind === 'bin') return api.call('sharedFilesInBin', { params: id, query });
  if (kind === 'attachments') return api.call('sharedFilesAttached', { params: id, query });
  return api.call('sharedFiles', { params: id, query });
}

export function useFileList(groupId: number, kind: FileListKind, params: FileListParams) {
  return useQuery({
    queryKey: [...queryKeys.groupFileList(groupId, kind, params), params.page, params.unreadOnly],
    queryFn: async () => (await listCall(groupId, kind, params)).items,
    placeholderData: keepPreviousData,
  });
}

export function useFileCounts(groupId: number) {
  return useQuery({
    queryKey: queryKeys.groupFileCount(groupId),
    queryFn: async () => (await api.call('sharedFileCount', { params: { id: groupId } })).items,
  });
}

export function useFileFolders(groupId: number) {
  return useQuery({
    queryKey: queryKeys.groupFileFolders(groupId),
    queryFn: async () => (await api.call('fileFolders', { params: { id: groupId } })).items,
  });
}

export function useFileStorage(groupId: number) {
  return useQuery({
    queryKey: queryKeys.groupStorage(groupId),
    queryFn: async () => (await api.call('groupStorage', { params: { id: groupId } })).items,
  });
}

export function useFileDetail(groupId: number, fileId: number) {
  return useQuery({
    queryKey: queryKeys.groupFile(groupId, fileId),
    queryFn: async () => (await api.call('sharedFile', { params: { id: groupId, fileId } })).items,
  });
}

export function useFileHistory(groupId: number, fileId: number, page: number) {
  return useQuery({
    queryKey: queryKeys.groupFileHistory(groupId, fileId, { page, limit: 10 }),
    queryFn: async () => (await api.call('fileHistory', { params: { id: groupId, fileId }, query: { page, limit: 10 } })).items,
    placeholderData: keepPreviousData,
  });
}

/**
 * Any shared-folder mutation; every file query of the group (lists, counts, storage, details)
 * is refreshed afterwards, since moves and deletes change several of them at once.
 */
export function useFilesMutation<A, R>(groupId: number, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.groupFiles(groupId) }),
  });
}

/** Fetches a binary with the bearer token (a plain link cannot send it). */
export async function fetchFileBlob(path: string, init?: { method?: string; body?: unknown }): Promise<Blob> {
  const res = await api.request(init?.method ?? 'GET', path, init?.body === undefined ? undefined : {
    body: JSON.stringify(init.body),
    headers: { 'Content-Type': 'application/json' },
  });
  return res.blob();
}

export const filePaths = {
  download: (groupId: number, fileId: number, historyId?: number) =>
    `/members/me/groups/${groupId}/share-folder-file/${fileId}/download${historyId ? `?history_id=${historyId}` : ''}`,
  preview: (groupId: number, fileId: number) => `/members/me/groups/${groupId}/share-folder-file/${fileId}/preview`,
  zip: (groupId: number) => `/members/me/groups/${groupId}/download-files`,
  upload: (groupId: number) => `${API_PREFIX}/members/me/groups/${groupId}/share-folder-upload-file`,
  overwrite: (groupId: number, fileId: number) => `${API_PREFIX}/members/me/groups/${groupId}/overwrite-file/${fileId}`,
};

/** Hands a blob to the browser as a download with the given name. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface UploadFields {
  files: File[];
  title?: string;
  memo?: string;
  folderId?: number | null;
}

interface XhrResult {
  status: number;
  body: unknown;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Multipart parts in the order the server reads them: fields first, then every `file`. */
export function uploadForm(fields: UploadFields): FormData {
  const form = new FormData();
  if (fields.title) form.append('title', fields.title);
  if (fields.memo) form.append('memo', fields.memo);
  if (fields.folderId) form.append('folder_id', String(fields.folderId));
  for (const f of fields.files) form.append('file', f, f.name);
  return form;
}

/** XMLHttpRequest because it is the only browser API that reports upload progress. */
function send(url: string, form: FormData, token: string | null, onProgress: (fraction: number) => void): Promise<XhrResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) });
    xhr.onerror = () => reject(new ApiError(0, 'INTERNAL_ERROR', 'network error'));
    xhr.send(form);
  });
}

function toError(r: XhrResult): ApiError {
  const parsed = parseErrorBody(r.body);
  if (parsed) return new ApiError(r.status, parsed.status_code, parsed.message, parsed);
  return new ApiError(r.status, r.status === 404 ? 'NOT_FOUND' : 'INTERNAL_ERROR', 'upload failed');
}

/** Posts a multipart form with progress; an expired token is refreshed once and the post retried. */
export async function postMultipart(url: string, fields: UploadFields, onProgress: (fraction: number) => void): Promise<unknown> {
  let r = await send(url, uploadForm(fields), sessionTokens.getAccessToken(), onProgress);
  if (r.status === 401 && toError(r).code === 'TOKEN_EXPIRED') {
    onProgress(0);
    r = await send(url, uploadForm(fields), await api.refresh(), onProgress);
  }
  if (r.status < 200 || r.status >= 300) throw toError(r);
  return r.body;
}

export function uploadedFiles(body: unknown): FileDetail[] {
  const items = (body as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? (items as FileDetail[]) : [];
}

export const MB = 1024 * 1024;

/** A shared-folder folder as fileFolders returns it. */
export interface FileFolder {
  id: number;
  name: string;
  file_count: number;
}
