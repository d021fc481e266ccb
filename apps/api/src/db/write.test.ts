import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { writeTransaction } from './write';

const conflict = (code: string) => Object.assign(new Error('deadlock detected'), { code });

describe.each(DIALECTS)('write transactions retry a lock conflict once (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, (app) => {
      app.post('/conflict-twice', async () =>
        writeTransaction(app.ctx, async () => {
          throw conflict('40P01');
        }),
      );
    });
  });
  afterAll(() => t.close());

  const companies = async () => (await t.ctx.db.selectFrom('companies').select('name').execute()).map((r) => r.name);

  it('runs the transaction again after a deadlock or serialisation failure; the first try left nothing', async () => {
    for (const code of ['40P01', '40001']) {
      let tries = 0;
      const id = await writeTransaction(t.ctx, async (trx) => {
        tries++;
        const row = await trx
          .insertInto('companies')
          .values({ name: `retry-${code}-${tries}`, name_kana: '', created_at: 0, updated_at: 0 })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (tries === 1) throw conflict(code);
        return row.id;
      });
      expect(tries).toBe(2);
      expect(id).toBeGreaterThan(0);
      expect(await companies()).toContain(`retry-${code}-2`);
      expect(await companies()).not.toContain(`retry-${code}-1`);
    }
  });

  it('does not retry other errors', async () => {
    let tries = 0;
    await expect(
      writeTransaction(t.ctx, async () => {
        tries++;
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(tries).toBe(1);
  });

  it('a conflict that happens again is answered 503 with Retry-After, never 500', async () => {
    const res = await t.inject({ method: 'POST', url: '/conflict-twice' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json().status_code).toBe('SERVICE_BUSY');
  });
});
