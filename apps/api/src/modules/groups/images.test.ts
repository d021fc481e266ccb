import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageError } from '@portal/api-client';
import { sweepStorage } from '../../ops/sweep';
import { gifImage, jpegImage, pngImage } from '../../storage/images.test-util';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, API, groupWith, insertInvitation, type Actor } from './fixtures.test-util';

/** A multipart body with one file part, built by hand so the test controls every byte. */
function multipart(file: Buffer, opts: { filename?: string; type?: string; field?: string } = {}) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'photo.png'}"\r\n` +
      `Content-Type: ${opts.type ?? 'image/png'}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(DIALECTS)('group images (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let admin: Actor;
  let member: Actor;
  let outsider: Actor;
  let group: number;
  let otherGroup: number;
  const filesDir = () => path.join(t.config.dataDir, 'files');
  const stagingLeft = () => (fs.existsSync(path.join(filesDir(), '.staging')) ? fs.readdirSync(path.join(filesDir(), '.staging')) : []);
  const storedFiles = (g: number, slot: string) => {
    const dir = path.join(filesDir(), 'groups', String(g), slot);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const upload = (
    token: string | undefined,
    g: number,
    slot: 'icon' | 'header-image',
    file: Buffer,
    opts?: Parameters<typeof multipart>[1],
  ) => t.inject({ method: 'POST', url: `${API}/members/me/groups/${g}/${slot}`, ...(token ? { token } : {}), ...multipart(file, opts) });
  const row = (g: number) => t.ctx.db.selectFrom('groups').selectAll().where('id', '=', g).executeTakeFirstOrThrow();
  const get = (token: string, url: string) => t.inject({ method: 'GET', url, token });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    admin = await actor(t, { companyId: company });
    member = await actor(t, { companyId: company });
    outsider = await actor(t, { companyId: company });
    group = await groupWith(t, company, [
      [admin.id, { role_admin: 1 }],
      [member.id, { role_invite: 1, role_edit_topic: 1, role_edit_shared_folder: 1 }],
    ]);
    otherGroup = await groupWith(t, company, [[outsider.id, { role_admin: 1 }]]);
  });
  afterAll(() => t.close());

  it('requires a token, the role_admin right and membership of that group', async () => {
    const png = pngImage(600, 200);
    expect((await upload(undefined, group, 'icon', png)).statusCode).toBe(401);
    const denied = await upload(member.token, group, 'icon', png);
    expect([denied.statusCode, denied.json().status_code]).toEqual([403, 'UNAUTHORIZED_ACTION']);
    const hidden = await upload(outsider.token, group, 'header-image', png);
    expect([hidden.statusCode, hidden.json().status_code]).toEqual([404, 'GROUP_NOT_FOUND']);
    for (const [method, url] of [
      ['PUT', `${API}/members/me/groups/${group}/icon`],
      ['DELETE', `${API}/members/me/groups/${group}/header-image`],
    ] as const) {
      const payload = method === 'PUT' ? { icon_image: 3 } : undefined;
      expect((await t.inject({ method, url, token: member.token, ...(payload ? { payload } : {}) })).statusCode).toBe(403);
      expect((await t.inject({ method, url, token: outsider.token, ...(payload ? { payload } : {}) })).statusCode).toBe(404);
    }
    expect(await row(group)).toMatchObject({ icon_image: 2, icon_image_path: null, header_image: null });
    expect(storedFiles(group, 'icon')).toEqual([]);
  });

  it('judges the file by its bytes and the spec limits, leaving no file and no row change', async () => {
    const before = await row(group);
    const cases: [Buffer, Parameters<typeof multipart>[1], number, string][] = [
      // An HTML page declared as a PNG with a .png name.
      [
        Buffer.from('<html><script>alert(1)</script></html>'),
        { filename: 'x.png', type: 'image/png' },
        ImageError.NOT_IMAGE,
        'validation.image_type',
      ],
      // A real PNG, 1 px too narrow.
      [pngImage(499, 300), {}, ImageError.NOT_IMAGE, 'validation.image_dimensions'],
      [gifImage(800, 99), { filename: 'a.gif', type: 'image/gif' }, ImageError.NOT_IMAGE, 'validation.image_dimensions'],
      [Buffer.alloc(0), {}, ImageError.EMPTY, 'validation.required'],
      // The file under another field name is no file.
      [pngImage(600, 200), { field: 'icon' }, ImageError.EMPTY, 'validation.required'],
    ];
    for (const [file, opts, code, key] of cases) {
      const res = await upload(admin.token, group, 'icon', file, opts);
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toMatchObject({ status_code: 'VALIDATION_ERROR', errors: { file: [key] }, data: { image_error: code } });
    }
    const json = await t.inject({
      method: 'POST',
      url: `${API}/members/me/groups/${group}/icon`,
      token: admin.token,
      payload: { file: 'x' },
    });
    expect(json.json()).toMatchObject({ status_code: 'VALIDATION_ERROR', data: { image_error: ImageError.EMPTY } });

    // The group's own limit (1 MB here) bounds the upload below the spec's 25 MB.
    await t.ctx.db.updateTable('groups').set({ max_img_size_per_attachment: 1 }).where('id', '=', group).execute();
    const big = await upload(admin.token, group, 'header-image', pngImage(600, 200, 1024 * 1024 + 1));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ errors: { file: ['validation.image_size'] }, data: { image_error: ImageError.OVER_SIZE, max: 1 } });
    const fits = await upload(admin.token, group, 'header-image', pngImage(600, 200, 1024 * 1024));
    expect(fits.statusCode).toBe(200);
    await t.ctx.db
      .updateTable('groups')
      .set({ max_img_size_per_attachment: 25, header_image: null, header_storage_key: null })
      .where('id', '=', group)
      .execute();
    for (const f of storedFiles(group, 'header')) fs.rmSync(path.join(filesDir(), 'groups', String(group), 'header', f));

    expect(stagingLeft()).toEqual([]);
    expect(storedFiles(group, 'icon')).toEqual([]);
    expect(await row(group)).toMatchObject({
      icon_image: before.icon_image,
      icon_image_path: null,
      icon_storage_key: null,
      icon_file_name: null,
    });
  });

  it('stores an icon under a generated name and serves the same bytes to members only', async () => {
    const png = pngImage(640, 480);
    const res = await upload(admin.token, group, 'icon', png, { filename: '../../etc/社員旅行.png', type: 'application/octet-stream' });
    expect(res.statusCode).toBe(200);
    const detail = res.json().items;
    expect(detail).toMatchObject({ icon_image: 1, icon_file_name: '社員旅行.png' });
    expect(detail.icon_image_path).toMatch(new RegExp(`^${API}/members/me/groups/${group}/images/icon/[0-9a-f]{32}\\.png$`));
    expect(detail.icon_image_small_path).toBe(detail.icon_image_path);
    expect(storedFiles(group, 'icon')).toEqual([path.posix.basename(detail.icon_image_path)]);

    const img = await get(member.token, detail.icon_image_path);
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(png)).toBe(true);
    expect(img.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    expect(String(img.headers['cache-control'])).toMatch(/^private\b/);

    // The list and the detail carry the URL.
    const list = await t.inject({ method: 'GET', url: `${API}/members/me/groups`, token: member.token });
    expect(list.json().items.data.find((g: { id: number }) => g.id === group).icon_image_small_path).toBe(detail.icon_image_path);

    // Not a member: not found. Someone else's group id with this name: not found either.
    expect((await get(outsider.token, detail.icon_image_path)).statusCode).toBe(404);
    const moved = detail.icon_image_path.replace(`/groups/${group}/`, `/groups/${otherGroup}/`);
    expect((await get(outsider.token, moved)).statusCode).toBe(404);
    expect((await get(member.token, detail.icon_image_path.replace('/icon/', '/header/'))).statusCode).toBe(404);
    expect((await get(member.token, `${API}/members/me/groups/${group}/images/icon/..%2F..%2Fx.png`)).statusCode).toBe(400);

    // A new upload replaces the file; the old URL stops working.
    const jpg = jpegImage(1200, 800, 2000);
    const again = await upload(admin.token, group, 'icon', jpg, { filename: 'new.jpg', type: 'image/jpeg' });
    const next = again.json().items.icon_image_path as string;
    expect(next).toMatch(/\.jpg$/);
    expect((await get(member.token, detail.icon_image_path)).statusCode).toBe(404);
    const served = await get(member.token, next);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(jpg)).toBe(true);
    expect(storedFiles(group, 'icon')).toEqual([path.posix.basename(next)]);
  });

  it('a move that fails after the commit keeps the write: served from staging, moved by the sweep', async () => {
    const g = await groupWith(t, company, [[admin.id, { role_admin: 1 }]]);
    // A plain file where the slot's folder should be makes the move (rename) fail.
    fs.mkdirSync(path.join(filesDir(), 'groups', String(g)), { recursive: true });
    fs.writeFileSync(path.join(filesDir(), 'groups', String(g), 'icon'), 'in the way');
    const png = pngImage(600, 200);
    const res = await upload(admin.token, g, 'icon', png);
    expect(res.statusCode).toBe(200);
    expect((await row(g)).icon_storage_key).toMatch(/^groups\/\d+\/icon\/[0-9a-f]{32}\.png$/);
    expect(stagingLeft()).toHaveLength(1);
    const served = await get(admin.token, res.json().items.icon_image_path as string);
    expect([served.statusCode, served.rawPayload.equals(png)]).toEqual([200, true]);
    fs.rmSync(path.join(filesDir(), 'groups', String(g), 'icon'));
    expect(await sweepStorage(t.ctx, 0, { orphans: false })).toEqual({ adopted: 1, removedStaged: 0, removedOrphans: 0 });
    expect(stagingLeft()).toEqual([]);
    expect(storedFiles(g, 'icon')).toHaveLength(1);
  });

  it('DEFAULT and NONE remove the uploaded icon; the header image can be uploaded and removed', async () => {
    await upload(admin.token, group, 'icon', pngImage(600, 600));
    expect(storedFiles(group, 'icon')).toHaveLength(1);
    const none = await t.inject({
      method: 'PUT',
      url: `${API}/members/me/groups/${group}/icon`,
      token: admin.token,
      payload: { icon_image: 3 },
    });
    expect(none.json().items).toMatchObject({ icon_image: 3, icon_image_path: null, icon_image_small_path: null, icon_file_name: null });
    expect(storedFiles(group, 'icon')).toEqual([]);
    const upload1 = await t.inject({
      method: 'PUT',
      url: `${API}/members/me/groups/${group}/icon`,
      token: admin.token,
      payload: { icon_image: 1 },
    });
    expect(upload1.statusCode).toBe(400);
    const def = await t.inject({
      method: 'PUT',
      url: `${API}/members/me/groups/${group}/icon`,
      token: admin.token,
      payload: { icon_image: 2 },
    });
    expect(def.json().items.icon_image).toBe(2);

    const gif = gifImage(1000, 200);
    const header = await upload(admin.token, group, 'header-image', gif, { filename: 'banner.gif', type: 'image/gif' });
    expect(header.json().items).toMatchObject({ header_file_name: 'banner.gif' });
    const url = header.json().items.header_image as string;
    const served = await get(member.token, url);
    expect([served.headers['content-type'], served.rawPayload.equals(gif)]).toEqual(['image/gif', true]);
    const removed = await t.inject({ method: 'DELETE', url: `${API}/members/me/groups/${group}/header-image`, token: admin.token });
    expect(removed.json().items).toMatchObject({ header_image: null, header_file_name: null });
    expect(storedFiles(group, 'header')).toEqual([]);
    expect((await get(member.token, url)).statusCode).toBe(404);
  });

  it('shows the icon to anyone holding a usable invitation or group link, and nothing otherwise', async () => {
    const g = await groupWith(t, company, [[admin.id, { role_admin: 1 }]]);
    const iconOf = (token: string, query = '') =>
      t.inject({ method: 'GET', url: `${API}/invite-members/${encodeURIComponent(token)}/icon${query}` });
    const link = async () => (await row(g)).group_link;
    const invited = await insertInvitation(t, g, 'guest@example.com');

    // No icon uploaded yet: nothing to show even for a usable link.
    expect((await iconOf(invited.unique_url)).statusCode).toBe(404);

    const png = pngImage(640, 200);
    const uploaded = await upload(admin.token, g, 'icon', png);
    const version = path.posix.basename(uploaded.json().items.icon_image_small_path as string);
    for (const token of [invited.unique_url, await link()]) {
      const res = await iconOf(token, `?v=${version}`);
      expect(res.statusCode, token).toBe(200);
      expect(res.rawPayload.equals(png)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=300',
        'content-length': String(png.length),
      });
    }
    // Only the documented cache key is accepted in the query.
    expect((await iconOf(invited.unique_url, '?x=1')).statusCode).toBe(400);

    // A new group link supersedes the old one.
    const oldLink = await link();
    const renewed = await t.inject({ method: 'GET', url: `${API}/members/me/groups/${g}/get-new-invite-link`, token: admin.token });
    expect(renewed.statusCode).toBe(200);
    expect((await iconOf(oldLink)).statusCode).toBe(404);
    expect((await iconOf(renewed.json().items.unique_url)).statusCode).toBe(200);

    // Expired, cancelled and superseded invitations, an unknown token: all plain 404s.
    const expired = await insertInvitation(t, g, 'late@example.com', { expiresIn: -1 });
    const cancelled = await insertInvitation(t, g, 'stop@example.com');
    const superseded = await insertInvitation(t, g, 'again@example.com');
    await t.ctx.db.updateTable('group_invitations').set({ status: 'cancelled' }).where('id', '=', cancelled.id).execute();
    await t.ctx.db.updateTable('group_invitations').set({ status: 'superseded' }).where('id', '=', superseded.id).execute();
    for (const token of [expired.unique_url, cancelled.unique_url, superseded.unique_url, 'no-such-token']) {
      const res = await iconOf(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().status_code).toBe('NOT_FOUND');
    }

    // Removing the uploaded icon removes it from the preview too.
    await t.inject({ method: 'PUT', url: `${API}/members/me/groups/${g}/icon`, token: admin.token, payload: { icon_image: 2 } });
    expect((await iconOf(invited.unique_url)).statusCode).toBe(404);

    const route = t.app.routeRegistry.find((r) => r.url === `${API}/invite-members/:uniqueUrl/icon`);
    expect(route).toMatchObject({ method: 'GET', auth: false });
  });
});
