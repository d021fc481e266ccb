import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pngImage } from '../../storage/images.test-util';
import { createTestApp, type TestApp } from '../../test/harness';
import { actor, G, groupWith, upload, type Actor } from './fixtures.test-util';

// As on a machine where sharp's native part is missing: importing it fails.
vi.mock('sharp', () => {
  throw new Error('Could not load the "sharp" module using the linux-x64 runtime');
});

describe('without a working image library', () => {
  let t: TestApp;
  let editor: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const company = await t.createCompany();
    editor = await actor(t, { companyId: company });
    g = await groupWith(t, company, [[editor.id, { role_edit_shared_folder: 1 }]]);
  });
  afterAll(() => t.close());

  it('the API still starts and images upload, only without thumbnails', async () => {
    const [id] = await upload(t, editor.token, `${G(g)}/share-folder-upload-file`, [{ name: '写真.png', data: pngImage(600, 400) }]);
    const detail = (await t.inject({ method: 'GET', url: `${G(g)}/share-folder-file/${id}`, token: editor.token })).json().items;
    expect(detail).toMatchObject({ kind: 'image', has_thumbnail: false, can_preview: true });
    expect((await t.inject({ method: 'GET', url: `${G(g)}/share-folder-file/${id}/thumbnail`, token: editor.token })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `${G(g)}/share-folder-file/${id}/preview`, token: editor.token })).statusCode).toBe(200);
  });
});
