import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@portal/api-client/core';
import { api } from '@portal/api-client/browser';
import { setSession } from '@portal/api-client/session';
import { fakeXhr } from '@portal/ui/testing';
import { uploadGroupImage } from './upload';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));

const DETAIL = {
  id: 3,
  name: '営業部',
  notice: '',
  letter_color: 1,
  icon_image: 1,
  icon_image_path: '/service/api/v1/members/me/groups/3/images/icon/a.png',
  icon_image_small_path: '/service/api/v1/members/me/groups/3/images/icon/a.png',
  header_image: null,
  icon_file_name: 'a.png',
  header_file_name: null,
  group_tags: [],
  auto_delete_day: 30,
  max_img_size_per_attachment: 25,
  invite_permission: 0,
  member_count: 1,
  created_at: 1,
  storage: { storage_capacity: 10, storage_used: 0, storage_used_bytes: 0, type: 'GB', percent: 0 },
  membership: null,
};

beforeEach(() => {
  setSession({ accessToken: 'tok-1' });
  vi.mocked(api.refresh).mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadGroupImage', () => {
  it('posts the file as the multipart field "file" with the bearer token and reports progress', async () => {
    const { sent } = fakeXhr([{ status: 200, body: { items: DETAIL } }]);
    const file = new File([new Uint8Array([1, 2, 3])], '写真.png', { type: 'image/png' });
    const progress: number[] = [];
    const group = await uploadGroupImage(3, 'icon', file, (p) => progress.push(p));
    expect(group.icon_file_name).toBe('a.png');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/service/api/v1/members/me/groups/3/icon',
      headers: { Authorization: 'Bearer tok-1' },
    });
    const part = sent[0]!.body.get('file') as File;
    expect([part.name, part.size]).toEqual(['写真.png', 3]);
    expect(progress).toEqual([0.5, 1]);
  });

  it('refreshes an expired token once and retries', async () => {
    const { sent } = fakeXhr([
      { status: 401, body: { status_code: 'TOKEN_EXPIRED', message: 'x' } },
      { status: 200, body: { items: DETAIL } },
    ]);
    vi.mocked(api.refresh).mockResolvedValue('tok-2');
    await uploadGroupImage(3, 'header-image', new File(['x'], 'h.gif'));
    expect(sent.map((s) => [s.url, s.headers.Authorization])).toEqual([
      ['/service/api/v1/members/me/groups/3/header-image', 'Bearer tok-1'],
      ['/service/api/v1/members/me/groups/3/header-image', 'Bearer tok-2'],
    ]);
  });

  it('turns a refused upload into an ApiError carrying the field keys and the image error', async () => {
    const body = {
      status_code: 'VALIDATION_ERROR',
      message: 'x',
      errors: { file: ['validation.image_dimensions'] },
      data: { image_error: 3, width: 500, height: 100 },
    };
    fakeXhr([{ status: 400, body }]);
    const err = await uploadGroupImage(3, 'icon', new File(['x'], 'a.png')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).body).toEqual(body);
    expect(api.refresh).not.toHaveBeenCalled();
  });
});
