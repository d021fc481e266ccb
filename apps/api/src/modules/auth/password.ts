import argon2 from 'argon2';

/**
 * argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): strong, yet a login stays
 * around 20 ms so the lockout and rate limits, not CPU, bound guessing.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash must not turn into a 500 that reveals the account exists.
    return false;
  }
}

let dummy: Promise<string> | null = null;

/** Spends the same time as a real check, so an unknown login is not told apart by latency. */
export async function burnVerify(password: string): Promise<void> {
  dummy ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummy, password);
}
