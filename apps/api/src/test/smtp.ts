import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  messages: ParsedMail[];
  /** Recipients refused at RCPT TO (550) while listed; change it mid-test to fail a send. */
  refuse: Set<string>;
  /** Resolves with the next message (or one already received beyond `seen`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** Ports this workspace may use (18100-18199); parallel test files pick different ones. */
const PORT_MIN = 18150;
const PORT_MAX = 18199;

async function listenInRange(server: SMTPServer): Promise<number> {
  const start = PORT_MIN + Math.floor(Math.random() * (PORT_MAX - PORT_MIN + 1));
  for (let k = 0; k <= PORT_MAX - PORT_MIN; k++) {
    const port = PORT_MIN + ((start - PORT_MIN + k) % (PORT_MAX - PORT_MIN + 1));
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.server.once('error', onError);
      server.server.listen(port, '127.0.0.1', () => {
        server.server.off('error', onError);
        resolve(true);
      });
    });
    if (ok) return (server.server.address() as AddressInfo).port;
  }
  throw new Error('no free port in 18150-18199 for the test SMTP server');
}

/** An in-process SMTP server that parses every message it receives, for real-mail tests. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refuse.has(address.address.toLowerCase())) return callback();
      const err = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
      callback(err);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  // Port-in-use errors are handled by listenInRange; without a listener the emitter would throw.
  server.on('error', () => {});
  const port = await listenInRange(server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse,
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${messages.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
