import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../../storage/images.test-util';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { multipart, PDF, storedFiles } from '../files/testing';

const API = '/service/api/v1';
const url = (slot: string) => `${API}/members/me/setting-theme/images/${slot}`;

describe.each(DIALECTS)('settings: theme images (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const upload = (token: string | undefined, slot: string, data: Buffer, name = 'bg.png') =>
    t.inject({ method: 'POST', url: url(slot), ...(token ? { token } : {}), ...multipart([{ name, data, field: 'image' }]) });

  it('stores a slot’s picture re-encoded as WebP, serves it to its owner only, replaces and resets it without leaving files', async () => {
    const u = await t.createUser();
    const other = await t.createUser({ companyId: u.companyId });
    const token = await t.login(u);
    const otherToken = await t.login(other);
    const before = await storedFiles(t);

    const res = await upload(token, 'nav', pngImage(800, 200));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([{ slot: 'nav', url: `${url('nav')}?v=${t.clock()}`, updated_at: t.clock() }]);
    const img = await t.inject({ method: 'GET', url: url('nav'), token });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800, height: 200 });
    // Nobody else reaches it: the path names no user, so a colleague only ever sees their own.
    expect((await t.inject({ method: 'GET', url: url('nav'), token: otherToken })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/setting-theme/images`, token: otherToken })).json().items).toEqual([]);

    t.clock.advance(1000);
    expect((await upload(token, 'nav', pngImage(900, 300))).statusCode).toBe(200);
    expect((await upload(token, 'header', pngImage(1200, 200))).statusCode).toBe(200);
    const list = (await t.inject({ method: 'GET', url: `${API}/members/me/setting-theme/images`, token })).json().items;
    expect(list.map((i: { slot: string }) => i.slot)).toEqual(['header', 'nav']);
    expect((await storedFiles(t)).length).toBe(before.length + 2);

    const reset = await t.inject({ method: 'DELETE', url: url('nav'), token });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().items.map((i: { slot: string }) => i.slot)).toEqual(['header']);
    expect((await t.inject({ method: 'GET', url: url('nav'), token })).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: url('header'), token })).statusCode).toBe(200);
    expect(await storedFiles(t)).toEqual(before);
  });

  it('a signed link shows the owner’s picture to a plain <img>; a colleague’s link to the same path finds nothing', async () => {
    const u = await t.createUser();
    const other = await t.createUser({ companyId: u.companyId });
    const token = await t.login(u);
    const otherToken = await t.login(other);
    const stored = (await upload(token, 'banner', pngImage(800, 200))).json().items[0].url as string;
    const sign = async (tok: string) =>
      (
        await t.inject({
          method: 'POST',
          url: `${API}/members/me/signed-urls`,
          token: tok,
          payload: { items: [{ path: stored.slice(API.length) }] },
        })
      ).json().urls[0] as string;
    const mine = await t.inject({ method: 'GET', url: await sign(token) });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    // The link names the path and the signer: the colleague's own (empty) slot is what it opens.
    expect((await t.inject({ method: 'GET', url: await sign(otherToken) })).statusCode).toBe(404);
  });

  it('401 without a session, 400 for an unknown slot, a non-image, or an image below the minimum size; nothing is stored', async () => {
    const u = await t.createUser();
    const token = await t.login(u);
    const before = await storedFiles(t);
    expect((await upload(undefined, 'nav', pngImage(800, 200))).statusCode).toBe(401);
    for (const method of ['GET', 'DELETE'] as const) expect((await t.inject({ method, url: url('nav') })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/setting-theme/images` })).statusCode).toBe(401);
    expect((await upload(token, 'footer', pngImage(800, 200))).statusCode).toBe(400);
    const pdf = await upload(token, 'main', PDF, 'x.png');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().data.image_error).toBe(3);
    expect((await upload(token, 'main', pngImage(100, 50))).statusCode).toBe(400);
    expect(await storedFiles(t)).toEqual(before);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me/setting-theme/images`, token })).json().items).toEqual([]);
  });
});
