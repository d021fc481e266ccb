import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { recount } from '../modules/notifications/unread-recount';
import { unreadSources } from '../kernel/unread-sources';
import { withGenericPlan } from './generic-plan';

/**
 * The unread recount runs on PostgreSQL's generic plan (generic-plan.ts): in `auto` mode the
 * first five executions of a prepared statement are always planned anew, and this one kept
 * being re-planned for good under load. One connection in the main pool (and so one in the
 * generic-plan pool), so each query below sees the connection the statement ran on.
 */
describe('generic plans (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { databasePoolMax: 1 });
  });
  afterAll(() => t.close());

  const onGeneric = <T>(run: (db: Kysely<never>) => Promise<T>) => withGenericPlan(t.ctx.db, (db) => run(db as never));
  const plans = () =>
    onGeneric(
      async (db) =>
        (
          await sql<{
            generic_plans: number;
            custom_plans: number;
          }>`select generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '%unread_type%'`.execute(db)
        ).rows,
    );
  const mode = async (db: Kysely<never>) =>
    (await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(db)).rows[0]!.plan_cache_mode;
  const backend = async (db: Kysely<never>) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;

  it('recounts unread items without planning the statement again', async () => {
    const company = await t.createCompany();
    const user = await t.createUser({ companyId: company });
    const groups = unreadSources().filter((s) => s.area === 'group');
    for (let i = 0; i < 7; i++) await recount(t.ctx, { id: user.id, companyId: company }, groups, Date.now(), [1, 2, 3]);
    const [p] = await plans();
    expect(p, 'the recount ran as a named statement').toBeDefined();
    expect(p).toEqual({ generic_plans: 7, custom_plans: 0 });
  });

  it('runs on connections of its own that stay in generic mode, so no call switches a connection to and fro', async () => {
    const main = t.ctx.db as unknown as Kysely<never>;
    expect(await mode(main)).toBe('auto');
    expect(await onGeneric(mode)).toBe('force_generic_plan');
    expect(await onGeneric(backend)).not.toBe(await backend(main));
    expect(await mode(main)).toBe('auto');
  });

  it('runs inside a transaction on the transaction, and reports a failing statement’s error', async () => {
    await t.ctx.db.transaction().execute(async (trx) => {
      expect(await withGenericPlan(trx, (db) => mode(db as never))).toBe('auto');
    });
    await expect(onGeneric((db) => sql`select * from no_such_table where id = ${1}`.execute(db))).rejects.toThrow(/no_such_table/);
    expect(await onGeneric(mode)).toBe('force_generic_plan');
  });
});
