import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { adminWorld, API, type AdminWorld } from './fixtures.test-util';
import { IMPORT_ROWS_KEEP_MS, sweepImports } from './import';

const HEADER = '社員番号,姓,名,姓かな,名かな,メールアドレス,部署,グループ';
const csv = (n: string) =>
  Buffer.from(`${HEADER}\r\n${n},山田,太郎,やまだ,たろう,${n.toLowerCase()}@corp.example,総務部,\r\n`).toString('base64');

/** The import row is what every API process reads: the apply claim and the sweep of stored rows. */
describe.each(DIALECTS)('admin: import state in the database (%s)', (dialect) => {
  let t: TestApp;
  let w: AdminWorld;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await adminWorld(t);
  });
  afterAll(() => t.close());

  const preview = async (n: string) => {
    const res = await t.inject({
      method: 'POST',
      url: `${API}/company/user-imports`,
      token: w.adminToken,
      payload: { file_name: `${n}.csv`, file_base64: csv(n) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items.id as number;
  };
  const apply = (id: number) =>
    t.inject({ method: 'POST', url: `${API}/company/user-imports/${id}/apply`, token: w.adminToken, payload: {} });
  const show = async (id: number) =>
    (await t.inject({ method: 'GET', url: `${API}/company/user-imports/${id}`, token: w.adminToken })).json().items;
  const imported = (id: number) =>
    t.ctx.db
      .selectFrom('audit_events')
      .select(['actor_id', 'target_id'])
      .where('action', '=', 'employee.imported')
      .where('target_id', '=', id)
      .execute();

  it('an apply claimed by another process is refused with 409 until the claim goes stale', async () => {
    const id = await preview('CL1');
    // What another API process leaves in the row while its apply runs.
    await t.ctx.db.updateTable('admin_imports').set({ status: 'applying', updated_at: t.clock() }).where('id', '=', id).execute();
    const refused = await apply(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('IMPORT_RUNNING');
    expect(await show(id)).toMatchObject({ status: 'applying', progress: 0 });
    expect(await imported(id)).toEqual([]);
    // The other process died: after 15 minutes without a word the import may be applied again.
    t.clock.advance(16 * 60_000);
    w.adminToken = await t.login(w.admin);
    const res = await apply(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toMatchObject({ status: 'applied', created: 1, progress: 1 });
    expect(await imported(id)).toEqual([{ actor_id: w.admin.id, target_id: id }]);
  });

  it('the daily sweep drops the rows of applied and week-old imports, keeping their counts', async () => {
    const old = await preview('OLD1');
    t.clock.advance(IMPORT_ROWS_KEEP_MS + 60_000);
    w.adminToken = await t.login(w.admin);
    const fresh = await preview('NEW1');
    const done = await preview('DONE1');
    expect((await apply(done)).statusCode).toBe(200);
    const rowsOf = async (id: number) =>
      (await t.ctx.db.selectFrom('admin_imports').select('rows_json').where('id', '=', id).executeTakeFirstOrThrow()).rows_json;
    expect(await rowsOf(done)).not.toBe('');

    expect(await sweepImports(t.ctx)).toBeGreaterThanOrEqual(2);
    expect(await rowsOf(old)).toBe('');
    expect(await rowsOf(done)).toBe('');
    expect(await rowsOf(fresh)).not.toBe('');

    // The applied import still shows its counts; applying it again changes nothing.
    expect(await show(done)).toMatchObject({ status: 'applied', created: 1, rows: { total: 0, data: [] } });
    expect((await apply(done)).json().items).toMatchObject({ status: 'applied', created: 1 });
    // The old preview can no longer be applied: its rows are gone.
    const expired = await apply(old);
    expect(expired.statusCode).toBe(409);
    expect(expired.body).toContain('IMPORT_EXPIRED');
    // The fresh one still applies.
    expect((await apply(fresh)).json().items).toMatchObject({ status: 'applied', created: 1 });
  });
});
