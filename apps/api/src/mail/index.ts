import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export const MAIL_FROM = 'Group Portal <no-reply@portal.example>';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (digest mails carry List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  /**
   * A fixed Message-ID ("<…@…>") for a mail that may be sent again after a crash: mail clients
   * show two mails with one Message-ID once.
   */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file into
 * `${DATA_DIR}/outbox/`, so the embedded setup works without a mail server and a developer can
 * open the reset link from the file.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'dataDir'>): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: MAIL_FROM, ...message });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: MAIL_FROM, ...message });
      await fs.mkdir(outbox, { recursive: true });
      const id = String(info.messageId).replace(/[^A-Za-z0-9.-]/g, '');
      await fs.writeFile(path.join(outbox, `${Date.now()}-${id}.eml`), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
