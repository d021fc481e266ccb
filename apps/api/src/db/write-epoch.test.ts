import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { compiledQuery } from './compiled';
import type { WriteEpoch } from './write-epoch';

const companyNamed = compiledQuery<{ name: string }>()((db, slot) =>
  db.selectFrom('companies').select('id').where('name', '=', slot('name')),
);

/**
 * The write epoch is counted at the driver, so these go through the app's own handle: the Kysely
 * paths, the compiled (direct SQLite) path and transactions.
 */
describe.each(DIALECTS)('the write epoch (%s)', (dialect) => {
  let t: TestApp;
  let writes: WriteEpoch;
  /** How many times `run` moved the epoch. */
  const moves = async (run: () => Promise<unknown>) => {
    const before = writes.value;
    await run();
    return writes.value - before;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    writes = t.ctx.writes;
  });
  afterAll(() => t.close());

  it('stands still for reads, and for writes that change no row', async () => {
    const id = await t.createCompany('動かない会社');
    expect(await moves(() => t.ctx.db.selectFrom('companies').selectAll().execute())).toBe(0);
    expect(await moves(() => companyNamed(t.ctx.db, { name: '動かない会社' }))).toBe(0);
    expect(await moves(() => sql`select count(*) from companies`.execute(t.ctx.db))).toBe(0);
    expect(await moves(() => t.ctx.db.updateTable('companies').set({ name: 'x' }).where('id', '=', -1).execute())).toBe(0);
    expect(await moves(() => t.ctx.db.deleteFrom('companies').where('id', '=', -1).execute())).toBe(0);
    expect(id).toBeGreaterThan(0);
  });

  it('moves for every write that changes rows, RETURNING or not, raw or built', async () => {
    const id = await t.createCompany('動く会社');
    expect(await moves(() => t.ctx.db.updateTable('companies').set({ name: '動いた会社' }).where('id', '=', id).execute())).toBeGreaterThan(
      0,
    );
    expect(
      await moves(() => t.ctx.db.updateTable('companies').set({ name: '戻した会社' }).where('id', '=', id).returning('id').execute()),
    ).toBeGreaterThan(0);
    expect(await moves(() => sql`update companies set name = ${'生のSQL'} where id = ${id}`.execute(t.ctx.db))).toBeGreaterThan(0);
  });

  it('moves when a transaction commits, after its last statement', async () => {
    const id = await t.createCompany('取引の会社');
    let insideMoves = 0;
    const total = await moves(() =>
      t.ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('companies').set({ name: '取引中' }).where('id', '=', id).execute();
        const mid = writes.value;
        await trx.selectFrom('companies').selectAll().where('id', '=', id).execute();
        insideMoves = writes.value - mid;
      }),
    );
    expect(insideMoves).toBe(0);
    // The UPDATE and the COMMIT: a read cached between them is dropped by the second.
    expect(total).toBeGreaterThanOrEqual(2);
  });
});
