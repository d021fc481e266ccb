import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { recount } from '../modules/notifications/unread-recount';
import { unreadSources } from '../modules/notifications/registry';
import { withGenericPlan } from './generic-plan';

/**
 * The unread recount runs on PostgreSQL's generic plan (generic-plan.ts): in `auto` mode the
 * first five executions of a prepared statement are always planned anew, and this one kept
 * being re-planned for good under load. One pooled connection, so the test sees the
 * connection's own prepared statements.
 */
describe('generic plans (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { databasePoolMax: 1 });
  });
  afterAll(() => t.close());

  const plans = async () =>
    (await sql<{ generic_plans: number; custom_plans: number }>`select generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '%unread_type%'`.execute(t.ctx.db)).rows;

  it('recounts unread items without planning the statement again, and leaves the connection in auto mode', async () => {
    const company = await t.createCompany();
    const user = await t.createUser({ companyId: company });
    const groups = unreadSources().filter((s) => s.area === 'group');
    for (let i = 0; i < 7; i++) await recount(t.ctx, { id: user.id, companyId: company }, groups, Date.now(), [1, 2, 3]);
    const [p] = await plans();
    expect(p, 'the recount ran as a named statement').toBeDefined();
    expect(p).toEqual({ generic_plans: 7, custom_plans: 0 });
    expect((await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(t.ctx.db)).rows[0]!.plan_cache_mode).toBe('auto');
  });

  it('switches the connection back when the statement fails, and reports the statement’s error', async () => {
    await expect(withGenericPlan(t.ctx.db, (db) => sql`select * from no_such_table where id = ${1}`.execute(db))).rejects.toThrow(/no_such_table/);
    expect((await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(t.ctx.db)).rows[0]!.plan_cache_mode).toBe('auto');
  });
});
