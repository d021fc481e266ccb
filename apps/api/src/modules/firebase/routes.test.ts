import { createPublicKey } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { actor, API, type Actor } from '../notifications/testing';
import { CUSTOM_TOKEN_AUDIENCE } from './custom-token';
import { startGoogleStandIn } from './stand-in.test-util';

const URL_ = `${API}/realtime/firebase-token`;
const WEB = { FIREBASE_REALTIME: 'firestore', FIREBASE_WEB_API_KEY: 'AIza-test-key', FIREBASE_WEB_APP_ID: '1:123:web:abc' };
const page = (app: import('fastify').FastifyInstance) => {
  app.get('/__test/page', async (_req, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><p>x</p>'));
};
const connectSrc = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('connect-src')) ?? '';

/**
 * POST /realtime/firebase-token: the browser's transport choice; with Firebase realtime and the
 * web config set up, a custom token Firebase Auth accepts (RS256 with the service account key).
 */
describe.each(DIALECTS)('Firebase custom token for the browser (%s)', (dialect) => {
  let g: Awaited<ReturnType<typeof startGoogleStandIn>>;
  let on: TestApp;
  let plain: TestApp;
  let mirrorOnly: TestApp;
  let a: Actor;

  beforeAll(async () => {
    g = await startGoogleStandIn();
    on = await createTestApp(dialect, { firebase: g.config(WEB) }, page);
    plain = await createTestApp(dialect, {}, page);
    // The mirror for app clients, without the web config: browsers stay on the WebSocket.
    mirrorOnly = await createTestApp(dialect, { firebase: g.config({ FIREBASE_REALTIME: 'firestore' }) });
    a = await actor(on, { companyId: await on.createCompany() });
  });
  afterAll(async () => {
    await Promise.all([on.close(), plain.close(), mirrorOnly.close()]);
    await g.close();
  });

  it('refuses an anonymous caller', async () => {
    expect((await on.inject({ method: 'POST', url: URL_ })).statusCode).toBe(401);
  });

  it('answers websocket when Firebase realtime is not configured for browsers', async () => {
    for (const t of [plain, mirrorOnly]) {
      const u = await actor(t, { companyId: await t.createCompany() });
      const res = await t.inject({ method: 'POST', url: URL_, token: u.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toEqual({ transport: 'websocket' });
    }
    const csp = (await plain.inject({ method: 'GET', url: '/__test/page' })).headers['content-security-policy'];
    expect(connectSrc(csp)).toBe("connect-src 'self'");
  });

  it('gives a custom token signed with the service account key, uid = the user id, at most an hour', async () => {
    const res = await on.inject({ method: 'POST', url: URL_, token: a.token });
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items).toMatchObject({
      transport: 'firestore',
      uid: String(a.id),
      collection_prefix: 'portal_realtime',
      web_config: { apiKey: 'AIza-test-key', authDomain: 'portal-test.firebaseapp.com', projectId: 'portal-test', appId: '1:123:web:abc' },
    });
    expect(items.collections).toEqual(
      ['group_chats', 'messages', 'unread_notifications', 'like_notifications', 'comment_notifications', 'events'].map(
        (s) => `portal_realtime_${s}`,
      ),
    );
    const email = JSON.parse(g.serviceAccount).client_email as string;
    const publicKey = createPublicKey(JSON.parse(g.serviceAccount).private_key as string);
    const { payload } = await jwtVerify(items.token, publicKey, {
      issuer: email,
      subject: email,
      audience: CUSTOM_TOKEN_AUDIENCE,
      algorithms: ['RS256'],
    });
    expect(decodeProtectedHeader(items.token)).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(payload.uid).toBe(String(a.id));
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(3600);
    expect(Math.abs(payload.iat! * 1000 - Date.now())).toBeLessThan(60_000);
    expect(items.expires_at).toBe(payload.exp! * 1000);
    // Answers are not cached anywhere (a POST), and the token never reaches the log lines.
    expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
  });

  it('lets pages connect to the Firebase endpoints only when configured', async () => {
    const csp = (await on.inject({ method: 'GET', url: '/__test/page' })).headers['content-security-policy'];
    expect(connectSrc(csp)).toBe(
      "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://firestore.googleapis.com",
    );
  });
});
