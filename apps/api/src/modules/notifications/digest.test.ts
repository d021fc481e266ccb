import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '../../mail';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { periodStart, sweepDigests, unsubscribeToken } from './digest';
import { actor, groupWith, postTopic, type Actor } from './fixtures.test-util';

const HOUR = 3_600_000;

describe.each(DIALECTS)('digest mails (%s)', (dialect) => {
  let t: TestApp;
  let a: Actor;
  let b: Actor;
  let g: number;
  const sent: MailMessage[] = [];
  let failNext = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // 09:00 Tokyo on a given day is a period start for the default settings (9 o'clock, 24 h).
    t.clock.set(Date.UTC(2026, 10, 2, 0, 30));
    const company = await t.createCompany();
    a = await actor(t, { companyId: company });
    b = await actor(t, { companyId: company });
    g = await groupWith(t, company, [
      [a.id, {}],
      [b.id, { role_edit_topic: 1 }],
    ]);
    t.ctx.mailer.send = vi.fn(async (m: MailMessage) => {
      if (failNext > 0) {
        failNext--;
        throw new Error('smtp down');
      }
      sent.push(m);
    });
  });
  afterAll(() => t.close());

  /** Moves the clock; access tokens expire meanwhile, so both log in again. */
  const advance = async (ms: number) => {
    t.clock.advance(ms);
    a.token = await t.login(a);
    b.token = await t.login(b);
  };
  const mailsTo = (email: string) => sent.filter((m) => m.to === email);
  const setNotify = (token: string, patch: object) =>
    t.inject({ method: 'PATCH', url: '/service/api/v1/members/me/settings/setting_notify_news', token, payload: patch });

  it('aligns periods on the notify hour in Tokyo', () => {
    expect(periodStart(Date.UTC(2026, 10, 2, 0, 30), 9, 24)).toBe(Date.UTC(2026, 10, 2, 0, 0));
    expect(periodStart(Date.UTC(2026, 10, 1, 23, 59), 9, 24)).toBe(Date.UTC(2026, 10, 1, 0, 0));
    expect(periodStart(Date.UTC(2026, 10, 2, 7, 0), 9, 6)).toBe(Date.UTC(2026, 10, 2, 6, 0));
  });

  it('mails each period once per address, never on the first sweep, in the user’s language, with one-click unsubscribe', async () => {
    await postTopic(t, b.token, g, { topic_title: '設備点検のお知らせ' });
    await sweepDigests(t.ctx);
    expect(mailsTo(a.email)).toHaveLength(0);

    await advance(24 * HOUR);
    // Two processes sweeping at once still send one mail.
    await Promise.all([sweepDigests(t.ctx), sweepDigests(t.ctx)]);
    await sweepDigests(t.ctx);
    const mine = mailsTo(a.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe('【グループポータル】未読が 1 件あります');
    expect(mine[0]!.text).toContain('・[トピック] 設備点検のお知らせ');
    expect(mine[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mine[0]!.headers?.['List-Unsubscribe']).toMatch(
      new RegExp(`^<http://portal.test/service/api/v1/notification/unsubscribe\\?u=${a.id}&t=`),
    );
    // The author has nothing unread: no mail.
    expect(mailsTo(b.email)).toHaveLength(0);
  });

  it('retries a failed send on the next sweep without sending twice', async () => {
    await advance(24 * HOUR);
    failNext = 1;
    const before = mailsTo(a.email).length;
    await sweepDigests(t.ctx);
    expect(failNext).toBe(0);
    expect(mailsTo(a.email).length).toBe(before);
    await sweepDigests(t.ctx);
    await sweepDigests(t.ctx);
    expect(mailsTo(a.email).length).toBe(before + 1);
  });

  it('holds mail inside the regular stop window and sends when it ends; second address and English', async () => {
    expect(
      (
        await setNotify(a.token, {
          regular_stop_notify_start: '09:00',
          regular_stop_notify_end: '10:00',
          second_email_regular: 'second@test.example',
          second_email_regular_option: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: 'PATCH', url: '/service/api/v1/members/me/setting-language', token: a.token, payload: { code: 'en' } }))
        .statusCode,
    ).toBe(200);
    await advance(24 * HOUR); // 09:30 Tokyo: inside the window
    const before = mailsTo(a.email).length;
    await sweepDigests(t.ctx);
    expect(mailsTo(a.email).length).toBe(before);
    await advance(HOUR);
    await sweepDigests(t.ctx);
    expect(mailsTo(a.email).length).toBe(before + 1);
    expect(mailsTo('second@test.example')).toHaveLength(1);
    expect(mailsTo('second@test.example')[0]!.subject).toBe('[Group Portal] 1 unread items');
  });

  it('stops after the one-click unsubscribe; a wrong token changes nothing', async () => {
    const hash = (await t.ctx.db.selectFrom('users').select('password_hash').where('id', '=', a.id).executeTakeFirstOrThrow())
      .password_hash;
    const url = (tok: string) => `/service/api/v1/notification/unsubscribe?u=${a.id}&t=${tok}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(
      (await t.inject({ method: 'POST', url: url('x'.repeat(43)), headers: form, payload: 'List-Unsubscribe=One-Click' })).statusCode,
    ).toBe(404);
    expect((await t.inject({ method: 'POST', url: `/service/api/v1/notification/unsubscribe?u=${a.id}` })).statusCode).toBe(400);
    expect(
      (await t.inject({ method: 'POST', url: url(unsubscribeToken(a.id, hash)), headers: form, payload: 'List-Unsubscribe=One-Click' }))
        .statusCode,
    ).toBe(200);
    const settings = (await t.inject({ method: 'GET', url: '/service/api/v1/members/me/settings', token: a.token })).json().items;
    expect(settings.setting_notify_news.schedule_email_option).toBe(false);
    await advance(24 * HOUR);
    const before = sent.length;
    await sweepDigests(t.ctx);
    expect(sent.slice(before).some((m) => m.to === a.email || m.to === 'second@test.example')).toBe(false);
  });
});
