import fs from 'node:fs';
import path from 'node:path';
import { MAIL_DIR } from './env';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string | false;
}

/** Waits for a mail to `to` received by the run's SMTP server after `since` (epoch ms). */
export async function waitForMail(to: string, since: number, ms = 15_000): Promise<ReceivedMail> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const files = fs
      .readdirSync(MAIL_DIR)
      .filter((f) => Number(f.split('-')[0]) >= since)
      .sort();
    for (const f of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(MAIL_DIR, f), 'utf8')) as ReceivedMail;
      if (mail.to.toLowerCase().includes(to.toLowerCase())) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} arrived`);
}
