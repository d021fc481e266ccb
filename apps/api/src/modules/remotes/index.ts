// The remotes module as the rest of the API sees it: other modules and app.ts import it from here,
// never from its files (apps/api/src/boundaries.test.ts).
export { ManifestCache } from './registry';
export { default as remotesPlugin } from './plugin';
export { remotesRoutes } from './routes';
export { portalVersion, releaseRoutes } from './release';
