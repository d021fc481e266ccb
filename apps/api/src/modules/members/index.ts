// The members module as the rest of the API sees it: other modules and app.ts import it from here,
// never from its files (apps/api/src/boundaries.test.ts).
export { groupsNeedingSuccessor, removeAccess } from './leaving';
export { listOptions, type ListOptions, type ListQuery } from './list-options';
export { getSettings, patchSettings } from './service';
export { membersRoutes } from './routes';
