/**
 * `npm run check:imports` (part of `npm test`): fails on any import circle in a workspace's
 * sources (apps/*\/src, packages/*\/src), type-only imports included. Two files that import each
 * other cannot be read, tested or moved one at a time; break a circle by moving what both need
 * into a third file they both import.
 */
import { circles, importGraph, loopOf, rel, sourceDirs } from './import-graph.mjs';

const graph = importGraph(sourceDirs());
const found = circles(graph);
for (const comp of found) {
  console.error(`import circle (${comp.length} files): ${loopOf(graph, comp).map(rel).join(' → ')}`);
}
if (found.length) {
  console.error(`${found.length} import circle(s); see above.`);
  process.exit(1);
}
console.log(`no import circle in ${graph.size} source files`);
