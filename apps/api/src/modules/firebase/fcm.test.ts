import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { createChat, send } from '../chat/testing';
import { actor, API, comment, groupWith, postTopic, type Actor } from '../notifications/testing';
import { startGoogleStandIn } from './stand-in.test-util';
import { newWorkerId, runDueJobs } from '../../kernel';

/**
 * Pushes to FCM device tokens go through the same jobs as Web Push; the stand-in checks the
 * service-account JWT and records what FCM would deliver.
 */
const fcmToken = () => `${randomBytes(11).toString('base64url')}:APA91b${randomBytes(100).toString('base64url')}`;

describe.each(DIALECTS)('FCM push (%s)', (dialect) => {
  let t: TestApp;
  let g: Awaited<ReturnType<typeof startGoogleStandIn>>;
  let a: Actor;
  let b: Actor;
  let outsider: Actor;
  let group: number;

  beforeAll(async () => {
    g = await startGoogleStandIn();
    t = await createTestApp(dialect, { firebase: g.config(), publicUrl: 'https://portal.test' });
    const company = await t.createCompany();
    a = await actor(t, { companyId: company });
    b = await actor(t, { companyId: company });
    outsider = await actor(t, { companyId: company });
    group = await groupWith(t, company, [
      [a.id, { role_edit_topic: 1 }],
      [b.id, { role_edit_topic: 1 }],
    ]);
    await groupWith(t, company, [[outsider.id, {}]]);
  });
  afterAll(async () => {
    await t.close();
    await g.close();
  });

  const register = async (token: string, device: string) => {
    const res = await t.inject({ method: 'PATCH', url: `${API}/auth/update-device-token`, token, payload: { token: device } });
    expect(res.statusCode).toBe(200);
  };
  const drain = async () => {
    while ((await runDueJobs(t.ctx, newWorkerId())) > 0) {
      // until no job is due
    }
  };
  const to = (device: string) => g.fcm.filter((m) => m.token === device);
  const relogin = async () => {
    a.token = await t.login(a);
    b.token = await t.login(b);
  };

  it('pushes a chat message to the other members’ FCM tokens, once, with title, body and link', async () => {
    const phoneA = fcmToken();
    const phoneB = fcmToken();
    const tabletB = fcmToken();
    const phoneOut = fcmToken();
    await register(a.token, phoneA);
    await register(b.token, phoneB);
    await register(b.token, tabletB);
    await register(outsider.token, phoneOut);
    const chat = await createChat(t, a.token, group, [b.id], '設計');
    await send(t, a.token, chat, '東京の打ち合わせは 10 時から');
    await send(t, a.token, chat, '資料は共有フォルダに');
    // Two workers at once still push once per device.
    await Promise.all([drain(), drain()]);
    await drain();
    expect(to(phoneA)).toHaveLength(0);
    expect(to(phoneOut)).toHaveLength(0);
    expect(to(tabletB)).toHaveLength(2);
    const got = to(phoneB);
    expect(got).toHaveLength(2);
    // The two workers may deliver the second message's push first, so each is found by its
    // text; the badge is the device's own counter (1, then 2), taken just before each send.
    const first = got.find((m) => m.notification?.body === '東京の打ち合わせは 10 時から');
    expect(got.map((m) => m.notification?.body).sort()).toEqual(['東京の打ち合わせは 10 時から', '資料は共有フォルダに'].sort());
    expect(first?.notification).toEqual({ title: '山田 太郎', body: '東京の打ち合わせは 10 時から' });
    expect(first!.data).toMatchObject({
      redirect_to: `/chat/detail/${chat}`,
      link: `https://portal.test/chat/detail/${chat}`,
      isRead: 'false',
    });
    expect(first!.webpush?.fcm_options?.link).toBe(`https://portal.test/chat/detail/${chat}`);
    expect(got.map((m) => m.data.badge).sort()).toEqual(['1', '2']);
    // One OAuth exchange served every message: the access token is cached until it expires.
    expect(g.stats.exchanges).toBe(1);
    expect(g.stats.refused).toBe(0);
  });

  it('pushes a reply to the answered comment’s author and an emergency topic with high priority', async () => {
    const phoneA = fcmToken();
    const phoneB = fcmToken();
    await register(a.token, phoneA);
    await register(b.token, phoneB);
    const topic = await postTopic(t, a.token, group, { topic_title: '週報' });
    const mine = await comment(t, a.token, group, topic, { content: '<p>確認お願いします</p>' });
    const reply = await comment(t, b.token, group, topic, { content: '<p>了解です</p>', parent_id: mine });
    await drain();
    expect(to(phoneA)).toHaveLength(1);
    expect(to(phoneA)[0]!.notification.body).toBe('週報: 了解です');
    expect(to(phoneA)[0]!.data.redirect_to).toBe(`/group/${group}/topic/${topic}?commentSearchId=${reply}`);
    expect(to(phoneB)).toHaveLength(0);

    const urgent = await postTopic(t, a.token, group, { topic_title: '停電のお知らせ', emergency_contact: true });
    await drain();
    const e = to(phoneB);
    expect(e).toHaveLength(1);
    expect(e[0]!.notification.title).toBe('【緊急連絡】停電のお知らせ');
    expect(e[0]!.android.priority).toBe('HIGH');
    expect(e[0]!.data.redirect_to).toBe(`/group/${group}/topic/${urgent}`);
  });

  it('retries 429 and 5xx through the job runner without duplicates, and renews a revoked access token', async () => {
    await relogin();
    const phoneB = fcmToken();
    await register(b.token, phoneB);
    const chat = await createChat(t, a.token, group, [b.id], '再送');
    g.setFcmStatus(503);
    await send(t, a.token, chat, '一回目');
    await drain();
    expect(to(phoneB)).toHaveLength(0);
    g.setFcmStatus(429);
    t.clock.advance(2 * 60_000);
    await drain();
    expect(to(phoneB)).toHaveLength(0);
    g.setFcmStatus(200);
    g.revokeTokens();
    t.clock.advance(5 * 60_000);
    await relogin();
    await drain(); // 401: the cached token is dropped and the job retried
    t.clock.advance(10 * 60_000);
    await relogin();
    await drain();
    expect(to(phoneB)).toHaveLength(1);
    expect(to(phoneB)[0]!.notification.body).toBe('一回目');
    // The 401 dropped the revoked token and a second exchange got a fresh one.
    expect(g.stats.exchanges).toBe(2);
    t.clock.advance(30 * 60_000);
    await relogin();
    await drain();
    expect(to(phoneB)).toHaveLength(1);
  });

  it('deletes tokens FCM reports unregistered (404) or invalid (400 on the token), and keeps the others', async () => {
    await relogin();
    const gone = fcmToken();
    const invalid = fcmToken();
    const alive = fcmToken();
    for (const d of [gone, invalid, alive]) await register(b.token, d);
    g.fcmAnswer.set(gone, 404);
    g.fcmAnswer.set(invalid, 400);
    const chat = await createChat(t, a.token, group, [b.id], '整理');
    await send(t, a.token, chat, 'おはよう');
    await drain();
    const left = await t.ctx.db.selectFrom('device_tokens').select('token').where('user_id', '=', b.id).execute();
    const tokens = left.map((r) => r.token);
    expect(tokens).toContain(alive);
    expect(tokens).not.toContain(gone);
    expect(tokens).not.toContain(invalid);
    expect(to(alive)).toHaveLength(1);
    // Nothing left to retry: the dead tokens keep their claim, the job is done.
    const open = await t.ctx.db.selectFrom('jobs').select('id').where('done_at', 'is', null).where('kind', '=', 'push.chat').execute();
    expect(open).toHaveLength(0);
  });

  it('holds an FCM push back inside the stop window and sends it when the window ends', async () => {
    await relogin();
    const phoneB = fcmToken();
    await register(b.token, phoneB);
    const tokyo = new Date(t.clock() + 9 * 3_600_000);
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const patch = { regular_stop_notify_start: hh(tokyo.getUTCHours()), regular_stop_notify_end: hh(tokyo.getUTCHours() + 1) };
    expect(
      (await t.inject({ method: 'PATCH', url: `${API}/members/me/settings/setting_notify_news`, token: b.token, payload: patch }))
        .statusCode,
    ).toBe(200);
    const chat = await createChat(t, a.token, group, [b.id], '夜間');
    await send(t, a.token, chat, '明日の件');
    await drain();
    expect(to(phoneB)).toHaveLength(0);
    t.clock.advance(61 * 60_000);
    await drain();
    expect(to(phoneB)).toHaveLength(1);
  });
});
