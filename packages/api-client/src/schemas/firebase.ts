import { z } from 'zod';
import { envelope } from './common';

/**
 * POST /realtime/firebase-token: which realtime transport the browser uses. With the
 * Firestore mirror and the web config set up, a Firebase custom token for the caller and the
 * public web config; otherwise `websocket` (the default: the portal's own socket).
 */
export const firebaseTokenResponse = envelope(
  z.discriminatedUnion('transport', [
    z.object({ transport: z.literal('websocket') }),
    z.object({
      transport: z.literal('firestore'),
      /** The Firebase auth uid: the portal user id as a string (the documents' userIds). */
      uid: z.string(),
      token: z.string(),
      /** Epoch ms; the client asks for a new token before this. */
      expires_at: z.number(),
      /** FIREBASE_FIRESTORE_COLLECTION; the collections are `<prefix>_group_chats`, `_messages`, … */
      collection_prefix: z.string(),
      /** The six collections to listen on, named by the server so client and mirror agree. */
      collections: z.array(z.string()),
      web_config: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string(), appId: z.string().optional() }),
    }),
  ]),
);
export type FirebaseTokenAnswer = z.infer<typeof firebaseTokenResponse>['items'];
