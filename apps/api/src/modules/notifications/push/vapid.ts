import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const cache = new Map<string, VapidKeys>();

/**
 * The server's VAPID key pair. From VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when both are set (a
 * deployment with several hosts shares them that way); otherwise made once and kept in
 * DATA_DIR/vapid.json. Browsers bind a subscription to the public key, so a new pair would
 * silently orphan every stored subscription: the file is created exclusively ('wx') so two
 * processes starting together end up with the same pair, and it is never rewritten.
 */
export function vapidKeys(dataDir: string, env: NodeJS.ProcessEnv = process.env, publicUrl = 'http://localhost'): VapidKeys {
  const subject = env.VAPID_SUBJECT || (publicUrl.startsWith('https:') ? publicUrl : 'mailto:push@localhost');
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const file = path.join(dataDir, 'vapid.json');
  const hit = cache.get(file);
  if (hit) return { ...hit, subject };
  let keys: { publicKey: string; privateKey: string };
  try {
    keys = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(dataDir, { recursive: true });
    const made = webpush.generateVAPIDKeys();
    try {
      writeFileSync(file, JSON.stringify(made), { flag: 'wx', mode: 0o600 });
      keys = made;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      keys = JSON.parse(readFileSync(file, 'utf8'));
    }
  }
  const out = { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
  cache.set(file, out);
  return out;
}
