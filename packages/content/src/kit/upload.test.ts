import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { setSession } from '@portal/api-client/session';
import { fakeXhr as fakeUploads, type XhrAnswer } from '@portal/ui/testing';
import { postMultipart } from './upload';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));

// The progress events postMultipart must cope with: a known quarter, one without a total, done.
const fakeXhr = (answers: XhrAnswer[]) => fakeUploads(answers, { steps: [25, null, 100] });

let built: number;
const form = () => {
  built++;
  const f = new FormData();
  f.append('memo', '月次');
  f.append('file', new File(['abc'], '報告書.xlsx'));
  return f;
};
const URL_ = '/service/api/v1/members/me/common-share-folder-upload-file';

beforeEach(() => {
  built = 0;
  setSession({ accessToken: 'tok-1' });
  vi.mocked(api.refresh).mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('postMultipart', () => {
  it('posts the form with the bearer token, reports progress and returns the JSON body', async () => {
    const { sent } = fakeXhr([{ status: 200, body: { items: [{ id: 1 }] } }]);
    const progress: number[] = [];
    const body = await postMultipart(URL_, form, { onProgress: (p) => progress.push(p) });
    expect(body).toEqual({ items: [{ id: 1 }] });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(URL_);
    expect(sent[0]!.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok-1' });
    expect([...sent[0]!.body.keys()]).toEqual(['memo', 'file']);
    expect((sent[0]!.body.get('file') as File).name).toBe('報告書.xlsx');
    // A chunk without a known total is not reported as progress.
    expect(progress).toEqual([0.25, 1]);
  });

  it('refreshes an expired token once, rebuilds the form and retries from 0 %', async () => {
    const { sent } = fakeXhr([
      { status: 401, body: { status_code: 'TOKEN_EXPIRED', message: 'x' } },
      { status: 200, body: { items: [] } },
    ]);
    vi.mocked(api.refresh).mockResolvedValue('tok-2');
    const progress: number[] = [];
    await postMultipart(URL_, form, { onProgress: (p) => progress.push(p) });
    expect(sent.map((s) => s.headers.Authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(built).toBe(2);
    expect(progress).toEqual([0.25, 1, 0, 0.25, 1]);
  });

  it('does not retry any other refusal, and carries the server code and body', async () => {
    const body = { status_code: 'EXCEED_COMPANY_STORAGE_CAPACITY', message: 'over' };
    const { sent } = fakeXhr([{ status: 400, body }]);
    const err = await postMultipart(URL_, form).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect([(err as ApiError).status, (err as ApiError).code]).toEqual([400, 'EXCEED_COMPANY_STORAGE_CAPACITY']);
    expect((err as ApiError).body).toEqual(body);
    expect(sent).toHaveLength(1);
    expect(api.refresh).not.toHaveBeenCalled();
  });

  it('turns an unreadable answer and a broken connection into ApiErrors', async () => {
    fakeXhr([{ status: 502, body: '<html>bad gateway</html>' }, 'network']);
    const bad = await postMultipart(URL_, form).catch((e: unknown) => e);
    expect([(bad as ApiError).status, (bad as ApiError).code]).toEqual([502, 'INTERNAL_ERROR']);
    const broken = await postMultipart(URL_, form).catch((e: unknown) => e);
    expect([(broken as ApiError).status, (broken as ApiError).code]).toEqual([0, 'INTERNAL_ERROR']);
  });

  it('aborts the request when the signal fires, and sends nothing for an already aborted signal', async () => {
    const xhr = fakeXhr(['hang']);
    const controller = new AbortController();
    const pending = postMultipart(URL_, form, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted()).toBe(1);
    await expect(postMultipart(URL_, form, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.sent).toHaveLength(1);
  });
});
