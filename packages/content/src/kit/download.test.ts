import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { signUrlsAnswer } from '../testing';
import { downloadByLink } from './download';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));
const call = vi.mocked(api.call);

let clicked: { href: string; download: string }[];
beforeEach(() => {
  call.mockReset();
  call.mockImplementation((async (_name: string, args: Record<string, unknown>) => signUrlsAnswer(args)) as never);
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href')!, download: this.download });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('downloadByLink', () => {
  it('lets the browser stream a signed link to disk: the page reads only the answer’s head', async () => {
    let signal: AbortSignal | undefined;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      signal = init?.signal ?? undefined;
      return new Response('x', { status: 206 });
    });
    await downloadByLink({ path: '/members/me/groups/1/download-files', body: { file_ids: [1, 2] } }, '添付.zip');
    expect(call).toHaveBeenCalledWith('signUrls', {
      body: { items: [{ path: '/members/me/groups/1/download-files', body: { file_ids: [1, 2] } }] },
    });
    const url = '/service/api/v1/members/me/groups/1/download-files?s=test';
    expect(fetchMock.mock.calls[0]![0]).toBe(url);
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>).Range).toBe('bytes=0-0');
    // The probe's body is dropped, never read into the page.
    expect(signal?.aborted).toBe(true);
    expect(clicked).toEqual([{ href: url, download: '添付.zip' }]);
    expect(api.request).not.toHaveBeenCalled();
  });

  it('throws the API’s own error (shown by the page) and starts no download when refused', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ status_code: 'DOWNLOAD_OVER_LIMIT', message: 'too big', data: { max_mb: 500 } }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const err = await downloadByLink({ path: '/members/me/download-files', body: { file_ids: [1] } }, 'a.zip').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect([(err as ApiError).status, (err as ApiError).code]).toEqual([400, 'DOWNLOAD_OVER_LIMIT']);
    expect(clicked).toEqual([]);
  });
});
