import { endpoint } from '../endpoint';
import { okSchema } from '../schemas/common';
import * as g from '../schemas/groups';

const MY = '/members/me/groups/:id';
const LINK = '/members/me/groups/:group_link';
const tags = ['groups'];

/** Groups, members, invitations, join requests, user group folders and equipment. */
export const groupEndpoints = {
  createGroup: endpoint({
    method: 'POST', path: '/groups', auth: true, body: g.createGroupBody, response: g.groupDetailResponse,
    summary: 'Company administrator creates a group (creator becomes its administrator)', tags,
  }),
  myGroups: endpoint({
    method: 'GET', path: '/members/me/groups', auth: true, query: g.listQuery, response: g.myGroupsResponse,
    summary: 'The caller’s groups in display order, searchable by name', tags,
  }),
  groupTags: endpoint({
    method: 'GET', path: '/members/me/group-tags', auth: true, query: g.groupTagsQuery, response: g.groupTagsResponse,
    summary: 'Groups a common topic can be sent to: the company’s active groups for holders of the common-topic right, else the caller’s own', tags,
  }),
  myGroup: endpoint({
    method: 'GET', path: MY, auth: true, params: g.groupIdParam, response: g.groupDetailResponse,
    summary: 'One of the caller’s groups with storage and the caller’s membership', tags,
  }),
  group: endpoint({
    method: 'GET', path: '/groups/:id', auth: true, params: g.groupIdParam, response: g.groupDetailResponse,
    summary: 'A group for a member or a company administrator', tags,
  }),
  myGroupRoles: endpoint({
    method: 'GET', path: `${MY}/roles`, auth: true, params: g.groupIdParam, response: g.rolesResponse,
    summary: 'The caller’s rights in a group', tags,
  }),
  updateGroup: endpoint({
    method: 'POST', path: MY, auth: true, params: g.groupIdParam, body: g.updateGroupBody, response: g.groupDetailResponse,
    summary: 'Edit basic information (role_admin)', tags,
  }),
  updateGroupNotification: endpoint({
    method: 'POST', path: '/members/me/update-group-notification', auth: true, body: g.notificationBody, response: okSchema,
    summary: 'Mute or unmute a group for the caller', tags,
  }),
  groupMembers: endpoint({
    method: 'GET', path: `${MY}/members`, auth: true, params: g.groupIdParam, query: g.listQuery, response: g.membersResponse,
    summary: 'Members of a group', tags,
  }),
  updateRoles: endpoint({
    method: 'POST', path: '/groups/:id/update-roles', auth: true, params: g.groupIdParam, body: g.updateRolesBody, response: okSchema,
    summary: 'Grant or withdraw rights (role_admin)', tags,
  }),
  listRoleMemberGroup: endpoint({
    method: 'POST', path: `${MY}/list-role-member-group`, auth: true, params: g.groupIdParam, body: g.memberIdsBody,
    response: g.roleListResponse, summary: 'Rights of the given members (role_admin)', tags,
  }),
  deleteMember: endpoint({
    method: 'POST', path: `${MY}/delete-user/:userId`, auth: true, params: g.groupIdAndUserParam, response: okSchema,
    summary: 'Remove a member (role_admin)', tags,
  }),
  hasOtherAdmin: endpoint({
    method: 'GET', path: `${MY}/has-other-admin`, auth: true, params: g.groupIdParam, response: g.hasOtherAdminResponse,
    summary: 'Whether someone besides the caller administers the group', tags,
  }),
  leaveGroup: endpoint({
    method: 'GET', path: `${MY}/leave`, auth: true, params: g.groupIdParam, response: okSchema,
    summary: 'Leave a group (the only administrator and a sole member cannot)', tags,
  }),
  checkExistMails: endpoint({
    method: 'POST', path: `${MY}/check-exist-mails`, auth: true, params: g.groupIdParam, body: g.mailsBody,
    response: g.checkMailsResponse, summary: 'State of each address before inviting', tags,
  }),
  inviteMembers: endpoint({
    method: 'POST', path: `${MY}/invite-members`, auth: true, params: g.groupIdParam, body: g.mailsBody,
    response: g.inviteResultResponse, summary: 'Invite addresses by e-mail', tags,
  }),
  invitations: endpoint({
    method: 'GET', path: `${MY}/invite-members`, auth: true, params: g.groupIdParam, query: g.listQuery,
    response: g.invitationsResponse, summary: 'Invited addresses and their state', tags,
  }),
  reinvite: endpoint({
    method: 'PUT', path: `${MY}/invite-members/:inviteId`, auth: true, params: g.groupIdAndInviteParam,
    response: g.inviteResultResponse, summary: 'Invite the address again (new link, new expiry)', tags,
  }),
  cancelInvitation: endpoint({
    method: 'DELETE', path: `${MY}/invite-members/:inviteId`, auth: true, params: g.groupIdAndInviteParam,
    response: g.stopOrDeleteInvitationResponse,
    summary: 'Stop a live invitation; remove one already stopped, superseded or expired', tags,
  }),
  inviteLink: endpoint({
    method: 'GET', path: `${MY}/invite-link`, auth: true, params: g.groupIdParam, response: g.inviteLinkResponse,
    summary: 'The current invite link (for the QR code)', tags,
  }),
  newInviteLink: endpoint({
    method: 'GET', path: `${MY}/get-new-invite-link`, auth: true, params: g.groupIdParam, response: g.inviteLinkResponse,
    summary: 'Re-issue the invite link; the previous one stops working', tags,
  }),
  invitePreview: endpoint({
    method: 'GET', path: '/invite-members/:uniqueUrl', auth: false, params: g.uniqueUrlParam, response: g.invitePreviewResponse,
    summary: 'Public preview of the group behind an invite link', tags,
  }),
  inviteIcon: endpoint({
    method: 'GET', path: '/invite-members/:uniqueUrl/icon', auth: false, params: g.uniqueUrlParam, query: g.inviteIconQuery,
    response: g.groupImageResponse,
    summary: 'The uploaded icon of the group behind a usable invite link (no login; binary; 404 otherwise)', tags,
  }),
  requestToJoin: endpoint({
    method: 'POST', path: '/groups/:group_link/join-requests', auth: true, params: g.groupLinkParam,
    response: g.joinRequestResponse, summary: 'Logged-in user asks to join through a link', tags,
  }),
  registerFromInvite: endpoint({
    method: 'POST', path: '/members/registers/:type', auth: false, params: g.registerTypeParam, body: g.registerBody,
    response: g.registerResponse, summary: 'New user from an invitation (1 mail, 2 link); creates a join request', tags,
  }),
  requestToJoinAsMember: endpoint({
    method: 'POST', path: '/members/me/groups/:group_link/join-requests', auth: true, params: g.groupLinkParam,
    response: g.joinRequestResponse, summary: 'Logged-in user asks to join through a link (the spec’s members/me form of requestToJoin)', tags,
  }),
  // {group_link} is the group's link or its id (spec section 7 names the link; see groupLinkAndRequestParam).
  joinRequests: endpoint({
    method: 'GET', path: `${LINK}/join-requests`, auth: true, params: g.groupLinkParam, query: g.listQuery,
    response: g.joinRequestsResponse, summary: 'Pending join requests', tags,
  }),
  approveJoinRequest: endpoint({
    method: 'PUT', path: `${LINK}/join-requests/:requestId`, auth: true, params: g.groupLinkAndRequestParam,
    response: g.joinRequestResponse, summary: 'Approve one join request (role_admin)', tags,
  }),
  approveAllJoinRequests: endpoint({
    method: 'PUT', path: `${LINK}/join-requests-approval-all`, auth: true, params: g.groupLinkParam,
    response: g.approveAllResponse, summary: 'Approve every pending join request (role_admin)', tags,
  }),
  rejectJoinRequest: endpoint({
    method: 'DELETE', path: `${LINK}/join-requests/:requestId`, auth: true, params: g.groupLinkAndRequestParam,
    response: okSchema, summary: 'Reject (delete) a join request (role_admin)', tags,
  }),
  groupFolders: endpoint({
    method: 'GET', path: '/members/me/user-group-folders', auth: true, response: g.foldersResponse,
    summary: 'The caller’s group folders', tags,
  }),
  createGroupFolder: endpoint({
    method: 'POST', path: '/members/me/user-group-folders', auth: true, body: g.folderBody, response: g.folderResponse,
    summary: 'Create a group folder', tags,
  }),
  updateGroupFolder: endpoint({
    method: 'PATCH', path: '/members/me/user-group-folders/:id', auth: true, params: g.groupIdParam, body: g.folderPatchBody,
    response: g.folderResponse, summary: 'Rename a group folder or change its memo', tags,
  }),
  deleteGroupFolder: endpoint({
    method: 'DELETE', path: '/members/me/user-group-folders/:id', auth: true, params: g.groupIdParam, response: okSchema,
    summary: 'Delete a group folder; its groups return to the top level', tags,
  }),
  moveGroupToFolder: endpoint({
    method: 'POST', path: '/members/me/move-group-to-folder', auth: true, body: g.moveToFolderBody, response: okSchema,
    summary: 'Put a group into a folder (or back to the top level with null)', tags,
  }),
  updateGroupOrder: endpoint({
    method: 'POST', path: '/members/me/update-order', auth: true, body: g.orderBody, response: okSchema,
    summary: 'Display order of groups and folders', tags,
  }),
  orderGroupsInFolder: endpoint({
    method: 'POST', path: '/members/me/order-group-in-folder/:id', auth: true, params: g.groupIdParam, body: g.groupIdsBody,
    response: okSchema, summary: 'Display order of the groups inside one folder', tags,
  }),
  equipments: endpoint({
    method: 'GET', path: `${MY}/equipments`, auth: true, params: g.groupIdParam, response: g.equipmentsResponse,
    summary: 'Equipment of a group', tags,
  }),
  createEquipment: endpoint({
    method: 'POST', path: `${MY}/equipments`, auth: true, params: g.groupIdParam, body: g.equipmentBody,
    response: g.equipmentResponse, summary: 'Add equipment (role_admin)', tags,
  }),
  updateEquipment: endpoint({
    method: 'PATCH', path: `${MY}/equipments/:equipmentId`, auth: true, params: g.groupIdAndEquipmentParam, body: g.equipmentBody,
    response: g.equipmentResponse, summary: 'Rename equipment (role_admin)', tags,
  }),
  uploadGroupIcon: endpoint({
    method: 'POST', path: `${MY}/icon`, auth: true, params: g.groupIdParam, response: g.groupDetailResponse,
    summary: 'Upload the icon (role_admin; multipart field "file": JPEG, PNG or GIF, at least 500×100)', tags,
  }),
  setGroupIcon: endpoint({
    method: 'PUT', path: `${MY}/icon`, auth: true, params: g.groupIdParam, body: g.groupIconChoiceBody,
    response: g.groupDetailResponse, summary: 'Use the default icon or none (role_admin); removes an uploaded icon', tags,
  }),
  uploadGroupHeader: endpoint({
    method: 'POST', path: `${MY}/header-image`, auth: true, params: g.groupIdParam, response: g.groupDetailResponse,
    summary: 'Upload the header image (role_admin; multipart field "file", same rules as the icon)', tags,
  }),
  deleteGroupHeader: endpoint({
    method: 'DELETE', path: `${MY}/header-image`, auth: true, params: g.groupIdParam, response: g.groupDetailResponse,
    summary: 'Remove the header image (role_admin)', tags,
  }),
  groupImage: endpoint({
    method: 'GET', path: `${MY}/images/:slot/:name`, auth: true, params: g.groupImageParam, response: g.groupImageResponse,
    summary: 'The group’s current icon or header image (members only; binary)', tags,
  }),
  deleteEquipment: endpoint({
    method: 'DELETE', path: `${MY}/equipments/:equipmentId`, auth: true, params: g.groupIdAndEquipmentParam,
    response: okSchema, summary: 'Delete equipment (role_admin)', tags,
  }),
};
