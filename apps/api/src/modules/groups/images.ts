import path from 'node:path';
import multipart from '@fastify/multipart';
import { API_PREFIX, endpoints as e, GROUP_IMAGE_FIELD, IconImage, type GroupImageSlot } from '@portal/api-client';
import type { Updateable } from 'kysely';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../kernel';
import type { DB } from '../../db';
import { HttpError } from '../../http/errors';
import { storageEtag } from '../../http/signed-url';
import { registerEndpoint as on } from '../../http/route';
import { StorageNotFoundError, type FileStorage, type StagedFile } from '../../storage';
import { IMAGE_EXT, IMAGE_MIME, type ImageKind } from '../../storage/image-info';
import { receiveImage } from '../../storage/receive-image';
import { writeWithFiles } from '../../storage/write';
import * as groups from './groups';
import * as join from './join';
import { authorizeGroup, type GroupAccess } from '../../kernel';

type GroupValues = Updateable<DB['groups']>;

/** Columns of each image slot; the URL columns are what the UI loads, the key is the stored file. */
const SLOT_COLUMNS = {
  icon: { key: 'icon_storage_key', name: 'icon_file_name' },
  header: { key: 'header_storage_key', name: 'header_file_name' },
} as const;

/** The URL of a stored image; it names the generated file, so a new upload is a new URL. */
export function imageUrl(groupId: number, slot: GroupImageSlot, key: string): string {
  return `${API_PREFIX}/members/me/groups/${groupId}/images/${slot}/${path.posix.basename(key)}`;
}

async function receiveGroupImage(storage: FileStorage, request: FastifyRequest, groupId: number, slot: GroupImageSlot, maxMb: number) {
  return receiveImage(storage, request, { field: GROUP_IMAGE_FIELD, prefix: `groups/${groupId}/${slot}`, maxMb });
}

/**
 * Points the slot at `next` (or clears it) in one transaction; the new file becomes visible after
 * the commit, so a failed row update leaves no file. The replaced file goes afterwards: losing
 * that delete leaves an unreferenced file (the sweep takes it), never a row pointing at nothing.
 */
async function replaceSlot(
  ctx: AppContext,
  storage: FileStorage,
  groupId: number,
  slot: GroupImageSlot,
  values: GroupValues,
  next: StagedFile | null,
  log: FastifyBaseLogger,
): Promise<void> {
  const keyColumn = SLOT_COLUMNS[slot].key;
  // The new file moves into place only after the row naming it has committed (storage/write.ts).
  const previous = await writeWithFiles(
    [next],
    () =>
      ctx.db.transaction().execute(async (trx) => {
        let q = trx.selectFrom('groups').select(['icon_storage_key', 'header_storage_key']).where('id', '=', groupId);
        // PostgreSQL: two administrators uploading at once must not both delete the same old file.
        if (ctx.dialect === 'postgres') q = q.forNoKeyUpdate();
        const row = await q.executeTakeFirstOrThrow();
        await trx
          .updateTable('groups')
          .set({ ...values, updated_at: ctx.now() })
          .where('id', '=', groupId)
          .execute();
        return row[keyColumn];
      }),
    log,
  );
  if (previous && previous !== next?.key) {
    await storage.delete(previous).catch((err: unknown) => log.warn({ err, key: previous }, 'replaced group image not deleted'));
  }
}

async function uploadImage(ctx: AppContext, storage: FileStorage, request: FastifyRequest, access: GroupAccess, slot: GroupImageSlot) {
  const g = access.group;
  const { file, displayName: name } = await receiveGroupImage(storage, request, g.id, slot, g.max_img_size_per_attachment);
  const url = imageUrl(g.id, slot, file.key);
  const values: GroupValues =
    slot === 'icon'
      ? {
          icon_image: IconImage.FILE_UPLOAD,
          icon_image_path: url,
          icon_image_small_path: url,
          icon_storage_key: file.key,
          icon_file_name: name,
        }
      : { header_image: url, header_storage_key: file.key, header_file_name: name };
  await replaceSlot(ctx, storage, g.id, slot, values, file, request.log);
}

const EMPTY_ICON = { icon_image_path: null, icon_image_small_path: null, icon_storage_key: null, icon_file_name: null };
const EMPTY_HEADER = { header_image: null, header_storage_key: null, header_file_name: null };

/** Routes for the icon and header image; registered from groups/routes.ts. */
export async function groupImageRoutes(app: FastifyInstance): Promise<void> {
  // The files module may register multipart higher up; a second registration would clash on decorators.
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { throwFileSizeLimit: true });
  const storage = app.ctx.storage;
  const detail = async (ctx: AppContext, user: Parameters<typeof authorizeGroup>[1], id: number) => ({
    items: await groups.groupDetail(ctx, await authorizeGroup(ctx, user, id, 'member')),
  });

  on(app, e.uploadGroupIcon, async ({ ctx, user, params, request }) => {
    await uploadImage(ctx, storage, request, await authorizeGroup(ctx, user, params.id, 'role_admin'), 'icon');
    return detail(ctx, user, params.id);
  });
  on(app, e.uploadGroupHeader, async ({ ctx, user, params, request }) => {
    await uploadImage(ctx, storage, request, await authorizeGroup(ctx, user, params.id, 'role_admin'), 'header');
    return detail(ctx, user, params.id);
  });
  on(app, e.setGroupIcon, async ({ ctx, user, params, body, request }) => {
    await authorizeGroup(ctx, user, params.id, 'role_admin');
    await replaceSlot(ctx, storage, params.id, 'icon', { icon_image: body.icon_image, ...EMPTY_ICON }, null, request.log);
    return detail(ctx, user, params.id);
  });
  on(app, e.deleteGroupHeader, async ({ ctx, user, params, request }) => {
    await authorizeGroup(ctx, user, params.id, 'role_admin');
    await replaceSlot(ctx, storage, params.id, 'header', EMPTY_HEADER, null, request.log);
    return detail(ctx, user, params.id);
  });

  on(app, e.groupImage, async ({ ctx, user, params, reply }) => {
    const { group } = await authorizeGroup(ctx, user, params.id, 'member');
    const key = group[SLOT_COLUMNS[params.slot].key];
    // Only the slot's current file: an old or guessed name of this or another group is not found.
    if (!key || path.posix.basename(key) !== params.name) throw imageNotFound();
    // The URL changes with every upload, so a private copy may be kept; shared caches may not.
    return sendImage(storage, reply, key, params.slot, 'private, max-age=3600');
  });

  // Public: whoever holds a usable invitation or group link may see that group's icon on the
  // preview page. Any unusable token reads as "no icon", never saying which case it was.
  on(app, e.inviteIcon, async ({ ctx, params, reply }) => {
    let groupId: number;
    try {
      groupId = (await join.resolveLink(ctx, params.uniqueUrl)).group.id;
    } catch (err) {
      if (err instanceof HttpError && err.code === 'LINK_UNUSABLE') throw imageNotFound();
      throw err;
    }
    const row = await ctx.db.selectFrom('groups').select('icon_storage_key').where('id', '=', groupId).executeTakeFirst();
    if (!row?.icon_storage_key) throw imageNotFound();
    // Shorter than the members' copy: the URL outlives a cancelled invitation or a new link.
    return sendImage(storage, reply, row.icon_storage_key, 'icon', 'private, max-age=300');
  });
}

const imageNotFound = () => new HttpError(404, 'NOT_FOUND', 'The image does not exist.');

/** Streams a stored image with its type taken from the generated name, never sniffable as HTML. */
async function sendImage(storage: FileStorage, reply: FastifyReply, key: string, slot: GroupImageSlot, cacheControl: string) {
  const kind = (Object.keys(IMAGE_EXT) as ImageKind[]).find((k) => key.endsWith(`.${IMAGE_EXT[k]}`));
  if (!kind) throw imageNotFound();
  try {
    const { stream, size } = await storage.open(key);
    void reply
      .header('Content-Type', IMAGE_MIME[kind])
      .header('Content-Length', String(size))
      .header('Content-Disposition', `inline; filename="${slot}.${IMAGE_EXT[kind]}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', cacheControl)
      .header('ETag', storageEtag(key));
    return stream;
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw imageNotFound();
    throw err;
  }
}
