// The news module as the rest of the API sees it: other modules and app.ts import it from here,
// never from its files (apps/api/src/boundaries.test.ts).
export { newsPage } from './queries';
export { newsJoinApproved, newsJoinRequest, newsPermissionGranted, type PermissionName } from './system';
export { newsRoutes } from './routes';
export { NEWS_CHANGED, publishNewsChanged } from './events';
