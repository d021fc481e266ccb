import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { firebaseOf, type FirebaseConfig } from './config';

/**
 * Google on loopback: an OAuth2 token endpoint that verifies the service account's RS256 JWT with
 * the public half of a key pair made here, an FCM v1 endpoint that records messages, and the
 * subset of the Firestore REST API the portal uses (commit with create/delete, runQuery with
 * ARRAY_CONTAINS / GREATER_THAN / LESS_THAN filters). Every API call must carry a token this
 * endpoint issued.
 */
export interface FcmReceived {
  token: string;
  notification: { title: string; body: string };
  data: Record<string, string>;
  android: { priority: string };
  webpush?: { fcm_options?: { link: string } };
}

type Value = Record<string, unknown>;
interface Doc {
  name: string;
  fields: Record<string, Value>;
}

const PROJECT = 'portal-test';
const EMAIL = 'portal@portal-test.iam.gserviceaccount.com';

export async function startGoogleStandIn() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const issued = new Set<string>();
  const fcm: FcmReceived[] = [];
  const docs = new Map<string, Doc>();
  /** What FCM answers for a given device token (default 200). */
  const fcmAnswer = new Map<string, number>();
  const stats = { exchanges: 0, refused: 0 };
  let fcmStatus = 200;
  let base = '';

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const fcmError = (status: number) => {
    if (status === 404)
      return {
        error: {
          code: 404,
          message: 'Requested entity was not found.',
          status: 'NOT_FOUND',
          details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
        },
      };
    if (status === 400) {
      return {
        error: {
          code: 400,
          message: 'The registration token is not a valid FCM registration token',
          status: 'INVALID_ARGUMENT',
          details: [
            { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INVALID_ARGUMENT' },
            {
              '@type': 'type.googleapis.com/google.rpc.BadRequest',
              fieldViolations: [{ field: 'message.token', description: 'Invalid registration token' }],
            },
          ],
        },
      };
    }
    if (status === 401) return { error: { code: 401, status: 'UNAUTHENTICATED' } };
    return { error: { code: status, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE' } };
  };

  async function handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
    const url = req.url ?? '';
    if (req.method === 'POST' && url === '/token') {
      const form = new URLSearchParams(raw);
      try {
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') throw new Error('grant');
        const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
          issuer: EMAIL,
          audience: `${base}/token`,
          algorithms: ['RS256'],
        });
        if (
          protectedHeader.alg !== 'RS256' ||
          !String(payload.scope).includes('firebase.messaging') ||
          !String(payload.scope).includes('datastore')
        )
          throw new Error('scope');
      } catch {
        stats.refused++;
        return send(res, 400, { error: 'invalid_grant' });
      }
      stats.exchanges++;
      const token = `ya29.${randomBytes(16).toString('hex')}`;
      issued.add(token);
      return send(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !issued.has(bearer)) return send(res, 401, fcmError(401));
    const body = JSON.parse(raw || '{}');
    if (url === `/v1/projects/${PROJECT}/messages:send`) {
      const msg = body.message as FcmReceived;
      const status = fcmAnswer.get(msg.token) ?? fcmStatus;
      if (status !== 200) return send(res, status, fcmError(status));
      fcm.push(msg);
      return send(res, 200, { name: `projects/${PROJECT}/messages/${fcm.length}` });
    }
    const docsRoot = `/v1/projects/${PROJECT}/databases/(default)/documents`;
    if (url === `${docsRoot}:commit`) {
      for (const w of body.writes as { update?: Doc; delete?: string; currentDocument?: { exists?: boolean } }[]) {
        if (w.update) {
          if (w.currentDocument?.exists === false && docs.has(w.update.name))
            return send(res, 409, { error: { status: 'ALREADY_EXISTS' } });
          docs.set(w.update.name, { name: w.update.name, fields: w.update.fields });
        } else if (w.delete) docs.delete(w.delete);
      }
      return send(res, 200, { commitTime: new Date().toISOString() });
    }
    if (url === `${docsRoot}:runQuery`) return send(res, 200, runQuery(body.structuredQuery));
    return send(res, 404, { error: { status: 'NOT_FOUND' } });
  }

  function scalar(v: Value | undefined): unknown {
    if (!v) return undefined;
    if ('timestampValue' in v) return Date.parse(String(v.timestampValue));
    if ('integerValue' in v) return Number(v.integerValue);
    return v.stringValue ?? v.doubleValue ?? v.booleanValue;
  }
  function matches(doc: Doc, filter: any): boolean {
    if (!filter) return true;
    if (filter.compositeFilter) return filter.compositeFilter.filters.every((f: unknown) => matches(doc, f));
    const { field, op, value } = filter.fieldFilter;
    const have = doc.fields[field.fieldPath];
    const want = scalar(value);
    if (op === 'ARRAY_CONTAINS') return ((have?.arrayValue as { values?: Value[] })?.values ?? []).some((v) => scalar(v) === want);
    const got = scalar(have) as number;
    if (op === 'GREATER_THAN') return got > (want as number);
    if (op === 'LESS_THAN') return got < (want as number);
    if (op === 'EQUAL') return got === want;
    throw new Error(`stand-in: op ${op} not served`);
  }
  function runQuery(q: any) {
    const prefix = `projects/${PROJECT}/databases/(default)/documents/${q.from[0].collectionId}/`;
    const hits = [...docs.values()].filter((d) => d.name.startsWith(prefix) && matches(d, q.where)).slice(0, q.limit ?? Infinity);
    const readTime = new Date().toISOString();
    return hits.length === 0 ? [{ readTime }] : hits.map((document) => ({ document, readTime }));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, Buffer.concat(chunks).toString('utf8'), res).catch((err) => send(res, 500, { error: String(err) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const serviceAccount = JSON.stringify({
    type: 'service_account',
    project_id: PROJECT,
    client_email: EMAIL,
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  });
  const config = (extra: Record<string, string> = {}): FirebaseConfig =>
    firebaseOf({
      FIREBASE_SERVICE_ACCOUNT: serviceAccount,
      FIREBASE_TOKEN_URL: `${base}/token`,
      FIREBASE_FCM_URL: base,
      FIREBASE_FIRESTORE_URL: base,
      ...extra,
    })!;

  return {
    base,
    config,
    serviceAccount,
    fcm,
    docs,
    fcmAnswer,
    stats,
    setFcmStatus: (s: number) => (fcmStatus = s),
    revokeTokens: () => issued.clear(),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
