// Generated from src/endpoints.ts and START_ROUTES (routes.render.ts) by `npm run gen:routes -w @portal/api-client`; do not edit.
import type { Route } from './endpoint';
import type { EndpointName } from './endpoints';

/** The routes of the start-up calls; the client loads the full table (routes.gen.ts) lazily. */
export const startRoutes = {
  login: { method: 'POST', path: '/auth/login', auth: false },
  refresh: { method: 'POST', path: '/auth/refresh', auth: false },
  lineLoginConfig: { method: 'GET', path: '/auth/line-login/config', auth: false },
  checkGroupUserLogin: { method: 'GET', path: '/auth/check-group-user-login', auth: true },
  me: { method: 'GET', path: '/members/me', auth: true },
  settings: { method: 'GET', path: '/members/me/settings', auth: true },
  chatUnreadCount: { method: 'GET', path: '/group-chat/count-unread', auth: true },
  themeImages: { method: 'GET', path: '/members/me/setting-theme/images', auth: true },
  pushPublicKey: { method: 'GET', path: '/notification/push-public-key', auth: true },
  firebaseToken: { method: 'POST', path: '/realtime/firebase-token', auth: true },
  updateDeviceToken: { method: 'PATCH', path: '/auth/update-device-token', auth: true },
  homeNews: { method: 'GET', path: '/informations', auth: true },
  readNews: { method: 'POST', path: '/members/me/informations/read', auth: true },
  myGroups: { method: 'GET', path: '/members/me/groups', auth: true },
  groupFolders: { method: 'GET', path: '/members/me/user-group-folders', auth: true },
  calendarByWeek: { method: 'GET', path: '/calendar-events/calendar-by-week', auth: true },
  commonTopicUnreadCount: { method: 'GET', path: '/members/me/unread/count/common-topic', auth: true },
  notificationCount: { method: 'GET', path: '/members/me/notification/count/:kind', auth: true },
  myGroup: { method: 'GET', path: '/members/me/groups/:id', auth: true },
  myGroupRoles: { method: 'GET', path: '/members/me/groups/:id/roles', auth: true },
  topicCount: { method: 'GET', path: '/members/me/groups/:id/topics/count-topic', auth: true },
  topicFolders: { method: 'GET', path: '/members/me/groups/:id/folder/get-all-folder/:type', auth: true },
  topicsAll: { method: 'GET', path: '/members/me/groups/:id/topics/get-not-delete-topics', auth: true },
  topicsUnclassified: { method: 'GET', path: '/members/me/groups/:id/topics/get-unclassification-topics', auth: true },
  topicsInBin: { method: 'GET', path: '/members/me/groups/:id/topics/get-deleted-topics', auth: true },
  topicsFavorite: { method: 'GET', path: '/members/me/groups/:id/topics/get-feature-topics', auth: true },
  unreadList: { method: 'GET', path: '/members/me/notification/unread', auth: true },
  chatList: { method: 'GET', path: '/group-chat/group-chat-user', auth: true },
} as const satisfies Partial<Record<EndpointName, Route>>;
