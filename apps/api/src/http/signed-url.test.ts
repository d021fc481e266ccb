import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart as fileParts, PDF, upload, zipEntries } from '../modules/files/fixtures.test-util';
import { actor, API, groupWith, type Actor } from '../modules/groups/fixtures.test-util';
import { pngImage } from '../storage/images.test-util';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';

/** Signed links: images by URL the browser caches, downloads it streams. */
describe.each(DIALECTS)('signed links (%s)', (dialect) => {
  let t: TestApp;
  let admin: Actor;
  let member: Actor;
  let outsider: Actor;
  let group: number;
  let iconPath: string;
  let fileId: number;

  const sign = (token: string | undefined, items: { path: string; body?: Record<string, unknown> }[]) =>
    t.inject({ method: 'POST', url: `${API}/members/me/signed-urls`, ...(token ? { token } : {}), payload: { items } });
  const signOne = async (token: string, p: string, body?: Record<string, unknown>) => {
    const res = await sign(token, [{ path: p, ...(body ? { body } : {}) }]);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().urls[0] as string;
  };
  // No token: a browser loading an <img> or following a download link.
  const open = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    admin = await actor(t, { companyId: company });
    member = await actor(t, { companyId: company });
    outsider = await actor(t, { companyId: company });
    group = await groupWith(t, company, [
      [admin.id, { role_admin: 1, role_edit_shared_folder: 1 }],
      [member.id, {}],
    ]);
    const icon = await t.inject({
      method: 'POST',
      url: `${API}/members/me/groups/${group}/icon`,
      token: admin.token,
      ...fileParts([{ name: 'i.png', data: pngImage(600, 200), contentType: 'image/png' }]),
    });
    expect(icon.statusCode, icon.body).toBe(200);
    iconPath = icon.json().items.icon_image_small_path;
    fileId = (
      await upload(t, admin.token, `${API}/members/me/groups/${group}/share-folder-upload-file`, [{ name: '見積書.pdf', data: PDF }])
    )[0]!;
  });
  afterAll(() => t.close());

  it('signs only for a signed-in caller and only paths that serve images or downloads', async () => {
    expect((await sign(undefined, [{ path: iconPath }])).statusCode).toBe(401);
    for (const p of [
      '/members/me',
      `${API}/members/me/groups/${group}`,
      `${iconPath}/../../x`,
      `${iconPath}?s=x`,
      'https://evil.example/x',
      `${iconPath}#frag`,
    ]) {
      const res = await sign(member.token, [{ path: p }]);
      expect([p, res.statusCode, res.json().status_code]).toEqual([p, 400, 'VALIDATION_ERROR']);
    }
    expect((await sign(member.token, [])).statusCode).toBe(400);
    const key = path.join(t.config.dataDir, 'url-signing.key');
    await signOne(member.token, iconPath);
    // Kept beside the data, readable by the server's user only.
    expect(fs.statSync(key).mode & 0o077).toBe(0);
  });

  it('serves an image by a plain URL, cacheable privately for the life of the link, with a 304 on revalidation', async () => {
    const url = await signOne(member.token, iconPath);
    expect(url).toMatch(new RegExp(`^${iconPath.replace(/[.?]/g, '\\$&')}\\?u=${member.id}&e=\\d+&s=[\\w-]{43}$`));
    const res = await open(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(300);
    expect(maxAge).toBeLessThanOrEqual(600);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await open(url, { 'if-none-match': etag });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    // A new upload is a new file: the old validator does not match it.
    expect((await open(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // Within a window the same link comes back, so the browser's copy is used.
    expect(await signOne(member.token, iconPath)).toBe(url);
    // The token-carrying client gets the validator too.
    const viaToken = await t.inject({ method: 'GET', url: iconPath, token: member.token, headers: { 'if-none-match': etag } });
    expect(viaToken.statusCode).toBe(304);
  });

  it('refuses a tampered link, one for another path or user, and an expired one', async () => {
    const url = await signOne(member.token, iconPath);
    const sig = /s=([\w-]+)$/.exec(url)![1]!;
    const flipped = sig[0] === 'A' ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
    for (const bad of [
      url.replace(`s=${sig}`, `s=${flipped}`),
      url.replace(`u=${member.id}`, `u=${admin.id}`),
      url.replace(/e=(\d+)/, (_, e: string) => `e=${Number(e) + 3600}`),
      url.replace('/icon/', '/header/'),
      url.replace(/&s=.*$/, ''),
      `${url}&x=1`,
    ]) {
      const res = await open(bad);
      expect([bad, res.statusCode]).toEqual([bad, 401]);
    }
    // No signature at all is the ordinary route: no token, 401.
    expect((await open(iconPath)).statusCode).toBe(401);
    t.clock.advance(11 * 60_000);
    const late = await open(url);
    expect([late.statusCode, late.json().status_code]).toEqual([401, 'TOKEN_EXPIRED']);
  });

  it('runs the route’s own authorisation for the link’s user: another group 404, pending 403, and a permission change ends an old link', async () => {
    const foreign = await open(await signOne(outsider.token, iconPath));
    expect([foreign.statusCode, foreign.json().status_code]).toEqual([404, 'GROUP_NOT_FOUND']);

    const url = await signOne(member.token, iconPath);
    expect((await open(url)).statusCode).toBe(200);
    await t.ctx.db.deleteFrom('group_members').where('group_id', '=', group).where('user_id', '=', member.id).execute();
    const after = await open(url);
    expect([after.statusCode, after.json().status_code]).toEqual([404, 'GROUP_NOT_FOUND']);
    await t.addMember(group, member.id, {});

    await t.ctx.db.updateTable('users').set({ pending_approval: 1 }).where('id', '=', member.id).execute();
    const pending = await open(url);
    expect([pending.statusCode, pending.json().status_code]).toEqual([403, 'PENDING_APPROVAL']);
    await t.ctx.db.updateTable('users').set({ pending_approval: 0, status: 'left' }).where('id', '=', member.id).execute();
    const gone = await open(url);
    expect([gone.statusCode, gone.json().status_code]).toEqual([401, 'INVALID_USER']);
    await t.ctx.db.updateTable('users').set({ status: 'active' }).where('id', '=', member.id).execute();
    expect((await open(url)).statusCode).toBe(200);
  });

  it('downloads a file and a zip by navigation; the zip twin takes signed links only', async () => {
    const file = await open(await signOne(member.token, `/members/me/groups/${group}/share-folder-file/${fileId}/download`));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    // A download is not kept by the browser.
    expect(file.headers['cache-control']).toBe('private, no-cache');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    // A preview the file's overwrite changes under the same path is revalidated, unless the link
    // carries the version (`v`, a cache key the route never sees).
    const preview = `/members/me/groups/${group}/share-folder-file/${fileId}/preview`;
    const fresh = await open(await signOne(member.token, preview));
    expect([fresh.statusCode, fresh.headers['cache-control']]).toEqual([200, 'private, no-cache']);
    expect((await open(await signOne(member.token, preview), { 'if-none-match': fresh.headers.etag as string })).statusCode).toBe(304);
    const versioned = await open(await signOne(member.token, `${preview}?v=1`));
    expect(versioned.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const zipPath = `/members/me/groups/${group}/download-files`;
    const zip = await open(await signOne(member.token, zipPath, { file_ids: [fileId] }));
    expect([zip.statusCode, zip.headers['content-type']]).toEqual([200, 'application/zip']);
    expect(zipEntries(zip.rawPayload).map((e) => e.name)).toEqual(['見積書.pdf']);
    // No filename in the header: the page's link names the zip in the reader's language.
    expect(zip.headers['content-disposition']).toBe('attachment');

    // The ids are inside the signature: another id list is a tampered link.
    const signed = await signOne(member.token, zipPath, { file_ids: [fileId] });
    const other = signed.replace(/b=[\w-]+/, `b=${Buffer.from(JSON.stringify({ file_ids: [fileId, 999] })).toString('base64url')}`);
    expect((await open(other)).statusCode).toBe(401);
    // A bad body is the POST's own 400.
    const bad = await open(await signOne(member.token, zipPath, { file_ids: 'x' }));
    expect([bad.statusCode, bad.json().status_code]).toEqual([400, 'VALIDATION_ERROR']);
    // The GET twin never takes a bearer token (the POST does).
    expect((await t.inject({ method: 'GET', url: `${API}${zipPath}`, token: member.token })).statusCode).toBe(401);
    const foreign = await open(await signOne(outsider.token, zipPath, { file_ids: [fileId] }));
    expect([403, 404]).toContain(foreign.statusCode);
  });
});
