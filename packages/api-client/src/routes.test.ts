import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints';
import { routes } from './routes.gen';
import { startRoutes } from './routes.start.gen';
import { renderRoutes, renderStartRoutes, ROUTES_COMMAND, ROUTES_FILE, START_ROUTES, START_ROUTES_FILE } from './routes.render';

describe('routes.gen.ts (derived from endpoints)', () => {
  it('has the method, path and auth of every endpoint and nothing else', () => {
    const expected = Object.fromEntries(
      Object.entries(endpoints).map(([name, e]) => [name, { method: e.method, path: e.path, auth: e.auth }]),
    );
    expect(routes, `out of date: run ${ROUTES_COMMAND}`).toEqual(expected);
  });

  it('is exactly what the generator writes', () => {
    const onDisk = readFileSync(fileURLToPath(new URL(`../${ROUTES_FILE}`, import.meta.url)), 'utf8');
    expect(onDisk, `out of date: run ${ROUTES_COMMAND}`).toBe(renderRoutes(endpoints));
  });

  it('bundles the start-up routes as the same rows, and the start file is what the generator writes', () => {
    expect(Object.keys(startRoutes)).toEqual([...START_ROUTES]);
    for (const [name, route] of Object.entries(startRoutes)) expect(route).toEqual(routes[name as keyof typeof routes]);
    const onDisk = readFileSync(fileURLToPath(new URL(`../${START_ROUTES_FILE}`, import.meta.url)), 'utf8');
    expect(onDisk, `out of date: run ${ROUTES_COMMAND}`).toBe(renderStartRoutes(endpoints));
  });

  it('refuses a start-up route that is not an endpoint', async () => {
    const { refresh } = endpoints;
    expect(() => renderStartRoutes({ refresh })).toThrow(/unknown endpoint: login/);
  });

  it('quotes paths so the table is valid TypeScript', () => {
    expect(renderRoutes({ a: { method: 'GET', path: "/x/'y'\\z", auth: true } })).toContain(
      "a: { method: 'GET', path: '/x/\\'y\\'\\\\z', auth: true },",
    );
  });
});
