/**
 * Employee CSV import benchmark: a 10 000-row Shift_JIS file, preview then apply, and
 * the same file again (every row unchanged), on SQLite and PostgreSQL: wall time of each step
 * and the process's peak RSS and heap while it runs (sampled every 20 ms, the API in-process).
 * Run: `node --import tsx apps/api/bench/admin-import.ts [sqlite|postgres]`.
 */
import iconv from 'iconv-lite';
import { createTestApp, type TestDialect } from '../src/test/harness';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const API = '/service/api/v1';
const MB = 1024 * 1024;
const round1 = (n: number) => Math.round(n * 10) / 10;

function csv(groupName: string): Buffer {
  const lines = ['社員番号,姓,名,姓かな,名かな,メールアドレス,部署,グループ'];
  const surnames = [
    ['髙橋', 'たかはし'],
    ['山﨑', 'やまさき'],
    ['佐藤', 'さとう'],
    ['鈴木', 'すずき'],
  ];
  for (let i = 1; i <= ROWS; i++) {
    const [sur, kana] = surnames[i % surnames.length]!;
    lines.push(
      [
        `B${String(i).padStart(6, '0')}`,
        sur,
        `社員${i}`,
        kana,
        'しゃいん',
        `bench${i}@corp.example`,
        'ｴｲｷﾞｮｳﾌﾞ',
        i % 3 ? groupName : '',
      ].join(','),
    );
  }
  return iconv.encode(lines.join('\r\n') + '\r\n', 'cp932');
}

/** Peak RSS and heap over the run of `fn`, above the baseline taken just before it. */
async function measured<T>(fn: () => Promise<T>) {
  global.gc?.();
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 20);
  const t0 = performance.now();
  try {
    const value = await fn();
    const m = process.memoryUsage();
    return {
      value,
      ms: Math.round(performance.now() - t0),
      rss_peak_mb: round1(Math.max(rss, m.rss) / MB),
      rss_growth_mb: round1((Math.max(rss, m.rss) - base.rss) / MB),
      heap_growth_mb: round1((Math.max(heap, m.heapUsed) - base.heapUsed) / MB),
    };
  } finally {
    clearInterval(timer);
  }
}

export async function benchAdminImport(dialect: TestDialect) {
  const t = await createTestApp(dialect);
  try {
    const admin = await t.createUser({ isCompanyAdmin: true });
    const groupName = '営業一課';
    await t.createGroup(admin.companyId, groupName);
    const token = await t.login(admin);
    const file = csv(groupName);
    const call = async (url: string, payload: object) => {
      const res = await t.inject({ method: 'POST', url: `${API}${url}`, token, payload });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json().items as { id: number; created: number; unchanged: number; refused: number; status: string };
    };
    const body = { file_name: 'bench.csv', file_base64: file.toString('base64') };
    const preview = await measured(() => call('/company/user-imports', body));
    const apply = await measured(() => call(`/company/user-imports/${preview.value.id}/apply`, {}));
    const again = await measured(async () => {
      const p = await call('/company/user-imports', body);
      return call(`/company/user-imports/${p.id}/apply`, {});
    });
    if (apply.value.created !== ROWS || again.value.unchanged !== ROWS) throw new Error('import bench: unexpected counts');
    const strip = <T extends { value: unknown }>(m: T) => {
      const { value: _v, ...rest } = m;
      return rest;
    };
    return {
      rows: ROWS,
      file_kb: round1(file.length / 1024),
      preview: strip(preview),
      apply: strip(apply),
      same_file_again: strip(again),
    };
  } finally {
    await t.close();
  }
}

if (process.argv[1]?.endsWith('admin-import.ts')) {
  const dialect = (process.argv[2] ?? 'sqlite') as TestDialect;
  console.log(JSON.stringify(await benchAdminImport(dialect), null, 2));
}
