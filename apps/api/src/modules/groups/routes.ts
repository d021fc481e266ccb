import { endpoints as e } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { cached, registerEndpoint as on } from '../../http/route';
import * as equipment from './equipment';
import * as folders from './folders';
import * as groups from './groups';
import { groupImageRoutes } from './images';
import * as invitations from './invitations';
import * as join from './join';
import * as members from './members';
import { authorizeGroup, type GroupAccess } from '../../kernel';
import * as policy from './policy';

const ok = { items: { ok: true as const } };

/**
 * Thin handlers: authorise every id first (policy.ts), then call the service. The action named
 * in each `authorizeGroup` call is the whole rule for that endpoint.
 */
export async function groupsRoutes(app: FastifyInstance): Promise<void> {
  const detail = async (ctx: typeof app.ctx, access: GroupAccess) => ({ items: await groups.groupDetail(ctx, access) });

  on(app, e.createGroup, async ({ ctx, user, body }) => {
    const id = await groups.createGroup(ctx, user, body);
    return detail(ctx, await authorizeGroup(ctx, user, id, 'member'));
  });
  on(app, e.myGroups, async ({ ctx, user, query }) => ({ items: await groups.myGroups(ctx, user, query) }), cached);
  on(app, e.groupTags, async ({ ctx, user, query }) => ({ items: await groups.groupTags(ctx, user.id, query.filter) }));
  on(app, e.myGroup, async ({ ctx, user, params }) => detail(ctx, await authorizeGroup(ctx, user, params.id, 'member')), cached);
  on(app, e.group, async ({ ctx, user, params }) => detail(ctx, await authorizeGroup(ctx, user, params.id, 'member-or-company-admin')));
  on(
    app,
    e.myGroupRoles,
    async ({ ctx, user, params }) => ({
      items: groups.rolesOf(await authorizeGroup(ctx, user, params.id, 'member')),
    }),
    cached,
  );
  on(app, e.updateGroup, async ({ ctx, user, params, body }) => {
    const access = await authorizeGroup(ctx, user, params.id, 'role_admin');
    await groups.updateGroup(ctx, access, body);
    return detail(ctx, await authorizeGroup(ctx, user, params.id, 'member'));
  });
  on(app, e.updateGroupNotification, async ({ ctx, user, body }) => {
    await authorizeGroup(ctx, user, body.group_id, 'member');
    await groups.setNotification(ctx, body.group_id, user.id, body.can_notify);
    return ok;
  });

  on(app, e.groupMembers, async ({ ctx, user, params, query }) => {
    await authorizeGroup(ctx, user, params.id, 'member');
    return { items: await members.listMembers(ctx, params.id, query) };
  });
  on(app, e.updateRoles, async ({ ctx, user, params, body }) => {
    await authorizeGroup(ctx, user, params.id, 'role_admin');
    await members.updateRoles(ctx, params.id, body.members);
    return ok;
  });
  on(app, e.listRoleMemberGroup, async ({ ctx, user, params, body }) => {
    await authorizeGroup(ctx, user, params.id, 'role_admin');
    return { items: await members.rolesOfMembers(ctx, params.id, body.member_ids) };
  });
  on(app, e.deleteMember, async ({ ctx, user, params }) => {
    const access = await authorizeGroup(ctx, user, params.id, 'role_admin');
    await members.deleteMember(ctx, access, params.userId);
    return ok;
  });
  on(app, e.hasOtherAdmin, async ({ ctx, user, params }) => {
    await authorizeGroup(ctx, user, params.id, 'member');
    return { items: { has_other_admin: await members.hasOtherAdmin(ctx, params.id, user.id) } };
  });
  on(app, e.leaveGroup, async ({ ctx, user, params }) => {
    await members.leave(ctx, await authorizeGroup(ctx, user, params.id, 'member'), user);
    return ok;
  });

  on(app, e.checkExistMails, async ({ ctx, user, params, body }) => ({
    items: await invitations.mailStates(ctx, await authorizeGroup(ctx, user, params.id, 'invite'), body.mails),
  }));
  on(app, e.inviteMembers, async ({ ctx, user, params, body }) => {
    const access = await authorizeGroup(ctx, user, params.id, 'invite');
    return { items: await invitations.invite(ctx, access, user, body.mails, body.lang) };
  });
  on(app, e.invitations, async ({ ctx, user, params, query }) => {
    await authorizeGroup(ctx, user, params.id, 'invite');
    return { items: await invitations.listInvitations(ctx, params.id, query) };
  });
  on(app, e.reinvite, async ({ ctx, user, params }) => {
    const access = await authorizeGroup(ctx, user, params.id, 'invite');
    const invitation = await policy.requireInvitation(ctx, params.id, params.inviteId);
    return { items: await invitations.reinvite(ctx, access, user, invitation) };
  });
  on(app, e.cancelInvitation, async ({ ctx, user, params }) => {
    await authorizeGroup(ctx, user, params.id, 'invite');
    const result = await invitations.stopOrDeleteInvitation(ctx, await policy.requireInvitation(ctx, params.id, params.inviteId));
    return { items: { result } };
  });
  on(app, e.inviteLink, async ({ ctx, user, params }) => ({
    items: invitations.inviteLink(ctx, await authorizeGroup(ctx, user, params.id, 'invite')),
  }));
  on(app, e.newInviteLink, async ({ ctx, user, params }) => ({
    items: await invitations.newInviteLink(ctx, await authorizeGroup(ctx, user, params.id, 'invite')),
  }));
  on(app, e.invitePreview, async ({ ctx, params }) => ({ items: await join.preview(ctx, params.uniqueUrl) }));
  on(app, e.requestToJoin, async ({ ctx, user, params }) => ({ items: await join.requestToJoin(ctx, user, params.group_link) }));
  on(app, e.requestToJoinAsMember, async ({ ctx, user, params }) => ({ items: await join.requestToJoin(ctx, user, params.group_link) }));
  on(app, e.registerFromInvite, async ({ ctx, params, body }) => ({ items: await join.register(ctx, params.type, body) }), {
    rateLimitPerMinute: app.ctx.config.rateLimitLogin,
  });

  // Listing is the invite tab (role_invite); deciding is an administrator's right (section 6).
  // The spec addresses these by {group_link}; the group's id is accepted too (groupIdOfLink).
  on(app, e.joinRequests, async ({ ctx, user, params, query }) => {
    const { group } = await authorizeGroup(ctx, user, await join.groupIdOfLink(ctx, user, params.group_link), 'invite');
    return { items: await join.listJoinRequests(ctx, group.id, query) };
  });
  on(app, e.approveJoinRequest, async ({ ctx, user, params }) => {
    const { group } = await authorizeGroup(ctx, user, await join.groupIdOfLink(ctx, user, params.group_link), 'role_admin');
    const request = await policy.requireJoinRequest(ctx, group.id, params.requestId);
    await join.approve(ctx, group.id, request.id, user.id);
    return { items: { id: request.id, status: 'approved' as const } };
  });
  on(app, e.approveAllJoinRequests, async ({ ctx, user, params }) => {
    const { group } = await authorizeGroup(ctx, user, await join.groupIdOfLink(ctx, user, params.group_link), 'role_admin');
    return { items: { approved: await join.approveAll(ctx, group.id, user.id) } };
  });
  on(app, e.rejectJoinRequest, async ({ ctx, user, params }) => {
    const { group } = await authorizeGroup(ctx, user, await join.groupIdOfLink(ctx, user, params.group_link), 'role_admin');
    await join.reject(ctx, await policy.requireJoinRequest(ctx, group.id, params.requestId));
    return ok;
  });

  on(app, e.groupFolders, async ({ ctx, user }) => ({ items: await folders.listFolders(ctx, user.id) }), cached);
  on(app, e.createGroupFolder, async ({ ctx, user, body }) => ({ items: await folders.createFolder(ctx, user.id, body) }));
  on(app, e.updateGroupFolder, async ({ ctx, user, params, body }) => ({
    items: await folders.updateFolder(ctx, user.id, params.id, body),
  }));
  on(app, e.deleteGroupFolder, async ({ ctx, user, params }) => {
    await folders.deleteFolder(ctx, user.id, params.id);
    return ok;
  });
  on(app, e.moveGroupToFolder, async ({ ctx, user, body }) => {
    await folders.moveGroupToFolder(ctx, user.id, body.group_id, body.folder_id);
    return ok;
  });
  on(app, e.updateGroupOrder, async ({ ctx, user, body }) => {
    await folders.updateOrder(ctx, user.id, body);
    return ok;
  });
  on(app, e.orderGroupsInFolder, async ({ ctx, user, params, body }) => {
    await folders.orderInFolder(ctx, user.id, params.id, body.group_ids);
    return ok;
  });

  await app.register(groupImageRoutes);

  on(app, e.equipments, async ({ ctx, user, params }) => {
    await authorizeGroup(ctx, user, params.id, 'member');
    return { items: await equipment.listEquipment(ctx, params.id) };
  });
  on(app, e.createEquipment, async ({ ctx, user, params, body }) => {
    await authorizeGroup(ctx, user, params.id, 'role_admin');
    return { items: await equipment.createEquipment(ctx, params.id, body.name, body) };
  });
  on(app, e.updateEquipment, async ({ ctx, user, params, body }) => {
    await authorizeGroup(ctx, user, params.id, 'role_admin');
    await policy.requireEquipment(ctx, params.id, params.equipmentId);
    return { items: await equipment.renameEquipment(ctx, params.equipmentId, body.name, body) };
  });
  on(app, e.deleteEquipment, async ({ ctx, user, params }) => {
    await authorizeGroup(ctx, user, params.id, 'role_admin');
    await policy.requireEquipment(ctx, params.id, params.equipmentId);
    await equipment.deleteEquipment(ctx, params.equipmentId);
    return ok;
  });
}
