import type { Kysely } from 'kysely';
import type { DB } from '../db';
import { enqueueJob } from './jobs';

/**
 * Push as other modules see it: topics and chat queue a push job of one of these kinds with the
 * write that causes it; notifications registers the handlers that plan and send it. Neither side
 * imports the other.
 */
export const PUSH_KINDS = { emergency: 'push.emergency', chat: 'push.chat', reply: 'push.reply' } as const;
export type PushKind = (typeof PUSH_KINDS)[keyof typeof PUSH_KINDS];

/** What a push message carries (spec section 3: title, body, redirect_to, isRead) plus a badge count. */
export interface PushMessage {
  title: string;
  body: string;
  redirect_to: string;
  isRead: boolean;
  badge: number;
}

/** A push service's answer that means the subscription is gone for good (RFC 8030 §7.3). */
export class SubscriptionGone extends Error {}

/** Queues the push of one event, once per event (and per `extra`, such as the comment answered). */
export async function queuePush(db: Kysely<DB>, kind: PushKind, refId: number, now: number, extra?: number): Promise<void> {
  const dedupeKey = extra === undefined ? `${kind}:${refId}` : `${kind}:${refId}:${extra}`;
  await enqueueJob(db, { kind, refId, runAt: now, dedupeKey, now });
}
