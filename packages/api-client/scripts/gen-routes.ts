// Writes src/routes.gen.ts from `endpoints` (see src/routes.render.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { endpoints } from '../src/endpoints';
import { renderRoutes, ROUTES_FILE } from '../src/routes.render';

const file = fileURLToPath(new URL(`../${ROUTES_FILE}`, import.meta.url));
writeFileSync(file, renderRoutes(endpoints));
console.log(`${ROUTES_FILE}: ${Object.keys(endpoints).length} routes`);
