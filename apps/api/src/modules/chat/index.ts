// The chat module as the rest of the API sees it: other modules and app.ts import it from here,
// never from its files (apps/api/src/boundaries.test.ts).
// Loading the module registers its search source (search reindexes through the registry).
import './search';
export { memberIds } from './policy';
export { chatRoutes } from './routes';
