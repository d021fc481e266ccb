import type { Kysely } from 'kysely';
import type { DB } from '../db';

/**
 * Every column that names a stored file. The sweep deletes stored files no owner names and the
 * doctor checks each named file exists, so a module that stores files registers its columns here
 * (one line: `registerKeyOwner('chat_files', (db) => …)`), or its files are swept as orphans.
 */
export type KeyOwner = (db: Kysely<DB>) => Promise<(string | null)[]>;

const owners = new Map<string, KeyOwner>();

export function registerKeyOwner(name: string, owner: KeyOwner): void {
  owners.set(name, owner);
}

registerKeyOwner('file_versions', async (db) =>
  (await db.selectFrom('file_versions').select(['storage_key', 'thumb_key']).execute()).flatMap((r) => [r.storage_key, r.thumb_key]),
);
// The current version's keys are copied onto the file row; normally the same as its version row's.
registerKeyOwner('files', async (db) =>
  (await db.selectFrom('files').select(['storage_key', 'thumb_key']).execute()).flatMap((r) => [r.storage_key, r.thumb_key]),
);
// Comment attachments are `files` rows (files.comment_id) and comment inline images are
// `inline_images` rows linked by comment_inline_images: both owned through the lines above/below.
registerKeyOwner('inline_images', async (db) =>
  (await db.selectFrom('inline_images').select('storage_key').execute()).map((r) => r.storage_key),
);
registerKeyOwner('group_images', async (db) =>
  (await db.selectFrom('groups').select(['icon_storage_key', 'header_storage_key']).execute()).flatMap((r) => [
    r.icon_storage_key,
    r.header_storage_key,
  ]),
);
registerKeyOwner('chat_files', async (db) =>
  (await db.selectFrom('chat_files').select(['storage_key', 'thumb_key']).execute()).flatMap((r) => [r.storage_key, r.thumb_key]),
);
registerKeyOwner('user_theme_images', async (db) =>
  (await db.selectFrom('user_theme_images').select('storage_key').execute()).map((r) => r.storage_key),
);
registerKeyOwner('user_avatars', async (db) =>
  (await db.selectFrom('user_profiles').select(['avatar_storage_key', 'avatar_small_storage_key']).execute()).flatMap((r) => [
    r.avatar_storage_key,
    r.avatar_small_storage_key,
  ]),
);

/** Every owned key. Loaded whole: ~100 bytes a key, so a million stored files is ~100 MB. */
export async function ownedKeys(db: Kysely<DB>): Promise<Set<string>> {
  const out = new Set<string>();
  for (const owner of owners.values()) for (const k of await owner(db)) if (k) out.add(k);
  return out;
}
