import { importPKCS8, SignJWT } from 'jose';
import type { FirebaseConfig } from './config';

/** Firebase Auth accepts custom tokens only with this audience (its custom-token format). */
export const CUSTOM_TOKEN_AUDIENCE = 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit';
/** The format's maximum; the client signs in again with a fresh one when it runs out. */
export const CUSTOM_TOKEN_SECONDS = 3600;

/**
 * A Firebase custom token for a portal user, as firebase-admin's createCustomToken makes it: a JWT
 * signed RS256 with the service account's key, `iss`/`sub` the account, `uid` the portal user id
 * as a string (the mirror's `userIds` hold the same strings, so rules can compare them). Real
 * time, not the app clock: Firebase judges iat/exp against its own clock. Never logged.
 */
export async function customToken(fb: FirebaseConfig, userId: number): Promise<{ token: string; expiresAt: number }> {
  const now = Math.floor(Date.now() / 1000);
  const key = await importPKCS8(fb.credentials.privateKeyPem, 'RS256');
  const token = await new SignJWT({ uid: String(userId) })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(fb.credentials.clientEmail)
    .setSubject(fb.credentials.clientEmail)
    .setAudience(CUSTOM_TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + CUSTOM_TOKEN_SECONDS)
    .sign(key);
  return { token, expiresAt: (now + CUSTOM_TOKEN_SECONDS) * 1000 };
}
