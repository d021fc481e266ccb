import type { Endpoint } from './endpoint';

/** Where the route table lives and how to rebuild it; the test names both when they drift. */
export const ROUTES_FILE = 'src/routes.gen.ts';
export const START_ROUTES_FILE = 'src/routes.start.gen.ts';
export const ROUTES_COMMAND = 'npm run gen:routes -w @portal/api-client';

/**
 * The calls the shell and the home page make before anyone clicks (log in, session, header and
 * its bell, home widgets, push sync), and the start-up calls of the other main pages, which the
 * shell prefetches before their remote's code arrives (page-queries.ts): their routes are bundled
 * with the client in the shell's start-up chunk. Every other route is in routes.gen.ts, which
 * the client loads as its own chunk on the first call that needs it, so the start-up path does
 * not carry all ~300 routes. A start-up call missing here still works; it only makes the page
 * fetch that chunk first (`npm run bench -- home` lists home's scripts).
 */
export const START_ROUTES = [
  'login',
  'refresh',
  'lineLoginConfig',
  'checkGroupUserLogin',
  'me',
  'settings',
  'chatUnreadCount',
  'themeImages',
  'pushPublicKey',
  'firebaseToken',
  'updateDeviceToken',
  'homeNews',
  'readNews',
  'myGroups',
  'groupFolders',
  'calendarByWeek',
  'commonTopicUnreadCount',
  'notificationCount',
  'myGroup',
  'myGroupRoles',
  'topicCount',
  'topicFolders',
  'topicsAll',
  'topicsUnclassified',
  'topicsInBin',
  'topicsFavorite',
  'unreadList',
  'chatList',
] as const;

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const rows = (endpoints: Record<string, Pick<Endpoint, 'method' | 'path' | 'auth'>>) =>
  Object.entries(endpoints).map(([name, e]) => `  ${name}: { method: ${quote(e.method)}, path: ${quote(e.path)}, auth: ${e.auth} },`);

/**
 * Source of routes.gen.ts: method, path and auth of every endpoint, in `endpoints` order. The
 * browser's client reads this table so it never imports the schemas behind `endpoints`.
 */
export function renderRoutes(endpoints: Record<string, Pick<Endpoint, 'method' | 'path' | 'auth'>>): string {
  return [
    `// Generated from src/endpoints.ts by \`${ROUTES_COMMAND}\`; do not edit.`,
    '// routes.test.ts fails when this table and `endpoints` disagree: rerun the command after',
    '// adding or changing an endpoint.',
    "import type { Route } from './endpoint';",
    "import type { EndpointName } from './endpoints';",
    '',
    'export const routes = {',
    ...rows(endpoints),
    '} as const satisfies Record<EndpointName, Route>;',
    '',
  ].join('\n');
}

/** Source of routes.start.gen.ts: the START_ROUTES rows of the same table. */
export function renderStartRoutes(endpoints: Record<string, Pick<Endpoint, 'method' | 'path' | 'auth'>>): string {
  const start = Object.fromEntries(
    START_ROUTES.map((name) => {
      const e = endpoints[name];
      if (!e) throw new Error(`START_ROUTES names an unknown endpoint: ${name}`);
      return [name, e];
    }),
  );
  return [
    `// Generated from src/endpoints.ts and START_ROUTES (routes.render.ts) by \`${ROUTES_COMMAND}\`; do not edit.`,
    "import type { Route } from './endpoint';",
    "import type { EndpointName } from './endpoints';",
    '',
    '/** The routes of the start-up calls; the client loads the full table (routes.gen.ts) lazily. */',
    'export const startRoutes = {',
    ...rows(start),
    '} as const satisfies Partial<Record<EndpointName, Route>>;',
    '',
  ].join('\n');
}
