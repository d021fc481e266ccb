import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints';
import { routes } from './routes.gen';
import { renderRoutes, ROUTES_COMMAND, ROUTES_FILE } from './routes.render';

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

  it('quotes paths so the table is valid TypeScript', () => {
    expect(renderRoutes({ a: { method: 'GET', path: "/x/'y'\\z", auth: true } })).toContain(
      "a: { method: 'GET', path: '/x/\\'y\\'\\\\z', auth: true },",
    );
  });
});
