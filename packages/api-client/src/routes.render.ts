import type { Endpoint } from './endpoint';

/** Where the route table lives and how to rebuild it; the test names both when they drift. */
export const ROUTES_FILE = 'src/routes.gen.ts';
export const ROUTES_COMMAND = 'npm run gen:routes -w @portal/api-client';

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * Source of routes.gen.ts: method, path and auth of every endpoint, in `endpoints` order. The
 * browser's client reads this table so it never imports the schemas behind `endpoints`.
 */
export function renderRoutes(endpoints: Record<string, Pick<Endpoint, 'method' | 'path' | 'auth'>>): string {
  const rows = Object.entries(endpoints).map(
    ([name, e]) => `  ${name}: { method: ${quote(e.method)}, path: ${quote(e.path)}, auth: ${e.auth} },`,
  );
  return [
    `// Generated from src/endpoints.ts by \`${ROUTES_COMMAND}\`; do not edit.`,
    '// routes.test.ts fails when this table and `endpoints` disagree: rerun the command after',
    '// adding or changing an endpoint.',
    "import type { HttpMethod } from './endpoint';",
    "import type { EndpointName } from './endpoints';",
    '',
    '/** What the client needs to call an endpoint, without its schemas. */',
    'export interface Route {',
    '  method: HttpMethod;',
    '  path: string;',
    '  auth: boolean;',
    '}',
    '',
    'export const routes = {',
    ...rows,
    '} as const satisfies Record<EndpointName, Route>;',
    '',
  ].join('\n');
}
