import { myProfileSchema } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../../storage/images.test-util';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';

const API = '/service/api/v1';

/** Crop fields first, then the file: the server reads fields that precede the file part. */
function form(file: Buffer, fields: Record<string, string | number>) {
  const boundary = '----avatar' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const payload = Buffer.concat([...parts, head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DIALECTS)('settings: avatar (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const upload = (token: string | undefined, file: Buffer, crop: Record<string, string | number>) =>
    t.inject({ method: 'POST', url: `${API}/members/me/avatar`, ...(token ? { token } : {}), ...form(file, crop) });
  const keys = (userId: number) =>
    t.ctx.db
      .selectFrom('user_profiles')
      .select(['avatar_storage_key', 'avatar_small_storage_key'])
      .where('user_id', '=', userId)
      .executeTakeFirst();

  it('crops, stores two squares, serves them to colleagues only, and removes them on delete', async () => {
    const u = await t.createUser();
    const colleague = await t.createUser({ companyId: u.companyId });
    const outsider = await t.createUser();
    const token = await t.login(u);
    expect((await upload(undefined, pngImage(600, 400), { x: 0, y: 0, size: 300 })).statusCode).toBe(401);

    const res = await upload(token, pngImage(600, 400), { x: 100, y: 50, size: 300 });
    expect(res.statusCode).toBe(200);
    const me = myProfileSchema.parse(res.json().items);
    expect(me.profile.avatar).toMatch(new RegExp(`^${API}/members/${u.id}/avatar/[A-Za-z0-9_-]+\\.webp$`));
    expect(me.profile.avatar_small).not.toBe(me.profile.avatar);
    expect(me.profile.avatar_file_name).toBe('me.png');

    const img = await t.inject({ method: 'GET', url: me.profile.avatar!, token: await t.login(colleague) });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const sharp = (await import('sharp')).default;
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ width: 400, height: 400 });

    expect((await t.inject({ method: 'GET', url: me.profile.avatar!, token: await t.login(outsider) })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: me.profile.avatar! })).statusCode).toBe(401);
    const guessed = me.profile.avatar!.replace(/[^/]+\.webp$/, 'AAAAAAAAAAAAAAAAAAAAAA.webp');
    expect((await t.inject({ method: 'GET', url: guessed, token })).statusCode).toBe(404);

    const before = await keys(u.id);
    const del = await t.inject({ method: 'DELETE', url: `${API}/members/me/avatar`, token });
    expect(del.statusCode).toBe(200);
    expect(del.json().items.profile.avatar).toBeNull();
    expect(await t.ctx.storage.exists(before!.avatar_storage_key!)).toBe(false);
    expect(await t.ctx.storage.exists(before!.avatar_small_storage_key!)).toBe(false);
  });

  it('a second upload replaces the first pair', async () => {
    const u = await t.createUser();
    const token = await t.login(u);
    await upload(token, pngImage(500, 500), { x: 0, y: 0, size: 500 });
    const first = await keys(u.id);
    expect((await upload(token, pngImage(800, 600), { x: 10, y: 10, size: 500 })).statusCode).toBe(200);
    const second = await keys(u.id);
    expect(second!.avatar_storage_key).not.toBe(first!.avatar_storage_key);
    expect(await t.ctx.storage.exists(first!.avatar_storage_key!)).toBe(false);
    expect(await t.ctx.storage.exists(second!.avatar_storage_key!)).toBe(true);
  });

  it('refuses a too small image, a crop outside the image, a missing crop and a non-image; nothing is kept', async () => {
    const u = await t.createUser();
    const token = await t.login(u);
    const small = await upload(token, pngImage(400, 400), { x: 0, y: 0, size: 100 });
    expect(small.statusCode).toBe(400);
    expect(small.json().errors.file).toEqual(['validation.image_dimensions']);
    const outside = await upload(token, pngImage(600, 400), { x: 200, y: 0, size: 401 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors.crop).toEqual(['validation.invalid']);
    expect((await upload(token, pngImage(600, 400), {})).statusCode).toBe(400);
    const text = await upload(token, Buffer.from('hello, not an image'), { x: 0, y: 0, size: 10 });
    expect(text.json().errors.file).toEqual(['validation.image_type']);
    expect(await keys(u.id)).toBeUndefined();
    const row = await t.ctx.db.selectFrom('users').select('avatar_path').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.avatar_path).toBeNull();
  });
});
