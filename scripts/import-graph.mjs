/**
 * The repository's import graph, for the circle check (`npm run check:imports`) and the API's
 * boundary test. TypeScript's own pre-processor lists every import of a file (static, dynamic,
 * `import type`, `export … from`), so type-only edges count as edges: a circle of types still
 * ties the files together for the reader even when the emitted code does not.
 * Relative specifiers and the workspaces' own packages (`@portal/…`, through their `exports`)
 * are resolved to files; anything else is a dependency outside the repository and ignored.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ts = createRequire(import.meta.url)('typescript');

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const TRY = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Every workspace as { name, dir, exports: Map<specifier, file> }. */
export function workspaces() {
  const list = [];
  for (const group of ['apps', 'packages']) {
    const base = path.join(root, group);
    for (const name of readdirSync(base)) {
      const file = path.join(base, name, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      const dir = path.join(base, name);
      const exports = new Map();
      const ex = typeof pkg.exports === 'string' ? { '.': pkg.exports } : (pkg.exports ?? {});
      for (const [key, target] of Object.entries(ex)) {
        const t = typeof target === 'string' ? target : (target?.import ?? target?.default);
        if (typeof t === 'string') exports.set(key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`, path.join(dir, t));
      }
      if (!ex['.'] && pkg.main) exports.set(pkg.name, path.join(dir, pkg.main));
      list.push({ name: pkg.name, dir, exports });
    }
  }
  return list;
}

function resolveFile(base) {
  for (const ext of TRY) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // `./x.js` written for a `./x.ts` source (NodeNext style).
  const m = /\.(m?)js$/.exec(base);
  if (m)
    for (const ext of m[1] ? ['.mts'] : ['.ts', '.tsx']) {
      const candidate = base.slice(0, -m[0].length) + ext;
      if (existsSync(candidate)) return candidate;
    }
  return undefined;
}

/**
 * The graph of the source files under `dirs` (absolute): Map<file, Set<file>>. Edges to files
 * outside `dirs` are kept (a package's file reached from an app), so a circle through two
 * workspaces is still seen when both are listed.
 */
export function importGraph(dirs) {
  const packages = new Map();
  for (const ws of workspaces()) for (const [spec, file] of ws.exports) packages.set(spec, file);
  const files = dirs.flatMap((d) => (existsSync(d) ? walk(d, []) : []));
  const graph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const edges = new Set();
    for (const { fileName: spec } of info.importedFiles) {
      let target;
      if (spec.startsWith('.')) target = resolveFile(path.resolve(path.dirname(file), spec));
      else if (packages.has(spec)) target = packages.get(spec);
      if (target && SOURCE.test(target)) edges.add(target);
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself). */
export function circles(graph) {
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    onStack = new Set(),
    stack = [],
    out = [];
  const strong = (v) => {
    // Iterative Tarjan: the API's graph is deep enough to make recursion a worry.
    const work = [[v, [...(graph.get(v) ?? [])], 0]];
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, edges] = frame;
      if (frame[2] < edges.length) {
        const w = edges[frame[2]++];
        if (!graph.has(w)) continue;
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index);
          index++;
          stack.push(w);
          onStack.add(w);
          work.push([w, [...(graph.get(w) ?? [])], 0]);
        } else if (onStack.has(w)) low.set(node, Math.min(low.get(node), idx.get(w)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === idx.get(node)) {
        const comp = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          comp.push(w);
        } while (w !== node);
        if (comp.length > 1 || graph.get(node)?.has(node)) out.push(comp.sort());
      }
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return out;
}

/** One concrete loop inside a component, as a chain `a → b → … → a`. */
export function loopOf(graph, comp) {
  const inside = new Set(comp);
  const start = comp[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (w === start) {
        const chain = [start];
        for (let x = v; x !== null; x = prev.get(x)) chain.unshift(x);
        chain.unshift(start);
        return chain.slice(1);
      }
      if (inside.has(w) && !prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return comp;
}

export const rel = (file) => path.relative(root, file);

/** Every workspace's `src` under apps/ and packages/: where no circle may be. */
export function sourceDirs() {
  return workspaces()
    .map((ws) => path.join(ws.dir, 'src'))
    .filter((dir) => existsSync(dir));
}
