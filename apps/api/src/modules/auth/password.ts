import os from 'node:os';
import argon2 from 'argon2';
import { boundedQueue } from '../../http/shed';

/**
 * argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): strong, yet a login stays
 * around 20 ms so the lockout and rate limits, not CPU, bound guessing.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Every hash and verification waits its turn here: as many at once as there are cores, and at
 * most PASSWORD_HASH_QUEUE_MAX waiting (app.ts configures both). Beyond that the request is
 * answered 503 at once: a burst of logins under load otherwise piles up argon2 work that
 * never drains, and every other request waits behind it for the thread pool.
 */
export const passwordWork = boundedQueue(Math.max(1, os.availableParallelism()), 64, 'login service');

export function hashPassword(password: string): Promise<string> {
  return passwordWork.run(() => argon2.hash(password, OPTIONS));
}

/** `mayShed: false` for a caller that already passed `passwordWork.admit()` (login). */
export async function verifyPassword(hash: string, password: string, opts?: { mayShed?: boolean }): Promise<boolean> {
  return passwordWork.run(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      // A malformed stored hash must not turn into a 500 that reveals the account exists.
      return false;
    }
  }, opts);
}

let dummy: Promise<string> | null = null;

/** Spends the same time as a real check, so an unknown login is not told apart by latency. */
export async function burnVerify(password: string, opts?: { mayShed?: boolean }): Promise<void> {
  dummy ??= argon2.hash('dummy-password-for-timing', OPTIONS);
  await verifyPassword(await dummy, password, opts);
}
