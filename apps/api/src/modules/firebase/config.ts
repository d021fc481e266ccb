import fs from 'node:fs';

/**
 * Firebase as an optional second transport: FCM for pushes to app tokens (next to Web Push) and a
 * Firestore mirror of realtime events (next to the WebSocket). Both speak Google's REST APIs with
 * an OAuth2 access token obtained from a service account; the URLs are Google's unless overridden
 * (tests point them at stand-ins on loopback).
 */
export interface FirebaseConfig {
  projectId: string;
  credentials: ServiceAccount;
  tokenUrl: string;
  fcmUrl: string;
  firestoreUrl: string;
  /** Pushes also go to the FCM tokens of devices (FIREBASE_FCM, on unless "0"). */
  fcm: boolean;
  /** Realtime events are also written to this Firestore collection (FIREBASE_REALTIME=firestore). */
  firestoreCollection: string | undefined;
  /** Firestore mirror documents older than this are deleted by a periodic job (the live window). */
  liveWindowMs: number;
  /**
   * The web app's public config (FIREBASE_WEB_*): with it and the Firestore mirror on, browsers
   * listen on Firestore instead of the WebSocket (custom token from POST /realtime/firebase-token).
   */
  web: FirebaseWebConfig | undefined;
}

/** Public by design (Firebase puts it in every web page); security comes from the rules. */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  appId: string | undefined;
}

/**
 * The service account's identity and key. toJSON hides the key so a config dumped into a log or
 * an error report never carries it.
 */
export class ServiceAccount {
  constructor(
    readonly clientEmail: string,
    readonly privateKeyPem: string,
    readonly projectId: string | undefined,
    readonly tokenUri: string | undefined,
  ) {}
  toJSON() {
    return { clientEmail: this.clientEmail, privateKey: '[redacted]' };
  }
}

type Env = Record<string, string | undefined>;

/** FIREBASE_SERVICE_ACCOUNT is the key file's JSON itself or the path of the file. */
function readServiceAccount(raw: string): ServiceAccount {
  const text = raw.trimStart().startsWith('{') ? raw : readKeyFile(raw);
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // The message must not echo the text: it is a private key.
    throw new Error('FIREBASE_SERVICE_ACCOUNT is not valid JSON (a service-account key file or its path)');
  }
  const email = json.client_email;
  const key = json.private_key;
  if (typeof email !== 'string' || typeof key !== 'string' || !key.includes('PRIVATE KEY')) {
    throw new Error('FIREBASE_SERVICE_ACCOUNT needs client_email and private_key (a service-account key)');
  }
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return new ServiceAccount(email, key, str(json.project_id), str(json.token_uri));
}

function readKeyFile(file: string): string {
  try {
    return fs.readFileSync(file.trim(), 'utf8');
  } catch (err) {
    throw new Error(`FIREBASE_SERVICE_ACCOUNT: cannot read the key file (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

const strip = (url: string) => url.replace(/\/+$/, '');

export function firebaseOf(env: Env): FirebaseConfig | undefined {
  const raw = env.FIREBASE_SERVICE_ACCOUNT?.trim();
  if (!raw) {
    if (env.FIREBASE_PROJECT_ID || env.FIREBASE_REALTIME === 'firestore') {
      throw new Error('FIREBASE_SERVICE_ACCOUNT is required when Firebase is configured');
    }
    return undefined;
  }
  const credentials = readServiceAccount(raw);
  const projectId = env.FIREBASE_PROJECT_ID?.trim() || credentials.projectId;
  if (!projectId) throw new Error('FIREBASE_PROJECT_ID is required (the service account names no project_id)');
  const realtime = env.FIREBASE_REALTIME?.trim() || 'websocket';
  if (realtime !== 'websocket' && realtime !== 'firestore')
    throw new Error(`FIREBASE_REALTIME must be websocket or firestore, got "${realtime}"`);
  const collection = env.FIREBASE_FIRESTORE_COLLECTION?.trim() || 'portal_realtime';
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(collection)) throw new Error('FIREBASE_FIRESTORE_COLLECTION must be a plain collection id');
  return {
    projectId,
    credentials,
    tokenUrl: env.FIREBASE_TOKEN_URL || credentials.tokenUri || 'https://oauth2.googleapis.com/token',
    fcmUrl: strip(env.FIREBASE_FCM_URL || 'https://fcm.googleapis.com'),
    firestoreUrl: strip(env.FIREBASE_FIRESTORE_URL || 'https://firestore.googleapis.com'),
    fcm: env.FIREBASE_FCM !== '0',
    firestoreCollection: realtime === 'firestore' ? collection : undefined,
    liveWindowMs: 60_000,
    web: webConfigOf(env, projectId),
  };
}

function webConfigOf(env: Env, projectId: string): FirebaseWebConfig | undefined {
  const apiKey = env.FIREBASE_WEB_API_KEY?.trim();
  if (!apiKey) return undefined;
  return {
    apiKey,
    authDomain: env.FIREBASE_WEB_AUTH_DOMAIN?.trim() || `${projectId}.firebaseapp.com`,
    appId: env.FIREBASE_WEB_APP_ID?.trim() || undefined,
  };
}

/** Browsers use the Firestore transport only with the mirror on and the web config given. */
export function browserFirestore(
  fb: FirebaseConfig | undefined,
): (FirebaseConfig & { firestoreCollection: string; web: FirebaseWebConfig }) | undefined {
  return fb?.firestoreCollection && fb.web ? (fb as FirebaseConfig & { firestoreCollection: string; web: FirebaseWebConfig }) : undefined;
}

/**
 * What the Firebase web SDK connects to (sign-in, token refresh, Firestore's listen channel):
 * the page's connect-src allows them only when browsers use the Firestore transport.
 */
export const FIREBASE_BROWSER_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://firestore.googleapis.com',
];
