import type { GroupDetail, GroupListItem, GroupStorage } from '@portal/api-client';
import { z } from 'zod';
import type { AppContext, AuthUser } from '../../kernel';
import { HttpError } from '../../http/errors';
import { canInvite, forbidden, type GroupAccess, heldRoleNames, writeAudit } from '../../kernel';
import * as q from './queries';
import { matchesKeyword, paginate } from './search';
import { unreadCounts } from './unread';

const GB = 1024 ** 3;
const round2 = (n: number) => Math.round(n * 100) / 100;

export function storageOf(g: { storage_capacity_gb: number; storage_used_bytes: number }): GroupStorage {
  const used = Number(g.storage_used_bytes);
  return {
    storage_capacity: g.storage_capacity_gb,
    storage_used: round2(used / GB),
    storage_used_bytes: used,
    type: 'GB',
    percent: g.storage_capacity_gb > 0 ? round2((used / (g.storage_capacity_gb * GB)) * 100) : 100,
  };
}

const tagList = z.array(z.string());
function parseTags(raw: string): string[] {
  try {
    const parsed = tagList.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export async function groupDetail(ctx: AppContext, access: GroupAccess): Promise<GroupDetail> {
  const { group: g, member, role } = access;
  const { company, memberCount } = await q.groupDetailExtras(ctx, g.company_id, g.id);
  return {
    id: g.id,
    name: g.name,
    notice: g.notice,
    letter_color: g.letter_color,
    icon_image: g.icon_image,
    icon_image_path: g.icon_image_path,
    icon_image_small_path: g.icon_image_small_path,
    header_image: g.header_image,
    icon_file_name: g.icon_file_name,
    header_file_name: g.header_file_name,
    group_tags: parseTags(g.group_tags),
    auto_delete_day: g.auto_delete_day,
    max_img_size_per_attachment: g.max_img_size_per_attachment,
    invite_permission: g.invite_permission,
    member_count: memberCount,
    created_at: Number(g.created_at),
    storage: storageOf(g),
    company_storage: storageOf(company),
    membership: member && role ? { can_notify: member.can_notify === 1, role, can_invite: canInvite(role, g.invite_permission) } : null,
  };
}

export function rolesOf(access: GroupAccess) {
  const { member, role, group } = access;
  if (!member || !role) throw forbidden();
  return { roles: heldRoleNames(member), effective: role, can_invite: canInvite(role, group.invite_permission) };
}

const duplicate = () =>
  new HttpError(400, 'DUPLICATE_GROUP', 'A group with this name already exists.', { name: ['validation.duplicate_group'] });

/** Company administrators create groups; the creator becomes the first administrator. */
export async function createGroup(ctx: AppContext, user: AuthUser, body: { name: string; notice?: string; letter_color?: 1 | 2 }) {
  if (!user.isCompanyAdmin) throw forbidden();
  if (await q.groupNameTaken(ctx, user.companyId, body.name)) throw duplicate();
  const now = ctx.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('groups')
        .values({
          company_id: user.companyId,
          name: body.name,
          notice: body.notice ?? '',
          letter_color: body.letter_color ?? 1,
          group_link: q.newLinkToken(),
          icon_image_path: null,
          icon_image_small_path: null,
          header_image: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('group_members')
        .values({ group_id: row.id, user_id: user.id, role_admin: 1, joined_at: now, folder_id: null })
        .execute();
      await writeAudit(ctx, trx, {
        companyId: user.companyId,
        actorId: user.id,
        action: 'group.created',
        targetType: 'group',
        targetId: row.id,
        targetLabel: body.name,
      });
      return row.id;
    });
  } catch (err) {
    // Two admins creating the same name at once: the unique constraint decides.
    if (q.isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

export async function myGroups(
  ctx: AppContext,
  user: Pick<AuthUser, 'id' | 'companyId'>,
  query: { page: number; limit: number; filter?: string | undefined },
) {
  const rows = (await q.myGroupRows(ctx, user.id)).filter((r) => matchesKeyword(query.filter, r.name));
  const pageRows = paginate(rows, query.page, query.limit);
  const unread = await unreadCounts(
    ctx,
    user.id,
    pageRows.data.map((r) => r.id),
    user.companyId,
  );
  const data: GroupListItem[] = pageRows.data.map((r) => ({
    id: r.id,
    name: r.name,
    icon_image_small_path: r.icon_image_small_path,
    unread_count: unread.get(r.id) ?? 0,
    can_notify: r.can_notify === 1,
    folder: r.folder_id !== null && r.folder_name !== null ? { id: r.folder_id, name: r.folder_name } : null,
    display_order: r.display_order,
  }));
  return { ...pageRows, data };
}

/**
 * Groups as "tags" for the common-topic destination picker. A holder of the common-topic right
 * may send to any active group of the company (requireDestinations in topics accepts exactly
 * these); anyone else only sees their own groups, since they cannot send at all.
 */
export async function groupTags(ctx: AppContext, userId: number, filter: string | undefined) {
  const me = await ctx.db
    .selectFrom('users')
    .select(['company_id', 'common_topic_role'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const rows =
    me.common_topic_role === 1
      ? await ctx.db
          .selectFrom('groups')
          .select(['id', 'name'])
          .where('company_id', '=', me.company_id)
          .where('is_stopped', '=', 0)
          .orderBy('name')
          .orderBy('id')
          .execute()
      : (await q.myGroupRows(ctx, userId)).map((r) => ({ id: r.id, name: r.name }));
  return rows.filter((r) => matchesKeyword(filter, r.name));
}

export interface GroupPatch {
  name?: string | undefined;
  letter_color?: 1 | 2 | undefined;
  notice?: string | undefined;
  group_tags?: string[] | undefined;
  auto_delete_day?: number | undefined;
  max_img_size_per_attachment?: number | undefined;
  invite_permission?: 0 | 1 | 2 | undefined;
}

export async function updateGroup(ctx: AppContext, access: GroupAccess, patch: GroupPatch): Promise<void> {
  const g = access.group;
  if (patch.name !== undefined && (await q.groupNameTaken(ctx, g.company_id, patch.name, g.id))) throw duplicate();
  const { group_tags, ...rest } = patch;
  const values = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  try {
    await ctx.db
      .updateTable('groups')
      .set({ ...values, ...(group_tags ? { group_tags: JSON.stringify([...new Set(group_tags)]) } : {}), updated_at: ctx.now() })
      .where('id', '=', g.id)
      .execute();
  } catch (err) {
    if (q.isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

export async function setNotification(ctx: AppContext, groupId: number, userId: number, canNotify: boolean): Promise<void> {
  await ctx.db
    .updateTable('group_members')
    .set({ can_notify: canNotify ? 1 : 0 })
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
}
