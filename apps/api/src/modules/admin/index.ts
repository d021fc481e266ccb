// The admin module as the rest of the API sees it: other modules and app.ts import it from here,
// never from its files (apps/api/src/boundaries.test.ts).
export { adminRoutes } from './routes';
export { auditDeployment } from './deploy-audit';
