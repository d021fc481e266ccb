// Writes src/routes.gen.ts and src/routes.start.gen.ts from `endpoints` (see src/routes.render.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { endpoints } from '../src/endpoints';
import { renderRoutes, renderStartRoutes, ROUTES_FILE, START_ROUTES_FILE } from '../src/routes.render';

const write = (name: string, text: string) => writeFileSync(fileURLToPath(new URL(`../${name}`, import.meta.url)), text);
write(ROUTES_FILE, renderRoutes(endpoints));
write(START_ROUTES_FILE, renderStartRoutes(endpoints));
console.log(`${ROUTES_FILE}: ${Object.keys(endpoints).length} routes; ${START_ROUTES_FILE}: the start-up ones`);
