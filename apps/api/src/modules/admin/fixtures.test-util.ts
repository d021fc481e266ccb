import type { TestApp, TestUser } from '../../test/harness';

export const API = '/service/api/v1';

export interface AdminWorld {
  admin: TestUser;
  adminToken: string;
  member: TestUser;
  memberToken: string;
  /** An employee of another company, and that company's group. */
  stranger: TestUser;
  strangerGroup: number;
  group: number;
}

/** A company with an administrator and a member, and a second company to probe for leaks. */
export async function adminWorld(t: TestApp): Promise<AdminWorld> {
  const admin = await t.createUser({ isCompanyAdmin: true });
  const member = await t.createUser({ companyId: admin.companyId });
  const stranger = await t.createUser();
  const group = await t.createGroup(admin.companyId);
  const strangerGroup = await t.createGroup(stranger.companyId);
  await t.addMember(group, admin.id, { role_admin: 1 });
  await t.addMember(group, member.id);
  return { admin, adminToken: await t.login(admin), member, memberToken: await t.login(member), stranger, strangerGroup, group };
}
