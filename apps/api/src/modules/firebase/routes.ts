import { endpoints as e } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint as on } from '../../http/route';
import { browserFirestore } from './config';
import { customToken } from './custom-token';
import { COLLECTION_SUFFIXES } from './firestore';

/**
 * The browser's realtime transport. The shell asks once at start (logged in): with the
 * Firestore mirror and FIREBASE_WEB_* configured it gets a custom token and listens on Firestore;
 * otherwise `websocket`, the default. A clear answer rather than 404, so the default set-up does
 * not log a failed request on every page load.
 */
export async function firebaseRoutes(app: FastifyInstance): Promise<void> {
  on(app, e.firebaseToken, async ({ ctx, user }) => {
    const fb = browserFirestore(ctx.config.firebase);
    if (!fb) return { items: { transport: 'websocket' as const } };
    const { token, expiresAt } = await customToken(fb, user.id);
    const prefix = fb.firestoreCollection;
    return {
      items: {
        transport: 'firestore' as const,
        uid: String(user.id),
        token,
        expires_at: expiresAt,
        collection_prefix: prefix,
        collections: COLLECTION_SUFFIXES.map((s) => `${prefix}_${s}`),
        web_config: {
          apiKey: fb.web.apiKey,
          authDomain: fb.web.authDomain,
          projectId: fb.projectId,
          ...(fb.web.appId ? { appId: fb.web.appId } : {}),
        },
      },
    };
  });
}
