import { CALENDAR_QUERY_ROOT } from './calendar-constants';
import { tokyoToday, weekStart } from './calendar-dates';
import type { ApiClient } from './client';
import { DEFAULT_SETTINGS, LIMITS } from './constants';
import type { Settings } from './schemas/members';
/**
 * TanStack Query keys, one factory per domain, so invalidation after a mutation names the same
 * key the list used.
 */
export const queryKeys = {
  me: () => ['me'] as const,
  settings: () => ['me', 'settings'] as const,
  /** The caller's theme pictures (shell applies them, the theme page changes them). */
  themeImages: () => ['me', 'settings', 'theme-images'] as const,
  groupCheck: () => ['me', 'group-check'] as const,
  /** Unread items (1) or unread like notices (2): the bell and the notifications remote share it. */
  notificationCount: (kind: 1 | 2) => ['notifications', 'count', kind] as const,
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
  /** Every topic list of a group starts with this, so one invalidation refreshes all tabs. */
  groupTopics: (groupId: number) => ['groups', groupId, 'topics'] as const,
  groupTopicList: (
    groupId: number,
    list: 'all' | 'unclassified' | 'bin' | 'favorite' | { folderId: number },
    params: { unread_only?: boolean; orderBy?: string; sortedBy?: string; limit?: number; title?: string } = {},
  ) => ['groups', groupId, 'topics', 'list', list, params] as const,
  groupTopicCount: (groupId: number) => ['groups', groupId, 'topics', 'count'] as const,
  groupTopic: (groupId: number, topicId: number) => ['groups', groupId, 'topics', 'detail', topicId] as const,
  groupTopicComments: (groupId: number, topicId: number, params: { page?: number; limit?: number; sortedBy?: string } = {}) =>
    ['groups', groupId, 'topics', 'detail', topicId, 'comments', params] as const,
  groupTopicFolders: (groupId: number) => ['groups', groupId, 'topics', 'folders'] as const,
  commonTopics: () => ['common-topics'] as const,
  commonTopicList: (params: { unread_only?: boolean; order_by?: string; sorted_by?: string; limit?: number; title?: string } = {}) =>
    ['common-topics', 'list', params] as const,
  commonTopic: (topicId: number) => ['common-topics', 'detail', topicId] as const,
  commonTopicComments: (topicId: number, params: { page?: number; limit?: number; sortedBy?: string } = {}) =>
    ['common-topics', 'detail', topicId, 'comments', params] as const,
  commonTopicUnreadCount: () => ['common-topics', 'unread-count'] as const,
  /** Every shared-folder query of a group starts with this, so one invalidation refreshes all tabs. */
  groupFiles: (groupId: number) => ['groups', groupId, 'files'] as const,
  groupFileList: (
    groupId: number,
    list: 'all' | 'top' | 'unclassified' | 'bin' | 'attachments' | { folderId: number },
    params: { unreadOnly?: boolean; orderBy?: string; sortedBy?: string; limit?: number } = {},
  ) => ['groups', groupId, 'files', 'list', list, params] as const,
  groupFileCount: (groupId: number) => ['groups', groupId, 'files', 'count'] as const,
  groupFileFolders: (groupId: number) => ['groups', groupId, 'files', 'folders'] as const,
  groupStorage: (groupId: number) => ['groups', groupId, 'files', 'storage'] as const,
  groupFile: (groupId: number, fileId: number) => ['groups', groupId, 'files', 'detail', fileId] as const,
  groupFileHistory: (groupId: number, fileId: number, params: { page?: number; limit?: number } = {}) =>
    ['groups', groupId, 'files', 'detail', fileId, 'history', params] as const,
  commonFiles: () => ['common-files'] as const,
  commonFileList: (params: { unreadOnly?: boolean; orderBy?: string; sortedBy?: string; limit?: number } = {}) =>
    ['common-files', 'list', params] as const,
  commonStorage: () => ['common-files', 'storage'] as const,
  commonFile: (fileId: number) => ['common-files', 'detail', fileId] as const,
  commonFileHistory: (fileId: number, params: { page?: number; limit?: number } = {}) =>
    ['common-files', 'detail', fileId, 'history', params] as const,
};

/**
 * Every group of the caller (GET members/me/groups, all on one page): home's calendar picker, the
 * chat's group choice, the folder manager and home's first page of the group list read it under
 * one key and in one shape, so a page showing several of them asks once, and a realtime event
 * that reloads ['groups', 'mine'] reloads it once. `api` is the browser client (passed in, so
 * this module stays free of it).
 */
export function allMyGroupsQuery(api: Pick<ApiClient, 'call'>) {
  const query = { page: 1, limit: LIMITS.groupListDefaultLimit };
  return {
    queryKey: queryKeys.myGroups(query),
    queryFn: async () => (await api.call('myGroups', { query })).items.data,
  };
}

/** How many news items home's news widget shows (the notifications remote's NewsList default). */
export const HOME_NEWS_LIMIT = 10;

/**
 * News of home (`groupId` null) or of a group page, page 1. Under ['news'], not 'notifications':
 * reading them retires ONE_TIME items, so they reload only when news changes (the notifications
 * remote's news.ts). Home's start-up prefetch (the shell) and the widget share this definition.
 */
export function newsWidgetQuery(api: Pick<ApiClient, 'call'>, groupId: number | null, limit: number) {
  return {
    queryKey: ['news', groupId ?? 'home', limit] as const,
    queryFn: async () =>
      groupId === null
        ? (await api.call('homeNews', { query: { page: 1, limit } })).items
        : (await api.call('groupNews', { params: { id: groupId }, query: { page: 1, limit } })).items,
  };
}

/** The caller's group folders, in the user's order (home's group list, the folder manager). */
export function groupFoldersQuery(api: Pick<ApiClient, 'call'>) {
  return {
    queryKey: queryKeys.groupFolders(),
    queryFn: async () => (await api.call('groupFolders')).items,
  };
}

/** Unread common topics (home's link to them, the common feed). */
export function commonTopicUnreadCountQuery(api: Pick<ApiClient, 'call'>) {
  return {
    queryKey: queryKeys.commonTopicUnreadCount(),
    queryFn: async () => (await api.call('commonTopicUnreadCount')).items.count,
  };
}

/** Which calendar is shown: everything, mine, or a group's (the `cal` search parameter). */
export type CalendarChoice = { type: 1 | 2 } | { type: 3; group_id: number };

/** The user's first day of the week (section 9 default 1, Monday). */
export const firstDayOfWeek = (settings: Settings | undefined): number =>
  settings?.setting_display.first_day_of_week ?? DEFAULT_SETTINGS.first_day_of_week;

/** `days` days from `date` (aligned to `alignTo` when given), with events and holidays per day. */
export function calendarDaysQuery(api: Pick<ApiClient, 'call'>, date: string, days: number, choice: CalendarChoice, alignTo?: number) {
  return {
    queryKey: [...CALENDAR_QUERY_ROOT, 'days', date, days, choice, alignTo ?? null],
    queryFn: async () =>
      (
        await api.call('calendarByWeek', {
          query: { date, days, ...choice, ...(alignTo === undefined ? {} : { week_start_date: alignTo }) },
        })
      ).items,
  };
}

/** Home's week: seven days of every calendar from this week's start (the calendar remote's WeekTable). */
export function homeWeekQuery(api: Pick<ApiClient, 'call'>, firstDay: number) {
  return calendarDaysQuery(api, weekStart(tokyoToday(), firstDay), 7, { type: 1 });
}
