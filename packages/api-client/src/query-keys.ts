/**
 * TanStack Query keys, one factory per domain, so invalidation after a mutation names the same
 * key the list used.
 */
export const queryKeys = {
  me: () => ['me'] as const,
  settings: () => ['me', 'settings'] as const,
  groupCheck: () => ['me', 'group-check'] as const,
  policy: (kind: 'privacy' | 'terms', lang: string) => ['policy', kind, lang] as const,
  remotes: () => ['remotes'] as const,
  myGroups: (params: { page?: number; limit?: number; filter?: string } = {}) => ['groups', 'mine', params] as const,
  group: (groupId: number) => ['groups', groupId] as const,
  groupRoles: (groupId: number) => ['groups', groupId, 'roles'] as const,
  groupMembers: (groupId: number, params: { page?: number; limit?: number; filter?: string } = {}) =>
    ['groups', groupId, 'members', params] as const,
  groupInvitations: (groupId: number, params: { page?: number; limit?: number } = {}) =>
    ['groups', groupId, 'invitations', params] as const,
  groupInviteLink: (groupId: number) => ['groups', groupId, 'invite-link'] as const,
  groupJoinRequests: (groupId: number, params: { page?: number; limit?: number } = {}) =>
    ['groups', groupId, 'join-requests', params] as const,
  groupEquipments: (groupId: number) => ['groups', groupId, 'equipments'] as const,
  groupFolders: () => ['groups', 'folders'] as const,
  invitePreview: (uniqueUrl: string) => ['invite-preview', uniqueUrl] as const,
};
