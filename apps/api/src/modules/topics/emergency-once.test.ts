import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../kernel';
import type { MailMessage } from '../../mail';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { emergencyMessageId } from './emergency';
import { actor, groupWith, postTopic, type Actor } from './fixtures.test-util';
import { DELIVER_JOB } from './service';
import { LEASE_MS, newWorkerId, runDueJobs } from '../../kernel';

/**
 * Emergency mail through a real SMTP server: recipients refused in the middle of a send, and a
 * worker that dies while sending. Afterwards every address has exactly one mail.
 */
describe.each(DIALECTS)('emergency mail exactly once over SMTP (%s)', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let author: Actor;
  let members: Actor[];
  let g: number;

  /** How many mails each member's address has received for the topic with this subject. */
  const counts = (title: string) =>
    members.map((m) => smtp.messages.filter((x) => x.subject?.includes(title) && x.to && JSON.stringify(x.to).includes(m.email)).length);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(dialect, { smtpUrl: smtp.url });
    const company = await t.createCompany();
    author = await actor(t, { companyId: company });
    members = [];
    for (let i = 0; i < 4; i++) members.push(await actor(t, { companyId: company }));
    g = await groupWith(t, company, [
      [author.id, { role_edit_topic: 1 }],
      ...members.map((m) => [m.id, {}] as [number, Record<string, number>]),
    ]);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('addresses the server refused mid-send are mailed by the retry, the others never again', async () => {
    smtp.refuse.add(members[1]!.email.toLowerCase());
    smtp.refuse.add(members[2]!.email.toLowerCase());
    const title = '【至急】送信拒否の試験';
    const id = await postTopic(t, author.token, g, { emergency_contact: true, topic_title: title });
    await runDueJobs(t.ctx, newWorkerId());
    expect(counts(title)).toEqual([1, 0, 0, 1]);
    const job = await t.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'topic.deliver')
      .where('ref_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job.done_at).toBeNull();
    expect(job.last_error).toMatch(/mailbox unavailable/);
    // A refused address holds no claim: nothing marks it as mailed.
    const rows = await t.ctx.db.selectFrom('topic_mail_sends').selectAll().where('topic_id', '=', id).execute();
    expect(rows.map((r) => r.user_id).sort()).toEqual([members[0]!.id, members[3]!.id].sort());
    expect(rows.every((r) => r.sent_at !== null)).toBe(true);

    // Still refused on the first retry: still nobody twice.
    t.clock.advance(60_000);
    smtp.refuse.delete(members[1]!.email.toLowerCase());
    await runDueJobs(t.ctx, newWorkerId());
    expect(counts(title)).toEqual([1, 1, 0, 1]);

    smtp.refuse.clear();
    t.clock.advance(120_000);
    await runDueJobs(t.ctx, newWorkerId());
    expect(counts(title)).toEqual([1, 1, 1, 1]);
    expect((await t.ctx.db.selectFrom('jobs').select('done_at').where('id', '=', job.id).executeTakeFirstOrThrow()).done_at).not.toBeNull();

    // The job forced to run once more mails nobody.
    await t.ctx.db
      .updateTable('jobs')
      .set({ done_at: null, claimed_by: null, claimed_at: null, run_at: t.clock() })
      .where('id', '=', job.id)
      .execute();
    await runDueJobs(t.ctx, newWorkerId());
    expect(counts(title)).toEqual([1, 1, 1, 1]);
    const mail = smtp.messages.find((x) => x.subject?.includes(title) && JSON.stringify(x.to).includes(members[2]!.email))!;
    expect(mail.messageId).toBe(emergencyMessageId(id, members[2]!.id, members[2]!.email));
  });

  it('a worker killed mid-send: the take-over mails the one in flight and the rest, each once', async () => {
    const title = '【至急】送信中の停止';
    const victim = members[1]!.email;
    // The "process" dies inside this send: the promise never settles, no code after it runs,
    // and with no heartbeat its lease runs out like a killed process's.
    const dying: AppContext = {
      ...t.ctx,
      mailer: {
        send: (m: MailMessage) => (m.to === victim ? new Promise<void>(() => {}) : t.ctx.mailer.send(m)),
        close() {},
      },
    };
    const before = smtp.messages.length;
    const id = await postTopic(t, author.token, g, { emergency_contact: true, topic_title: title });
    void runDueJobs(dying, newWorkerId(), 20, { heartbeatMs: 1_000_000_000 });
    await smtp.waitFor(before + 1);
    // Wait for the victim's claim: the dead worker got that far.
    for (let i = 0; i < 100; i++) {
      const claim = await t.ctx.db
        .selectFrom('topic_mail_sends')
        .selectAll()
        .where('topic_id', '=', id)
        .where('email', '=', victim)
        .executeTakeFirst();
      if (claim) {
        expect(claim.sent_at).toBeNull();
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(counts(title)).toEqual([1, 0, 0, 0]);

    // Within the lease nobody else touches the delivery job (the Web Push job it queued may run).
    const deliveryOwner = async () =>
      (
        await t.ctx.db
          .selectFrom('jobs')
          .select('claimed_by')
          .where('kind', '=', DELIVER_JOB)
          .where('ref_id', '=', id)
          .executeTakeFirstOrThrow()
      ).claimed_by;
    const dead = await deliveryOwner();
    t.clock.advance(LEASE_MS - 1_000);
    await runDueJobs(t.ctx, newWorkerId());
    expect(await deliveryOwner()).toBe(dead);
    expect(counts(title)).toEqual([1, 0, 0, 0]);

    t.clock.advance(2_000);
    expect(await runDueJobs(t.ctx, newWorkerId())).toBeGreaterThanOrEqual(1);
    expect(counts(title)).toEqual([1, 1, 1, 1]);
    const rows = await t.ctx.db.selectFrom('topic_mail_sends').selectAll().where('topic_id', '=', id).execute();
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.sent_at !== null)).toBe(true);
  });
});
