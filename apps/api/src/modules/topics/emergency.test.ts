import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../kernel';
import type { MailMessage } from '../../mail';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { EMERGENCY_MAIL_JOB, parseClock, stopWindowEnd } from './emergency';
import { actor, API, groupWith, postTopic, type Actor } from './fixtures.test-util';
import { newWorkerId, runDueJobs } from '../../kernel';

const HOUR = 3_600_000;
/** 2026-11-02 09:00 in Tokyo. */
const NINE_JST = Date.UTC(2026, 10, 2, 0, 0);

describe('emergency stop window', () => {
  it('reads HH:MM and refuses anything else', () => {
    expect(parseClock('08:30')).toBe(510);
    expect(parseClock('8:05:00')).toBe(485);
    for (const bad of [null, '', '24:00', '12:60', 'noon', '12-00']) expect(parseClock(bad)).toBeNull();
  });

  it('gives the end of the window the moment is in, in Tokyo time, across midnight too', () => {
    expect(stopWindowEnd(NINE_JST, '08:00', '10:00')).toBe(NINE_JST + HOUR);
    expect(stopWindowEnd(NINE_JST, '09:00', '10:00')).toBe(NINE_JST + HOUR);
    // Half open: the end minute itself is outside.
    expect(stopWindowEnd(NINE_JST, '07:00', '09:00')).toBeNull();
    expect(stopWindowEnd(NINE_JST, '10:00', '12:00')).toBeNull();
    // 22:00-07:00 holds 23:30 (ends next morning) and 06:00 (ends that morning), not 09:00.
    expect(stopWindowEnd(NINE_JST, '22:00', '07:00')).toBeNull();
    expect(stopWindowEnd(NINE_JST + 14.5 * HOUR, '22:00', '07:00')).toBe(NINE_JST + 22 * HOUR);
    expect(stopWindowEnd(NINE_JST - 3 * HOUR, '22:00', '07:00')).toBe(NINE_JST - 2 * HOUR);
    // No window without both bounds, or with equal bounds.
    expect(stopWindowEnd(NINE_JST, '08:00', null)).toBeNull();
    expect(stopWindowEnd(NINE_JST, '09:00', '09:00')).toBeNull();
  });
});

describe.each(DIALECTS)('emergency mail: stop windows and once per address (%s)', (dialect) => {
  let t: TestApp;
  let author: Actor;
  let quiet: Actor;
  let night: Actor;
  let flaky: Actor;
  let g: number;

  const outbox = () => {
    const dir = path.join(t.config.dataDir, 'outbox');
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : [];
  };
  /** Recipients of the mails written since `before` (a list of outbox files). */
  const sentTo = (before: string[]) =>
    outbox()
      .filter((f) => !before.includes(f))
      .map((f) => /^To: (.+)$/m.exec(fs.readFileSync(f, 'utf8'))![1]!.trim())
      .sort();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    t.clock.set(NINE_JST);
    const company = await t.createCompany();
    author = await actor(t, { companyId: company });
    quiet = await actor(t, { companyId: company });
    night = await actor(t, { companyId: company });
    flaky = await actor(t, { companyId: company });
    g = await groupWith(t, company, [
      [author.id, { role_edit_topic: 1 }],
      [quiet.id, {}],
      [night.id, {}],
      [flaky.id, {}],
    ]);
    const notify = (who: Actor, patch: Record<string, unknown>) =>
      t.inject({ method: 'PATCH', url: `${API}/members/me/settings/setting_notify_news`, token: who.token, payload: patch as never });
    expect((await notify(quiet, { emergency_stop_notify_start: '08:00', emergency_stop_notify_end: '10:00' })).statusCode).toBe(200);
    await notify(night, {
      emergency_stop_notify_start: '22:00',
      emergency_stop_notify_end: '07:00',
      second_email_emergency: 'night-phone@mobile.example',
      second_email_emergency_option: true,
    });
  });
  afterAll(() => t.close());

  it('mails who is free now, retries only the failed address, mails the rest when their window ends, never twice', async () => {
    const failing: AppContext = {
      ...t.ctx,
      mailer: {
        async send(m: MailMessage) {
          if (m.to === flaky.email) throw new Error('smtp refused');
          await t.ctx.mailer.send(m);
        },
        close() {},
      },
    };
    const start = outbox();
    const id = await postTopic(t, author.token, g, { emergency_contact: true, topic_title: '【至急】停電のお知らせ' });
    await runDueJobs(failing, newWorkerId());
    expect(sentTo(start)).toEqual([night.email, 'night-phone@mobile.example'].sort());
    const deliver = await t.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'topic.deliver')
      .where('ref_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(deliver).toMatchObject({ done_at: null, last_error: 'smtp refused' });
    const later = await t.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', EMERGENCY_MAIL_JOB)
      .where('ref_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(later.run_at).toBe(NINE_JST + HOUR);

    // The retry a minute later mails the failed address and nobody again.
    t.clock.advance(60_000);
    await runDueJobs(t.ctx, newWorkerId());
    expect(sentTo(start)).toEqual([night.email, 'night-phone@mobile.example', flaky.email].sort());
    expect(
      (await t.ctx.db.selectFrom('jobs').select('done_at').where('id', '=', deliver.id).executeTakeFirstOrThrow()).done_at,
    ).not.toBeNull();

    // The quiet member is mailed when their window closes at 10:00.
    t.clock.set(NINE_JST + HOUR - 1);
    await runDueJobs(t.ctx, newWorkerId());
    expect(sentTo(start)).toHaveLength(3);
    t.clock.set(NINE_JST + HOUR);
    await runDueJobs(t.ctx, newWorkerId());
    expect(sentTo(start)).toEqual([night.email, 'night-phone@mobile.example', flaky.email, quiet.email].sort());
    expect(
      (await t.ctx.db.selectFrom('jobs').select('done_at').where('id', '=', later.id).executeTakeFirstOrThrow()).done_at,
    ).not.toBeNull();

    // Both jobs run again from scratch (a crash after sending, a stale claim): no second mail.
    await t.ctx.db
      .updateTable('jobs')
      .set({ done_at: null, claimed_by: null, claimed_at: null, run_at: t.clock() })
      .where('id', 'in', [deliver.id, later.id])
      .execute();
    await runDueJobs(t.ctx, newWorkerId());
    expect(sentTo(start)).toHaveLength(4);
    const sends = await t.ctx.db.selectFrom('topic_mail_sends').select(['user_id', 'email']).where('topic_id', '=', id).execute();
    expect(sends).toHaveLength(4);
    expect(sends.some((s) => s.user_id === author.id)).toBe(false);
  });

  it('a topic taken out of the emergency state before the window ends mails nobody late', async () => {
    t.clock.set(NINE_JST + 24 * HOUR);
    for (const u of [author, quiet, night, flaky]) u.token = await t.login(u);
    const start = outbox();
    const id = await postTopic(t, author.token, g, { emergency_contact: true });
    await runDueJobs(t.ctx, newWorkerId());
    expect(sentTo(start)).toEqual([night.email, 'night-phone@mobile.example', flaky.email].sort());
    await t.ctx.db.updateTable('topics').set({ in_bin: 1, moved_to_bin_at: t.clock() }).where('id', '=', id).execute();
    t.clock.advance(HOUR);
    await runDueJobs(t.ctx, newWorkerId());
    expect(sentTo(start)).toHaveLength(3);
    const job = await t.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', EMERGENCY_MAIL_JOB)
      .where('ref_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job.done_at).not.toBeNull();
  });
});
