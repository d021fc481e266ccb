import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';
import { compiledQuery, idListValue, inIdList } from './compiled';
import { writeTransaction } from './write';
import { cachedStatements } from './statement-cache';
import { PortalPostgresDialect, PortalSqliteDialect } from './literal-limit';
import { newsPage } from '../modules/news/queries';

describe('SQLite statement cache', () => {
  it('prepares each distinct SQL once and evicts the least recently used past its bound', () => {
    const raw = new Database(':memory:');
    let prepared = 0;
    const counting = Object.assign(Object.create(raw), { prepare: (sql: string) => (prepared++, raw.prepare(sql)) });
    const db = cachedStatements(counting, 2);
    const a = db.prepare('select 1 as a');
    expect(db.prepare('select 1 as a')).toBe(a);
    db.prepare('select 2 as b');
    expect(prepared).toBe(2);
    db.prepare('select 1 as a'); // now most recently used
    db.prepare('select 3 as c'); // evicts `select 2`
    db.prepare('select 1 as a');
    expect(prepared).toBe(3);
    db.prepare('select 2 as b');
    expect(prepared).toBe(4);
    expect(db.prepare('select 1 as a').all([])).toEqual([{ a: 1 }]);
    db.close();
  });
});

describe('LIMIT written into the SQL (a bound LIMIT is planned anew on every run)', () => {
  it('inlines an integer limit, keeps anything else bound, and answers the same rows', async () => {
    const raw = new Database(':memory:');
    raw.exec('create table n (id integer primary key)');
    raw.exec('insert into n (id) values (1), (2), (3), (4)');
    const db = new Kysely<{ n: { id: number } }>({ dialect: new PortalSqliteDialect({ database: cachedStatements(raw) }) });
    const inlined = db.selectFrom('n').select('id').where('id', '>', 1).orderBy('id').limit(2).offset(1).compile();
    expect(inlined.sql).toMatch(/ limit 2 offset \?$/);
    expect(inlined.parameters).toEqual([1, 1]);
    expect((await db.executeQuery(inlined)).rows).toEqual([{ id: 3 }, { id: 4 }]);
    // A compiled query's slot (a string until its values are swapped in) and a fraction stay parameters.
    expect(
      db
        .selectFrom('n')
        .select('id')
        .limit('\u0000slot:limit' as never)
        .compile().sql,
    ).toMatch(/ limit \?$/);
    expect(db.selectFrom('n').select('id').limit(2.5).compile().sql).toMatch(/ limit \?$/);
    await db.destroy();
  });

  it('does the same on PostgreSQL', () => {
    // Compiling needs no connection: the pool is never asked for one.
    const db = new Kysely<{ n: { id: number } }>({ dialect: new PortalPostgresDialect({ pool: {} as never }) });
    const inlined = db.selectFrom('n').select('id').where('id', '>', 1).orderBy('id').limit(2).offset(1).compile();
    expect(inlined.sql).toMatch(/ limit 2 offset \$2$/);
    expect(inlined.parameters).toEqual([1, 1]);
    expect(
      db
        .selectFrom('n')
        .select('id')
        .limit('\u0000slot:limit' as never)
        .compile().sql,
    ).toMatch(/ limit \$1$/);
  });
});

describe.each(DIALECTS)('hot-path queries (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const companyByName = compiledQuery<{ name: string; minId: number }>()((db, slot) =>
    db.selectFrom('companies').select(['id', 'name']).where('name', '=', slot('name')).where('id', '>=', slot('minId')).orderBy('id'),
  );

  it('a compiled query answers with the values of each call, inside and outside transactions', async () => {
    const a = await t.createCompany('hot-a');
    const b = await t.createCompany('hot-b');
    expect(await companyByName(t.ctx.db, { name: 'hot-a', minId: 0 })).toEqual([{ id: a, name: 'hot-a' }]);
    expect(await companyByName(t.ctx.db, { name: 'hot-b', minId: 0 })).toEqual([{ id: b, name: 'hot-b' }]);
    expect(await companyByName(t.ctx.db, { name: 'hot-b', minId: b + 1 })).toEqual([]);
    const inTrx = await t.ctx.db.transaction().execute((trx) => companyByName(trx, { name: 'hot-a', minId: a }));
    expect(inTrx).toEqual([{ id: a, name: 'hot-a' }]);
  });

  it('an id list bound as one value keeps one SQL text for every length and matches exactly those ids', async () => {
    const ids = [await t.createCompany('list-a'), await t.createCompany('list-b'), await t.createCompany('list-c')];
    const byIds = compiledQuery<{ ids: unknown }>()((db, slot) =>
      db
        .selectFrom('companies')
        .select('id')
        .where(inIdList(db, 'id', slot('ids')))
        .orderBy('id'),
    );
    const run = async (list: number[]) => (await byIds(t.ctx.db, { ids: idListValue(dialect, list) })).map((r) => Number(r.id));
    expect(await run([])).toEqual([]);
    expect(await run([ids[1]!])).toEqual([ids[1]]);
    expect(await run([ids[2]!, ids[0]!, 999_999])).toEqual([ids[0], ids[2]]);
    const sqlOf = (n: number) =>
      t.ctx.db
        .selectFrom('companies')
        .select('id')
        .where(inIdList(t.ctx.db, 'id', Array(n).fill(0)))
        .compile().sql;
    expect(sqlOf(1)).toBe(sqlOf(40));
  });

  it('a compiled read waits for a transaction open elsewhere and never sees its uncommitted rows', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const didInsert = new Promise<void>((r) => (inserted = r));
    const writer = writeTransaction(t.ctx, async (trx) => {
      await trx.insertInto('companies').values({ name: 'hot-uncommitted', name_kana: '', created_at: 1, updated_at: 1 }).execute();
      inserted();
      await gate;
      throw new Error('rolled back on purpose');
    }).catch((e: Error) => e.message);
    await didInsert;
    const read = companyByName(t.ctx.db, { name: 'hot-uncommitted', minId: 0 });
    release();
    expect(await read).toEqual([]);
    expect(await writer).toBe('rolled back on purpose');
    const committed = await writeTransaction(t.ctx, (trx) =>
      trx
        .insertInto('companies')
        .values({ name: 'hot-committed', name_kana: '', created_at: 1, updated_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    expect(await companyByName(t.ctx.db, { name: 'hot-committed', minId: 0 })).toEqual([{ id: committed.id, name: 'hot-committed' }]);
  });

  it('a repeated parameterised query keeps answering with fresh values (prepared or named statement reuse)', async () => {
    const id = await t.createCompany('hot-c');
    for (const name of ['x1', 'x2', 'x3']) {
      await t.ctx.db.updateTable('companies').set({ name }).where('id', '=', id).execute();
      const row = await t.ctx.db.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.name).toBe(name);
    }
  });

  it.runIf(dialect === 'postgres')('a named statement survives a column added by another process', async () => {
    await sql`create table perf_stale (id integer primary key, a text)`.execute(t.ctx.db);
    await sql`insert into perf_stale (id, a) values (1, 'x')`.execute(t.ctx.db);
    // One connection for the whole check, so the prepared statement is the one reused.
    await t.ctx.db.connection().execute(async (conn) => {
      const read = () =>
        conn
          .selectFrom('perf_stale' as never)
          .selectAll()
          .where('id' as never, '=', 1 as never)
          .execute();
      expect(await read()).toEqual([{ id: 1, a: 'x' }]);
      expect(await read()).toEqual([{ id: 1, a: 'x' }]);
      await sql`alter table perf_stale add column b text default 'y'`.execute(conn);
      expect(await read()).toEqual([{ id: 1, a: 'x', b: 'y' }]);
    });
  });

  // PostgreSQL keeps a named statement's generic plan only if it costs no more than the custom
  // ones; with a bound LIMIT or OFFSET it never did, and home's news was planned on every view.
  it.runIf(dialect === 'postgres')('home news keeps a generic plan on a connection after a few runs', async () => {
    const companyId = await t.createCompany('hot-news');
    const user = await t.createUser({ companyId });
    await t.ctx.db.connection().execute(async (conn) => {
      const ctx = { ...t.ctx, db: conn };
      for (let i = 0; i < 8; i++) await newsPage(ctx, { id: user.id, companyId } as never, { kind: 'home' }, { page: 1, limit: 10 });
      const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
        select generic_plans, custom_plans from pg_prepared_statements where statement like '%information_reads%count(*) over ()%'`.execute(
        conn,
      );
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.generic_plans)).toBeGreaterThanOrEqual(2);
      expect(Number(rows[0]!.custom_plans)).toBeLessThanOrEqual(6);
    });
  });

  it('group access (one LEFT JOIN of group and membership) answers a member and 404s a non-member', async () => {
    const companyId = await t.createCompany();
    const member = await t.createUser({ companyId });
    const outsider = await t.createUser({ companyId });
    const groupId = await t.createGroup(companyId);
    await t.addMember(groupId, member.id, { role_admin: 1 });
    const url = `/service/api/v1/members/me/groups/${groupId}`;
    const ok = await t.inject({ method: 'GET', url, token: await t.login(member) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().items.id).toBe(groupId);
    const refused = await t.inject({ method: 'GET', url, token: await t.login(outsider) });
    expect(refused.statusCode).toBe(404);
  });

  it('compresses JSON over 1 KB for a client that accepts it, and leaves small answers alone', async () => {
    const big = await t.inject({ method: 'GET', url: '/service/api/v1/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()).openapi).toBeTruthy();
    const plain = await t.inject({ method: 'GET', url: '/service/api/v1/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toBeTruthy();
    const small = await t.inject({ method: 'GET', url: '/service/api/v1/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it.runIf(dialect === 'postgres')('runs with JIT off on every pooled connection (short queries pay its compile time)', async () => {
    const rows = await Promise.all([1, 2, 3].map(() => sql<{ jit: string }>`show jit`.execute(t.ctx.db)));
    expect(rows.map((r) => r.rows[0]!.jit)).toEqual(['off', 'off', 'off']);
  });
});
