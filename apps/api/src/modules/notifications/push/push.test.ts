import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
// @ts-expect-error http_ece ships no types; it is web-push's own decoder of RFC 8188 bodies.
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../../test/harness';
import { createChat, send } from '../../chat/testing';
import { actor, API, comment, groupWith, postTopic, type Actor } from '../fixtures.test-util';
import { pushTransport } from './transport';
import { newWorkerId, runDueJobs } from '../../../kernel';

/**
 * A loopback HTTPS push service (self-signed certificate) stands in for FCM/Mozilla: it records
 * each request, and a browser-side key pair made here decrypts the aes128gcm body (RFC 8291),
 * so the test checks what a real browser would show.
 */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function pushService(dir: string) {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const received: Received[] = [];
  let status = 201;
  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
    });
  });
  return { server, received, ca: fs.readFileSync(cert), setStatus: (s: number) => (status = s) };
}

function browser(base: string, name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const subscription = {
    endpoint: `${base}/push/${name}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
  const open = (r: Received) =>
    JSON.parse(ece.decrypt(r.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') }).toString('utf8'));
  return { token: JSON.stringify(subscription), path: `/push/${name}`, open };
}

describe.each(DIALECTS)('Web Push (%s)', (dialect) => {
  let t: TestApp;
  let a: Actor;
  let b: Actor;
  let outsider: Actor;
  let g: number;
  let svc: ReturnType<typeof pushService>;
  let base: string;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'push-test-'));
  const savedHosts = process.env.PUSH_ALLOWED_HOSTS;

  beforeAll(async () => {
    svc = pushService(tmp);
    await new Promise<void>((r) => svc.server.listen(0, '127.0.0.1', r));
    base = `https://127.0.0.1:${(svc.server.address() as AddressInfo).port}`;
    process.env.PUSH_ALLOWED_HOSTS = '127.0.0.1';
    pushTransport.agent = new https.Agent({ ca: svc.ca });
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    a = await actor(t, { companyId: company });
    b = await actor(t, { companyId: company });
    outsider = await actor(t, { companyId: company });
    g = await groupWith(t, company, [
      [a.id, { role_edit_topic: 1 }],
      [b.id, { role_edit_topic: 1 }],
    ]);
    await groupWith(t, company, [[outsider.id, {}]]);
  });
  afterAll(async () => {
    pushTransport.agent = undefined;
    if (savedHosts === undefined) delete process.env.PUSH_ALLOWED_HOSTS;
    else process.env.PUSH_ALLOWED_HOSTS = savedHosts;
    svc.server.close();
    await t.close();
  });

  const register = (token: string, device: string) =>
    t.inject({ method: 'PATCH', url: `${API}/auth/update-device-token`, token, payload: { token: device } });
  const drain = async () => {
    while ((await runDueJobs(t.ctx, newWorkerId())) > 0) {
      // until no job is due
    }
  };
  const to = (p: string) => svc.received.filter((r) => r.path === p);

  it('serves one VAPID public key, kept in DATA_DIR across restarts', async () => {
    expect((await t.inject({ method: 'GET', url: `${API}/notification/push-public-key` })).statusCode).toBe(401);
    const res = await t.inject({ method: 'GET', url: `${API}/notification/push-public-key`, token: a.token });
    expect(res.statusCode).toBe(200);
    const key = res.json().items.public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const file = JSON.parse(fs.readFileSync(path.join(t.ctx.config.dataDir, 'vapid.json'), 'utf8'));
    expect(file.publicKey).toBe(key);
  });

  it('refuses a subscription to a push service that is not allowed, or a malformed one (400)', async () => {
    const evil = JSON.stringify({ endpoint: 'https://169.254.169.254/latest', keys: { p256dh: 'AAAA', auth: 'BBBB' } });
    expect((await register(a.token, evil)).statusCode).toBe(400);
    expect((await register(a.token, '{"endpoint":1}')).statusCode).toBe(400);
    expect((await register(a.token, '')).statusCode).toBe(400);
    expect((await t.inject({ method: 'PATCH', url: `${API}/auth/update-device-token`, payload: { token: 'x' } })).statusCode).toBe(401);
  });

  it('pushes a chat message to the other members, encrypted, once, with the page to open', async () => {
    const phoneA = browser(base, 'a1');
    const phoneB = browser(base, 'b1');
    const phoneOut = browser(base, 'o1');
    expect((await register(a.token, phoneA.token)).statusCode).toBe(200);
    expect((await register(b.token, phoneB.token)).statusCode).toBe(200);
    expect((await register(outsider.token, phoneOut.token)).statusCode).toBe(200);
    const chat = await createChat(t, a.token, g, [b.id], '設計');
    await send(t, a.token, chat, '東京の打ち合わせは 10 時から');
    // Two workers at once still push once.
    await Promise.all([drain(), drain()]);
    await drain();
    expect(to(phoneA.path)).toHaveLength(0);
    expect(to(phoneOut.path)).toHaveLength(0);
    const got = to(phoneB.path);
    expect(got).toHaveLength(1);
    expect(got[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(String(got[0]!.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const msg = phoneB.open(got[0]!);
    expect(msg).toMatchObject({ body: '東京の打ち合わせは 10 時から', redirect_to: `/chat/detail/${chat}`, isRead: false, badge: 1 });
    // A chat of two has no name of its own: the sender is the title.
    expect(msg.title).toBe('山田 太郎');
  });

  it('pushes a reply to the author of the answered comment, and an emergency topic to its readers', async () => {
    const phoneA = browser(base, 'a2');
    const phoneB = browser(base, 'b2');
    await register(a.token, phoneA.token);
    await register(b.token, phoneB.token);
    const topic = await postTopic(t, a.token, g, { topic_title: '週報' });
    const mine = await comment(t, a.token, g, topic, { content: '<p>確認お願いします</p>' });
    const reply = await comment(t, b.token, g, topic, { content: '<p>了解です</p>', parent_id: mine });
    await drain();
    const r = to(phoneA.path);
    expect(r).toHaveLength(1);
    expect(phoneA.open(r[0]!)).toMatchObject({
      body: '週報: 了解です',
      redirect_to: `/group/${g}/topic/${topic}?commentSearchId=${reply}`,
    });
    expect(to(phoneB.path)).toHaveLength(0);

    const urgent = await postTopic(t, a.token, g, { topic_title: '停電のお知らせ', emergency_contact: true });
    await drain();
    const e = to(phoneB.path);
    expect(e).toHaveLength(1);
    expect(e[0]!.headers.urgency).toBe('high');
    expect(phoneB.open(e[0]!)).toMatchObject({ title: '【緊急連絡】停電のお知らせ', redirect_to: `/group/${g}/topic/${urgent}` });
    expect(to(phoneA.path)).toHaveLength(1);
  });

  it('retries a failed push without duplicates and forgets a subscription the service calls gone', async () => {
    const phoneB = browser(base, 'b3');
    await register(b.token, phoneB.token);
    const chat = await createChat(t, a.token, g, [b.id], '再送');
    svc.setStatus(500);
    await send(t, a.token, chat, '一回目');
    await drain();
    const failed = to(phoneB.path).length;
    expect(failed).toBeGreaterThanOrEqual(1);
    svc.setStatus(201);
    t.clock.advance(2 * 60_000);
    a.token = await t.login(a);
    await drain();
    const ok = to(phoneB.path);
    expect(ok).toHaveLength(failed + 1);
    t.clock.advance(10 * 60_000);
    a.token = await t.login(a);
    await drain();
    expect(to(phoneB.path)).toHaveLength(failed + 1);

    svc.setStatus(410);
    await send(t, a.token, chat, '二回目');
    await drain();
    svc.setStatus(201);
    const left = await t.ctx.db.selectFrom('device_tokens').select('id').where('token', '=', phoneB.token).execute();
    expect(left).toHaveLength(0);
  });

  it('holds a push back inside the stop window and sends it when the window ends', async () => {
    b.token = await t.login(b);
    a.token = await t.login(a);
    const phoneB = browser(base, 'b4');
    await register(b.token, phoneB.token);
    // A window around now (Tokyo time) for an hour.
    const tokyo = new Date(t.clock() + 9 * 3_600_000);
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const patch = { regular_stop_notify_start: hh(tokyo.getUTCHours()), regular_stop_notify_end: hh(tokyo.getUTCHours() + 1) };
    const set = await t.inject({ method: 'PATCH', url: `${API}/members/me/settings/setting_notify_news`, token: b.token, payload: patch });
    expect(set.statusCode).toBe(200);
    const chat = await createChat(t, a.token, g, [b.id], '夜間');
    await send(t, a.token, chat, '明日の件');
    await drain();
    expect(to(phoneB.path)).toHaveLength(0);
    t.clock.advance(61 * 60_000);
    await drain();
    expect(to(phoneB.path)).toHaveLength(1);
  });

  it('forgets the device on delete-device-token: nothing is pushed to it after logout', async () => {
    b.token = await t.login(b);
    a.token = await t.login(a);
    const phoneB = browser(base, 'b5');
    await register(b.token, phoneB.token);
    const del = await t.inject({
      method: 'POST',
      url: `${API}/auth/delete-device-token`,
      token: b.token,
      payload: { token: phoneB.token },
    });
    expect(del.statusCode).toBe(200);
    const chat = await createChat(t, a.token, g, [b.id], '退出後');
    await send(t, a.token, chat, 'こんにちは');
    await drain();
    expect(to(phoneB.path)).toHaveLength(0);
  });
});
