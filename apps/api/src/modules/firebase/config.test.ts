import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { isFcmToken, tokenIsDead } from './fcm';
import { firebaseOf } from './config';

const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const account = JSON.stringify({ project_id: 'p1', client_email: 'svc@p1.iam.gserviceaccount.com', private_key: key });

describe('FIREBASE_* configuration', () => {
  it('is off without a service account, and refuses half a configuration', () => {
    expect(loadConfig({}).firebase).toBeUndefined();
    expect(() => firebaseOf({ FIREBASE_PROJECT_ID: 'p1' })).toThrow(/FIREBASE_SERVICE_ACCOUNT is required/);
  });

  it('takes the key as JSON or as a file path, with Google’s endpoints and FCM on by default', () => {
    const fromJson = firebaseOf({ FIREBASE_SERVICE_ACCOUNT: account })!;
    expect(fromJson).toMatchObject({
      projectId: 'p1',
      fcm: true,
      firestoreCollection: undefined,
      tokenUrl: 'https://oauth2.googleapis.com/token',
      fcmUrl: 'https://fcm.googleapis.com',
      firestoreUrl: 'https://firestore.googleapis.com',
    });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fb-')), 'sa.json');
    fs.writeFileSync(file, account);
    const fromFile = firebaseOf({
      FIREBASE_SERVICE_ACCOUNT: file,
      FIREBASE_PROJECT_ID: 'p2',
      FIREBASE_REALTIME: 'firestore',
      FIREBASE_FCM: '0',
    })!;
    expect(fromFile).toMatchObject({ projectId: 'p2', fcm: false, firestoreCollection: 'portal_realtime' });
    expect(() => firebaseOf({ FIREBASE_SERVICE_ACCOUNT: account, FIREBASE_REALTIME: 'pubsub' })).toThrow(/websocket or firestore/);
  });

  it('never puts the private key into an error message or a serialised config', () => {
    const broken = account.slice(0, -1);
    let message = '';
    try {
      firebaseOf({ FIREBASE_SERVICE_ACCOUNT: broken });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/not valid JSON/);
    expect(message).not.toContain('PRIVATE KEY');
    const dumped = JSON.stringify(loadConfig({ FIREBASE_SERVICE_ACCOUNT: account }));
    expect(dumped).not.toContain('PRIVATE KEY');
    expect(dumped).toContain('[redacted]');
  });

  it('tells an FCM registration token from a Web Push subscription', () => {
    expect(isFcmToken(`dGVzdA:APA91b${'x'.repeat(140)}`)).toBe(true);
    expect(isFcmToken('{"endpoint":"https://fcm.googleapis.com/fcm/send/abc"}')).toBe(false);
    expect(isFcmToken('short')).toBe(false);
  });
});

describe('which FCM answers forget a device', () => {
  const fcmError = (errorCode: string, extra: object[] = []) => [
    { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode },
    ...extra,
  ];
  it('404 UNREGISTERED and 400 on the token do; a 400 about the payload, 403, 429 and 5xx do not', () => {
    expect(tokenIsDead(404, { error: { status: 'NOT_FOUND', details: fcmError('UNREGISTERED') } })).toBe(true);
    const onToken = { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'message.token' }] };
    expect(tokenIsDead(400, { error: { status: 'INVALID_ARGUMENT', details: fcmError('INVALID_ARGUMENT', [onToken]) } })).toBe(true);
    const onPayload = { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'message.data' }] };
    expect(
      tokenIsDead(400, {
        error: { status: 'INVALID_ARGUMENT', message: 'Invalid JSON payload', details: fcmError('INVALID_ARGUMENT', [onPayload]) },
      }),
    ).toBe(false);
    expect(tokenIsDead(403, { error: { status: 'PERMISSION_DENIED', details: fcmError('SENDER_ID_MISMATCH') } })).toBe(false);
    expect(tokenIsDead(429, { error: { details: fcmError('QUOTA_EXCEEDED') } })).toBe(false);
    expect(tokenIsDead(503, {})).toBe(false);
  });
});
