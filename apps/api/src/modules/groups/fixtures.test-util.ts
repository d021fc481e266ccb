import type { TestApp, TestUser } from '../../test/harness';

export const API = '/service/api/v1';

type Roles = Partial<Record<'role_admin' | 'role_invite' | 'role_edit_shared_folder' | 'role_edit_topic' | 'can_notify', 0 | 1>>;

/** An invitation row straight in the database, for tests that need one in a given state. */
export async function insertInvitation(t: TestApp, groupId: number, email: string, opts: { token?: string; expiresIn?: number } = {}) {
  const now = t.clock();
  const row = await t.ctx.db
    .insertInto('group_invitations')
    .values({
      group_id: groupId,
      email,
      unique_url: opts.token ?? `tok${groupId}x${Math.random().toString(36).slice(2)}`,
      invited_by: null,
      status: 'invited',
      expires_at: now + (opts.expiresIn ?? 7 * 86_400_000),
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'unique_url'])
    .executeTakeFirstOrThrow();
  return row;
}

export async function insertJoinRequest(t: TestApp, groupId: number, userId: number) {
  const row = await t.ctx.db
    .insertInto('group_join_requests')
    .values({
      group_id: groupId,
      user_id: userId,
      invitation_id: null,
      status: 'pending',
      decided_by: null,
      created_at: t.clock(),
      decided_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertEquipment(t: TestApp, groupId: number, name = '会議室A') {
  const now = t.clock();
  const row = await t.ctx.db
    .insertInto('group_equipments')
    .values({ group_id: groupId, name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user with a ready access token. */
export interface Actor extends TestUser {
  token: string;
}

export async function actor(t: TestApp, opts: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
  const u = await t.createUser(opts);
  return { ...u, token: await t.login(u) };
}

export async function groupWith(t: TestApp, companyId: number, members: [number, Roles][], name?: string): Promise<number> {
  const g = await t.createGroup(companyId, name);
  for (const [userId, roles] of members) await t.addMember(g, userId, roles);
  return g;
}
