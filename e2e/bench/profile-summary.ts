/**
 * `node --import tsx e2e/bench/profile-summary.ts <file.cpuprofile>…`: where the API's CPU went
 * in a load run (BENCH_LOAD_CPU_PROF=1 writes the profiles): self time per function and per
 * package or source area, so the README can say what limits the users a process carries.
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

function area(url: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return url;
  if (url.includes('dist/server.mjs') || url.includes('/apps/api/')) return 'portal api';
  return url ? 'other' : '(native / gc / idle)';
}

const self = new Map<string, number>();
const areas = new Map<string, number>();
let total = 0;
for (const file of process.argv.slice(2)) {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  p.samples.forEach((id, _i) => {
    const n = byId.get(id)!;
    // Counted in samples, not timeDeltas: on a shared machine a delta also spans the time the
    // process was not scheduled at all, which the next sampled frame would be charged with.
    const dt = 1;
    const name = n.callFrame.functionName || '(anonymous)';
    if (name === '(idle)' || name === '(program)') return;
    total += dt;
    const key = `${name} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    const a = name === '(garbage collector)' ? '(garbage collector)' : area(n.callFrame.url);
    areas.set(a, (areas.get(a) ?? 0) + dt);
  });
}
const pct = (v: number) => `${((v / total) * 100).toFixed(1)} %`;
console.log(`${total} busy samples`);
console.log('by area:');
for (const [k, v] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${pct(v).padStart(7)}  ${k}`);
console.log('by function (self):');
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${pct(v).padStart(7)}  ${k}`);
