import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, inlineImageUrl } from '@portal/api-client';
import { setSession } from '@portal/api-client/session';
import { COMMON_SCOPE, groupScope } from '../topics/scope';
import { fakeXhr } from '../topics/testing';
import { checkImage, imageProblemOf, inlineImageMaxMb, inlineUploadUrl, uploadInlineImage } from './inlineUpload';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));

const MB = 1024 * 1024;
const png = (size = 10, name = 'a.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });
const refusal = (code: string, data: Record<string, unknown>) => new ApiError(400, code, code, { status_code: code, message: code, data });

beforeEach(() => setSession({ accessToken: 'tok' }));
afterEach(() => vi.unstubAllGlobals());

describe('inline image upload', () => {
  it('goes to upload-file-by-tiny, with the group for group topics', () => {
    expect(inlineUploadUrl(groupScope(4))).toBe('/service/api/v1/members/me/upload-file-by-tiny?group_id=4');
    expect(inlineUploadUrl(COMMON_SCOPE)).toBe('/service/api/v1/members/me/upload-file-by-tiny');
    expect(inlineImageMaxMb(10)).toBe(10);
    expect(inlineImageMaxMb(300)).toBe(25);
  });

  it('checks type, emptiness and size before sending', () => {
    expect(checkImage(png(), 1)).toBeNull();
    expect(checkImage(new File(['x'], 'b.webp', { type: 'image/webp' }), 1)).toBeNull();
    expect(checkImage(new File(['<svg/>'], 'c.svg', { type: 'image/svg+xml' }), 1)?.key).toBe('editor.image_not_image');
    expect(checkImage(new File(['x'], 'd.txt', { type: 'text/plain' }), 1)?.key).toBe('editor.image_not_image');
    expect(checkImage(png(0), 1)?.key).toBe('editor.image_empty');
    expect(checkImage(png(MB + 1), 1)).toEqual({ key: 'editor.image_too_large', values: { name: 'a.png', max: 1 } });
  });

  it('turns the server’s image_error into the matching message', () => {
    const f = png();
    expect(imageProblemOf(refusal('VALIDATION_ERROR', { image_error: 3 }), f, 25).key).toBe('editor.image_not_image');
    expect(imageProblemOf(refusal('VALIDATION_ERROR', { image_error: 1 }), f, 25).key).toBe('editor.image_empty');
    expect(imageProblemOf(refusal('UPLOAD_OVER_SIZE', { image_error: 2, max_mb: 5 }), f, 25)).toEqual({
      key: 'editor.image_too_large',
      values: { name: 'a.png', max: 5 },
    });
    expect(imageProblemOf(refusal('EXCEED_COMPANY_STORAGE_CAPACITY', {}), f, 25)).toEqual({
      key: 'editor.image_failed',
      values: { name: 'a.png', code: 'EXCEED_COMPANY_STORAGE_CAPACITY' },
    });
  });

  it('sends one `file` part and returns the internal URL', async () => {
    const { sent } = fakeXhr([{ status: 200, body: { items: { id: 12, url: inlineImageUrl(12), mime: 'image/png', size: 10 } } }]);
    expect(await uploadInlineImage(groupScope(4), png())).toBe(inlineImageUrl(12));
    expect([...sent[0]!.body.keys()]).toEqual(['file']);
    expect(sent[0]!.headers.Authorization).toBe('Bearer tok');
  });

  it('refuses a reply whose URL the server would not keep in content', async () => {
    fakeXhr([{ status: 200, body: { items: { id: 12, url: 'https://elsewhere.example/12.png', mime: 'image/png', size: 10 } } }]);
    await expect(uploadInlineImage(COMMON_SCOPE, png())).rejects.toBeInstanceOf(ApiError);
  });
});
