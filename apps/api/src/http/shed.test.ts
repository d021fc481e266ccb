import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordWork } from '../modules/auth';
import { createTestApp, type TestApp, type TestUser } from '../test/harness';
import { boundedQueue, Overloaded } from './shed';

const API = '/service/api/v1';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

describe('boundedQueue', () => {
  it('runs up to its concurrency, queues up to its bound, and sheds the rest at once', async () => {
    const q = boundedQueue(1, 2, 'test');
    const g = gate();
    const done: number[] = [];
    const jobs = [1, 2, 3].map((n) => q.run(async () => (await g.opened, done.push(n), n)));
    expect(q.stats()).toEqual({ running: 1, queued: 2, shed: 0 });
    expect(() => q.run(async () => 4)).toThrow(Overloaded);
    expect(() => q.admit()).toThrow(Overloaded);
    expect(q.stats().shed).toBe(2);
    // A caller that was admitted before is not shed on its own turn.
    const forced = q.run(async () => 5, { mayShed: false });
    g.open();
    expect(await Promise.all([...jobs, forced])).toEqual([1, 2, 3, 5]);
    expect(done).toEqual([1, 2, 3]);
    expect(q.stats()).toEqual({ running: 0, queued: 0, shed: 2 });
    expect(() => q.admit()).not.toThrow();
  });

  it('a failing job frees its slot', async () => {
    const q = boundedQueue(1, 0, 'test');
    await expect(q.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await q.run(async () => 'next')).toBe('next');
  });
});

describe('a saturated PostgreSQL pool sheds new requests (postgres)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('postgres', { databasePoolMax: 2, databaseQueueMax: 2 });
    const user = await t.createUser();
    token = await t.login(user);
  });
  afterAll(() => t.close());

  it('answers 503 SERVICE_BUSY with Retry-After in well under 50 ms, and serves again once the queue drains', async () => {
    const g = gate();
    // Both connections held, two statements queued for them: the pool's queue is at its bound.
    const held = [0, 1].map(() => t.ctx.db.connection().execute(async (c) => (await g.opened, sql`select 1`.execute(c))));
    const queued = [0, 1].map(() => sql`select 1`.execute(t.ctx.db));
    await new Promise((r) => setTimeout(r, 50)); // the connections are open and held

    const started = performance.now();
    const shed = await t.inject({ method: 'GET', url: `${API}/members/me`, token });
    const ms = performance.now() - started;
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('1');
    expect(shed.json()).toEqual({ status_code: 'SERVICE_BUSY', message: expect.any(String) });
    expect(ms).toBeLessThan(50);

    g.open();
    await Promise.all([...held, ...queued]);
    expect((await t.inject({ method: 'GET', url: `${API}/members/me`, token })).statusCode).toBe(200);
  });
});

describe.each(['sqlite', 'postgres'] as const)('password hashing has a queue of its own (%s)', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect, { passwordHashQueueMax: 1 });
    user = await t.createUser();
  });
  afterAll(async () => {
    passwordWork.configure({ maxQueued: 32 });
    await t.close();
  });

  it('a login beyond the bound is answered 503 at once, counts no attempt, and goes through later', async () => {
    const g = gate();
    // Every hashing slot busy and the one queue place taken (more jobs than slots: some wait).
    const busy = Array.from({ length: 64 }, () => passwordWork.run(() => g.opened, { mayShed: false }));
    const started = performance.now();
    const res = await t.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { employee_number: user.employee_number, password: user.password },
    });
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json().status_code).toBe('SERVICE_BUSY');
    expect(ms).toBeLessThan(50);
    const throttles = await t.ctx.db.selectFrom('login_throttles').select('key').execute();
    expect(throttles).toEqual([]);

    g.open();
    await Promise.all(busy);
    const ok = await t.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: { employee_number: user.employee_number, password: user.password },
    });
    expect(ok.statusCode).toBe(200);
  });
});
