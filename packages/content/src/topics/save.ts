import { API_PREFIX, buildPath, type CallArgs, type CallResult, type Endpoints } from '@portal/api-client/core';
import { routes } from '@portal/api-client/routes';
import { api } from '@portal/api-client/browser';
import { postMultipart } from '../kit/upload';

/** The four calls that save a topic; each also takes multipart/form-data with attachments. */
export type TopicSaveCall = 'newTopic' | 'updateTopic' | 'createCommonTopic' | 'updateCommonTopic';

/**
 * TOPIC_FORM_FIELDS of the contract, spelled out for the same reason as INLINE_IMAGE_PREFIX:
 * the constant lives with the zod schemas (save.test.ts checks the two agree).
 */
export const TOPIC_FORM = { data: 'data', files: 'attach_file' } as const;

export interface TopicUpload {
  /** New attachments; none sends plain JSON. */
  files: File[];
  /** Upload progress as 0‥1 while the files go up. */
  onProgress?: ((fraction: number) => void) | undefined;
}

/** The multipart body: the JSON body as a string in `data` (first, as the API reads it), then each file. */
export function topicFormData(body: unknown, files: File[]): FormData {
  const form = new FormData();
  form.append(TOPIC_FORM.data, JSON.stringify(body));
  for (const f of files) form.append(TOPIC_FORM.files, f, f.name);
  return form;
}

/**
 * Saves a topic through `name`: as JSON when there is nothing to upload, otherwise as one
 * multipart request through XHR so the page can show upload progress. The API stores the topic
 * and its files all or nothing, so a refusal (TOO_MANY_FILES, UPLOAD_OVER_SIZE, a quota)
 * leaves nothing half-saved.
 */
export async function saveTopic<N extends TopicSaveCall>(
  name: N,
  args: CallArgs<Endpoints[N]>,
  upload: TopicUpload = { files: [] },
): Promise<CallResult<Endpoints[N]>> {
  if (upload.files.length === 0) return api.call(name, args);
  const { params, body } = args as { params?: Record<string, unknown>; body: unknown };
  const url = API_PREFIX + buildPath(routes[name].path, params);
  const reply = await postMultipart(url, () => topicFormData(body, upload.files), { onProgress: upload.onProgress });
  // Like every other call, the reply is not re-validated here: the API checks it before sending.
  return reply as CallResult<Endpoints[N]>;
}
