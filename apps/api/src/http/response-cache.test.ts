import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createWriteEpoch, isWriteSql } from '../db/write-epoch';
import { createTestApp, DIALECTS, testClock, type TestApp } from '../test/harness';
import { actor, groupWith, postTopic, T, type Actor } from '../modules/topics/fixtures.test-util';
import { API } from '../modules/groups/fixtures.test-util';
import { createResponseCache, responseKey } from './response-cache';

const bytes = (s: string) => Buffer.from(s);
const text = (b: Buffer | undefined) => b?.toString();

describe('the response cache itself', () => {
  it('answers while the epoch stands and the TTL has not passed, and keeps nothing read across a write', () => {
    const clock = testClock();
    const writes = createWriteEpoch();
    const cache = createResponseCache(2000, clock, writes);
    const key = responseKey(1, 'ja', '/x');
    cache.store(key, cache.epoch(), bytes('a'));
    expect(text(cache.get(key))).toBe('a');
    expect(cache.get(responseKey(2, 'ja', '/x'))).toBeUndefined();
    expect(cache.get(responseKey(1, 'en', '/x'))).toBeUndefined();
    clock.advance(1999);
    expect(text(cache.get(key))).toBe('a');
    clock.advance(1);
    expect(cache.get(key)).toBeUndefined();

    cache.store(key, cache.epoch(), bytes('b'));
    writes.bump();
    expect(cache.get(key)).toBeUndefined();
    expect(cache.size).toBe(0);

    const before = cache.epoch();
    writes.bump(); // a write completed while the request was reading
    cache.store(key, before, bytes('stale'));
    expect(cache.get(key)).toBeUndefined();
  });

  it('bounds what it holds: entries too large are not kept, and the oldest go first', () => {
    const cache = createResponseCache(2000, testClock(), createWriteEpoch());
    cache.store('huge', cache.epoch(), bytes('x'.repeat(256 * 1024 + 1)));
    expect(cache.get('huge')).toBeUndefined();
    const big = bytes('y'.repeat(200 * 1024));
    for (let i = 0; i < 100; i++) cache.store(`k${i}`, cache.epoch(), big);
    expect(cache.bytes).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k99')).toBe(big);
    // Counted in bytes: a Japanese answer takes three per character.
    cache.store('k99', cache.epoch(), bytes('ア'));
    expect([text(cache.get('k99')), cache.bytes]).toEqual(['ア', (cache.size - 1) * big.length + 3]);
  });

  it('counts every statement that may change rows as a write, and plain reads not', () => {
    for (const sql of [
      'insert into t values (1)',
      'UPDATE t SET a = 1',
      'delete from t',
      'with x as (select 1) insert into t select * from x',
      'select * from t for update',
      'commit',
      'rollback',
      'create table t (a int)',
      'pragma foreign_keys = on',
    ]) {
      expect(isWriteSql(sql), sql).toBe(true);
    }
    for (const sql of [
      'select * from "topics" where "updated_at" > ?',
      '(select 1) union (select 2)',
      'with x as (select 1) select * from x',
      'begin',
      'savepoint sp1',
      'set plan_cache_mode = force_generic_plan',
      'reset plan_cache_mode',
    ]) {
      expect(isWriteSql(sql), sql).toBe(false);
    }
  });

  it('is off when REDIS_URL runs the portal as several processes', async () => {
    expect(loadConfig({ RESPONSE_CACHE_MS: '99999' }).responseCacheMs).toBe(10_000);
    const t = await createTestApp('sqlite', { redisUrl: 'redis://127.0.0.1:6379', responseCacheMs: 2000 });
    try {
      expect(t.ctx.caches.responses).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe.each(DIALECTS)('hot reads through the response cache (%s)', (dialect) => {
  let t: TestApp;
  let alice: Actor;
  let bob: Actor;
  let group: number;
  let other: number;
  const get = (token: string, url: string, headers?: Record<string, string>) =>
    t.inject({ method: 'GET', url, token, ...(headers ? { headers } : {}) });
  const feed = (g: number) => `${T(g)}/get-not-delete-topics?page=1`;
  const titles = async (token: string, g: number) =>
    ((await get(token, feed(g))).json().items.data as { title: string }[]).map((r) => r.title);

  /** An UPDATE the portal does not see: another connection, as an operator's psql would be. */
  async function writeBehindTheBack(sql: string): Promise<void> {
    if (dialect === 'sqlite') {
      const other = new Database(path.join(t.config.dataDir, 'portal.sqlite'));
      other.exec(sql);
      other.close();
    } else {
      const client = new pg.Client({ connectionString: t.config.databaseUrl });
      await client.connect();
      await client.query(sql);
      await client.end();
    }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { responseCacheMs: 2000 });
    const company = await t.createCompany();
    alice = await actor(t, { companyId: company });
    bob = await actor(t, { companyId: company });
    group = await groupWith(t, company, [
      [alice.id, { role_edit_topic: 1 }],
      [bob.id, { role_edit_topic: 1 }],
    ]);
    other = await groupWith(t, company, [[bob.id, {}]]);
  });
  afterAll(() => t.close());

  it('answers the same call again from the cache, for the TTL at most', async () => {
    const topic = await postTopic(t, alice.token, group, { topic_title: '最初の題名' });
    expect(await titles(alice.token, group)).toContain('最初の題名');
    await writeBehindTheBack(`update topics set title = '裏で変えた題名' where id = ${topic}`);
    // Kept: the write did not go through this process, so the answer read before it stands.
    expect(await titles(alice.token, group)).toContain('最初の題名');
    t.clock.advance(2000);
    expect(await titles(alice.token, group)).toContain('裏で変えた題名');
  });

  it('sees every write of the portal at once: another user’s post, a like, a direct edit', async () => {
    expect(await titles(alice.token, group)).not.toContain('ボブの投稿');
    const topic = await postTopic(t, bob.token, group, { topic_title: 'ボブの投稿' });
    expect(await titles(alice.token, group)).toContain('ボブの投稿');

    const detail = `${T(group)}/get-topic-detail/${topic}`;
    const likes = async () => (await get(alice.token, detail)).json().items.liker_count as number;
    const before = await likes();
    expect(
      (await t.inject({ method: 'POST', url: `${T(group)}/like-or-dislike-topic/${topic}`, token: bob.token, payload: { is_like: true } }))
        .statusCode,
    ).toBe(200);
    expect(await likes()).toBe(before + 1);

    await t.ctx.db.updateTable('topics').set({ title: '直接の編集' }).where('id', '=', topic).execute();
    expect(await titles(alice.token, group)).toContain('直接の編集');
  });

  it('answers each user with their own data and refuses a removed member and an ended login at once', async () => {
    const mine = `${API}/members/me/groups?page=1`;
    const ids = async (token: string) => ((await get(token, mine)).json().items.data as { id: number }[]).map((g) => g.id).sort();
    expect(await ids(alice.token)).toEqual([group]);
    expect(await ids(bob.token)).toEqual([group, other].sort());
    expect(await ids(alice.token)).toEqual([group]);

    const u = await actor(t, { companyId: alice.companyId });
    await t.addMember(group, u.id);
    expect((await get(u.token, feed(group))).statusCode).toBe(200);
    expect((await get(u.token, feed(group))).statusCode).toBe(200);
    await t.ctx.db.deleteFrom('group_members').where('group_id', '=', group).where('user_id', '=', u.id).execute();
    expect((await get(u.token, feed(group))).json()).toMatchObject({ status_code: 'GROUP_NOT_FOUND' });

    expect((await get(bob.token, feed(other))).statusCode).toBe(200);
    expect((await get(alice.token, feed(other))).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: `${API}/auth/logout`, token: bob.token, payload: {} })).statusCode).toBe(200);
    expect((await get(bob.token, feed(other))).json()).toMatchObject({ status_code: 'INVALID_TOKEN' });
    bob = { ...bob, token: await t.login(bob) };
  });

  it('sends the same bytes and type as an uncached answer, compressed when asked, and keys on the language', async () => {
    const url = feed(group);
    const first = await get(alice.token, url);
    const again = await get(alice.token, url);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(t.ctx.caches.responses!.get(responseKey(alice.id, undefined, url))?.toString()).toBe(first.body);
    expect(t.ctx.caches.responses!.get(responseKey(alice.id, 'en', url))).toBeUndefined();

    await postTopic(t, alice.token, group, { topic_title: 'x'.repeat(200), content: `<p>${'長い本文 '.repeat(200)}</p>` });
    const plain = await get(alice.token, url);
    const gz = await get(alice.token, url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves bad input and anonymous calls to the handler, however often they come', async () => {
    expect((await get(alice.token, `${T(group)}/get-not-delete-topics?orderBy=evil`)).statusCode).toBe(400);
    expect((await get(alice.token, `${T(group)}/get-not-delete-topics?orderBy=evil`)).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: feed(group) })).statusCode).toBe(401);
  });
});
