// The topics module as the rest of the API sees it: other modules and app.ts import it from here,
// never from its files (apps/api/src/boundaries.test.ts).
export { cleanBins } from './delivery';
export { stopWindowEnd } from './emergency';
export { topicAudience, topicReaders, topicViewable } from './events';
export { topicsRoutes } from './routes';
