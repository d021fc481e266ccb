import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzCases, sampleCases, type FuzzCase, type OpenApiDoc } from '../test/fuzz';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';

/**
 * Every operation of the OpenAPI document, valid except one hostile field (test/fuzz.ts), sent by
 * a logged-in company administrator who administers a group: no answer may be a 5xx, a refusal
 * (4xx) says why in the API's error format and writes no row. The normal run sends a seeded
 * sample; `npm run fuzz` sends every case (FUZZ=full; FUZZ_SEED and FUZZ_PER_OP pick the sample).
 */
const FULL = process.env.FUZZ === 'full';
const SEED = Number(process.env.FUZZ_SEED ?? 39);
const PER_OP = Number(process.env.FUZZ_PER_OP ?? 3);
/**
 * Rows a refusal may write, on purpose: a failed login is counted against its account and
 * address (the lockout), so that a guesser is slowed down.
 */
const MAY_WRITE: Record<string, string[]> = { '/auth/login': ['login_throttles'] };
/** Longer than any honest answer, even a 1 MB body on a busy machine. */
const ANSWER_MS = 20_000;
async function answered<T>(p: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ANSWER_MS)));
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}
/** DELETE last: a hostile field that is simply ignored lets the delete happen. */
const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 };

async function rowCounts(t: TestApp): Promise<Map<string, number>> {
  const tables =
    t.ctx.dialect === 'postgres'
      ? (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(t.ctx.db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(t.ctx.db))
          .rows;
  const parts = tables.map((r) => sql`select ${r.name} as name, count(*) as n from ${sql.table(r.name)}`);
  const rows = (await sql<{ name: string; n: number | string }>`${sql.join(parts, sql` union all `)}`.execute(t.ctx.db)).rows;
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}

function changed(a: Map<string, number>, b: Map<string, number>): string[] {
  return [...b].filter(([k, n]) => a.get(k) !== n).map(([k, n]) => `${k} ${a.get(k)}→${n}`);
}

describe.each(DIALECTS)('fuzz from the OpenAPI document (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let relogin: () => Promise<string>;
  let cases: FuzzCase[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const companyId = await t.createCompany();
    const admin = await t.createUser({ companyId, isCompanyAdmin: true });
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', admin.id).execute();
    const member = await t.createUser({ companyId });
    const group = await t.createGroup(companyId);
    await t.addMember(group, admin.id, { role_admin: 1, role_invite: 1, role_edit_shared_folder: 1, role_edit_topic: 1, can_notify: 1 });
    await t.addMember(group, member.id);
    relogin = () => t.login(admin);
    token = await relogin();
    const doc = (await t.inject({ method: 'GET', url: '/service/api/v1/openapi.json' })).json() as OpenApiDoc;
    const ids = { id: group, groupId: group, group_id: group, userId: member.id };
    const all = fuzzCases(doc, ids);
    cases = (FULL ? all : sampleCases(all, PER_OP, SEED)).sort((a, b) => (ORDER[a.method] ?? 1) - (ORDER[b.method] ?? 1));
  }, 60_000);
  afterAll(() => t?.close());

  it('no 5xx; every refusal names its reason and writes no row', { timeout: FULL ? 3_600_000 : 180_000 }, async () => {
    const failures: string[] = [];
    let counts = await rowCounts(t);
    let countsAt = t.ctx.writes.value;
    for (const c of cases) {
      const send = () =>
        t.inject({
          method: c.method as 'GET',
          url: c.url,
          ...(c.op.auth ? { token } : {}),
          ...(c.payload === undefined ? {} : { payload: c.payload(), headers: { 'content-type': 'application/json' } }),
        });
      if (countsAt !== t.ctx.writes.value) {
        counts = await rowCounts(t);
        countsAt = t.ctx.writes.value;
      }
      const what = `${c.method} ${c.op.path} ${c.label}`;
      let res = await answered(send());
      if (res?.statusCode === 401 && c.op.auth) {
        // An earlier case (a logout, a password change) ended the session: log in again.
        token = await relogin();
        counts = await rowCounts(t);
        countsAt = t.ctx.writes.value;
        res = await answered(send());
      }
      if (res === null) {
        // A request the server never answers (a query waiting for the connection its own
        // transaction holds) stalls every later one: name it and stop.
        failures.push(`${what} → no answer in ${ANSWER_MS / 1000} s`);
        break;
      }
      if (res.statusCode >= 500) {
        failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      if (res.statusCode < 400) continue;
      let message: unknown;
      try {
        message = (res.json() as { message?: unknown }).message;
      } catch {
        message = undefined;
      }
      if (typeof message !== 'string' || message === '')
        failures.push(`${what} → ${res.statusCode} without a message: ${res.body.slice(0, 200)}`);
      if (t.ctx.writes.value !== countsAt) {
        const diff = changed(counts, await rowCounts(t)).filter((d) => !MAY_WRITE[c.op.path]?.includes(d.split(' ')[0]!));
        if (diff.length) failures.push(`${what} → ${res.statusCode} but wrote ${diff.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    // The sample reaches every operation of the document.
    expect(new Set(cases.map((c) => c.op.id)).size).toBeGreaterThan(250);
  });
});
