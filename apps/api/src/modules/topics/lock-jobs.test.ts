import fs from 'node:fs';
import path from 'node:path';
import { TOPIC_LOCK_TTL_MS } from '@portal/api-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { cleanBins } from './delivery';
import { actor, groupWith, postTopic, T, topicBody, type Actor } from './fixtures.test-util';
import { newWorkerId, runDueJobs } from '../../kernel';

const outbox = (t: TestApp) => {
  const dir = path.join(t.config.dataDir, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')) : [];
};

describe.each(DIALECTS)('edit lock, scheduled delivery and jobs (%s)', (dialect) => {
  let t: TestApp;
  let company: number;
  let a: Actor;
  let b: Actor;
  let reader: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    company = await t.createCompany();
    a = await actor(t, { companyId: company });
    b = await actor(t, { companyId: company });
    reader = await actor(t, { companyId: company });
    g = await groupWith(t, company, [
      [a.id, { role_edit_topic: 1 }],
      [b.id, { role_edit_topic: 1 }],
      [reader.id, {}],
    ]);
  });
  afterAll(() => t.close());
  // The tests move the clock by minutes and days; fresh access tokens keep the callers logged in.
  beforeEach(async () => {
    for (const u of [a, b, reader]) u.token = await t.login(u);
  });

  const post = (url: string, token: string, payload: unknown = {}) => t.inject({ method: 'POST', url, token, payload: payload as never });
  const lock = (id: number, token: string, lock_token?: string) =>
    post(`${T(g)}/check-lock-topic/${id}`, token, lock_token ? { lock_token } : {});

  it('one editor at a time; release lets the next in; expiry hands the lock over and ends the old session', async () => {
    const id = await postTopic(t, a.token, g, { is_multiple_edit: true });
    const first = await lock(id, a.token);
    expect(first.statusCode).toBe(200);
    const aToken = first.json().items.lock_token as string;
    const refused = await lock(id, b.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status_code: 'TOPIC_BEING_EDITED' });
    // B cannot save around the lock either.
    expect((await post(`${T(g)}/update-topic/${id}`, b.token, topicBody())).json().status_code).toBe('TOPIC_BEING_EDITED');

    // Refreshing keeps it alive past the original expiry.
    t.clock.advance(TOPIC_LOCK_TTL_MS - 1000);
    expect((await lock(id, a.token, aToken)).statusCode).toBe(200);
    t.clock.advance(TOPIC_LOCK_TTL_MS - 1000);
    expect((await lock(id, b.token)).statusCode).toBe(409);

    // Closing the editor releases it.
    await t.inject({ method: 'PUT', url: `${T(g)}/unlock-topic/${id}`, token: a.token, payload: { lock_token: aToken } });
    const bLock = await lock(id, b.token);
    expect(bLock.statusCode).toBe(200);
    const bToken = bLock.json().items.lock_token as string;
    expect(
      (await post(`${T(g)}/update-topic/${id}`, b.token, topicBody({ topic_title: 'B', is_multiple_edit: true, lock_token: bToken })))
        .statusCode,
    ).toBe(200);

    // B walks away; after expiry A takes over and B's save is refused as an ended session.
    t.clock.advance(TOPIC_LOCK_TTL_MS + 1);
    for (const u of [a, b]) u.token = await t.login(u);
    const again = await lock(id, a.token);
    expect(again.statusCode).toBe(200);
    const late = await post(
      `${T(g)}/update-topic/${id}`,
      b.token,
      topicBody({ topic_title: 'B late', is_multiple_edit: true, lock_token: bToken }),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().status_code).toBe('EDIT_SESSION_ENDED');
    expect((await lock(id, b.token, bToken)).json().status_code).toBe('EDIT_SESSION_ENDED');
    const detail = await t.inject({ method: 'GET', url: `${T(g)}/get-topic-detail/${id}`, token: a.token });
    expect(detail.json().items.topic_title).toBe('B');
  });

  it('two editors racing for a free lock: exactly one wins', async () => {
    const id = await postTopic(t, a.token, g, { is_multiple_edit: true });
    const results = await Promise.all([lock(id, a.token), lock(id, b.token), lock(id, a.token), lock(id, b.token)]);
    const winners = new Set(results.filter((r) => r.statusCode === 200).map((r) => r.json().items.lock_token));
    const holder = await t.ctx.db.selectFrom('topic_locks').selectAll().where('topic_id', '=', id).executeTakeFirstOrThrow();
    expect(winners.has(holder.token)).toBe(true);
    const losers = results.filter((r) => r.statusCode !== 200);
    expect(losers.every((r) => r.json().status_code === 'TOPIC_BEING_EDITED')).toBe(true);
  });

  it('a scheduled topic is its author’s alone until its time, then appears unread and mails once if urgent', async () => {
    const when = t.clock() + 3_600_000;
    const id = await postTopic(t, a.token, g, { delivery_date: when, emergency_contact: true, topic_title: '緊急：避難訓練' });
    const seen = async (token: string) =>
      (await t.inject({ method: 'GET', url: `${T(g)}/get-not-delete-topics?limit=50`, token }))
        .json()
        .items.data.find((r: { id: number }) => r.id === id);
    expect((await seen(a.token)).is_scheduled).toBe(true);
    expect(await seen(reader.token)).toBeUndefined();
    expect((await t.inject({ method: 'GET', url: `${T(g)}/get-topic-detail/${id}`, token: reader.token })).statusCode).toBe(404);
    const mailsBefore = outbox(t).length;
    expect(await runDueJobs(t.ctx, newWorkerId())).toBeGreaterThanOrEqual(0);
    expect(outbox(t).length).toBe(mailsBefore);

    t.clock.set(when);
    reader.token = await t.login(reader);
    const row = await seen(reader.token);
    expect(row).toMatchObject({ is_read: false, is_scheduled: false, emergency_contact: true });
    const count = (await t.inject({ method: 'GET', url: `${T(g)}/count-topic`, token: reader.token })).json().items;
    expect(count.unread).toBeGreaterThanOrEqual(1);

    await runDueJobs(t.ctx, newWorkerId());
    await runDueJobs(t.ctx, newWorkerId());
    const mails = outbox(t).slice(mailsBefore);
    // Every member but the author, once each.
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.includes('Subject:') && m.includes(`/group/${g}/topic/${id}`))).toBe(true);
    const job = await t.ctx.db.selectFrom('jobs').selectAll().where('ref_id', '=', id).where('kind', '=', 'topic.deliver').execute();
    expect(job).toHaveLength(1);
    expect(job[0]!.done_at).not.toBeNull();
  });

  it('rescheduling a waiting topic moves its one delivery job', async () => {
    const first = t.clock() + 60_000;
    const later = t.clock() + 7_200_000;
    const id = await postTopic(t, a.token, g, { delivery_date: first });
    const upd = await post(`${T(g)}/update-topic/${id}`, a.token, topicBody({ delivery_date: later }));
    expect(upd.statusCode).toBe(200);
    expect(upd.json().items).toMatchObject({ delivery_date: later, is_scheduled: true });
    const jobs = await t.ctx.db.selectFrom('jobs').selectAll().where('ref_id', '=', id).where('kind', '=', 'topic.deliver').execute();
    expect(jobs.map((j) => j.run_at)).toEqual([later]);
    t.clock.set(first + 1);
    reader.token = await t.login(reader);
    expect((await t.inject({ method: 'GET', url: `${T(g)}/get-topic-detail/${id}`, token: reader.token })).statusCode).toBe(404);
  });

  it('refuses a delivery time in the past', async () => {
    const res = await post(`${T(g)}/new-topic`, a.token, topicBody({ delivery_date: t.clock() - 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ delivery_date: ['validation.deadline_future'] });
  });

  it('the bin empties itself after the group’s auto-delete days, through the periodic job', async () => {
    const g2 = await groupWith(t, company, [[a.id, { role_edit_topic: 1 }]]);
    await t.ctx.db.updateTable('groups').set({ auto_delete_day: 2 }).where('id', '=', g2).execute();
    const old = await postTopic(t, a.token, g2);
    const recent = await postTopic(t, a.token, g2);
    await post(`${T(g2)}/move-topics-to-bin`, a.token, { topic_ids: [old] });
    t.clock.advance(86_400_000);
    await post(`${T(g2)}/move-topics-to-bin`, a.token, { topic_ids: [recent] });
    t.clock.advance(86_400_000 + 1);
    const periodic = await t.ctx.db.selectFrom('jobs').selectAll().where('kind', '=', 'topics.bin-cleanup').executeTakeFirstOrThrow();
    expect(periodic.done_at).toBeNull();
    await runDueJobs(t.ctx, newWorkerId(), 100);
    const left = await t.ctx.db.selectFrom('topics').select('id').where('group_id', '=', g2).execute();
    expect(left.map((r) => r.id)).toEqual([recent]);
    const rearmed = await t.ctx.db.selectFrom('jobs').selectAll().where('id', '=', periodic.id).executeTakeFirstOrThrow();
    expect(rearmed.run_at).toBeGreaterThan(t.clock());
    expect(rearmed.done_at).toBeNull();
    expect(await cleanBins(t.ctx)).toBe(0);
  });

  if (dialect === 'postgres') {
    it('a job is claimed once by two API processes on the same database', async () => {
      const second = await buildApp({ ...t.config });
      await second.ready();
      try {
        const when = t.clock() + 60_000;
        const id = await postTopic(t, a.token, g, { delivery_date: when, emergency_contact: true });
        t.clock.set(when);
        const before = outbox(t).length;
        const ran = await Promise.all([
          runDueJobs(t.ctx, 'proc-a'),
          runDueJobs(second.ctx, 'proc-b'),
          runDueJobs(t.ctx, 'proc-a2'),
          runDueJobs(second.ctx, 'proc-b2'),
        ]);
        const job = await t.ctx.db
          .selectFrom('jobs')
          .selectAll()
          .where('ref_id', '=', id)
          .where('kind', '=', 'topic.deliver')
          .executeTakeFirstOrThrow();
        expect(job.done_at).not.toBeNull();
        expect(job.attempts).toBe(1);
        expect(ran.reduce((s, n) => s + n, 0)).toBeGreaterThanOrEqual(1);
        expect(outbox(t).length - before).toBe(2);
      } finally {
        await second.close();
      }
    });
  }

  it('survives a restart: a job queued by one process is run by the next one', async () => {
    const when = t.clock() + 120_000;
    const id = await postTopic(t, a.token, g, { delivery_date: when, emergency_contact: true });
    // A fresh app on the same database stands in for the restarted process.
    const restarted = await buildApp({ ...t.config });
    await restarted.ready();
    try {
      const before = outbox(t).length;
      // Housekeeping jobs (bin cleanups and the like) may be due now; the delivery must not be.
      await runDueJobs(restarted.ctx, 'after-restart');
      const waiting = await t.ctx.db
        .selectFrom('jobs')
        .selectAll()
        .where('ref_id', '=', id)
        .where('kind', '=', 'topic.deliver')
        .executeTakeFirstOrThrow();
      expect([waiting.claimed_by, waiting.done_at]).toEqual([null, null]);
      expect(outbox(t).length).toBe(before);
      t.clock.set(when);
      expect(await runDueJobs(restarted.ctx, 'after-restart')).toBeGreaterThanOrEqual(1);
      const job = await t.ctx.db
        .selectFrom('jobs')
        .selectAll()
        .where('ref_id', '=', id)
        .where('kind', '=', 'topic.deliver')
        .executeTakeFirstOrThrow();
      expect(job.claimed_by).toBe('after-restart');
      expect(job.done_at).not.toBeNull();
      expect(outbox(t).length - before).toBe(2);
    } finally {
      await restarted.close();
    }
  });
});
