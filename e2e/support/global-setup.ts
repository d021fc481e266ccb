import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { DATA_DIR, E2E_PORT, E2E_ROOT, E2E_SMTP_PORT, MAIL_DIR, RUN_DIR } from './env';
import { startPortal } from './portal';
import { startLineProvider } from '../../apps/api/src/modules/auth/line/provider.test-util';

/** The stand-in LINE provider's channel (line-login.spec.ts logs in through it). */
export const E2E_LINE = {
  channelId: '1650009999',
  channelSecret: 'e2e-line-channel-secret-0123456789abcdef',
  sub: 'Ue2eLineUser',
  email: 'line-user@e2e.example',
};

/** A real SMTP server: every message is parsed and written to MAIL_DIR as JSON for the tests. */
function startSmtp(): Promise<SMTPServer> {
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
          const file = path.join(MAIL_DIR, `${Date.now()}-${++n}.json`);
          fs.writeFileSync(file, JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html }));
          done();
        })
        .catch(done);
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(E2E_SMTP_PORT, '127.0.0.1', () => resolve(server));
  });
}

/** Every spec must take `test` from tests/fixtures.ts, or its pages run unwatched by the CSP guard. */
function requireCspFixture(): void {
  const dir = path.join(E2E_ROOT, 'tests');
  const bare = fs
    .readdirSync(dir)
    .filter(
      (f) =>
        f.endsWith('.spec.ts') &&
        /import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'@playwright\/test'/.test(fs.readFileSync(path.join(dir, f), 'utf8')),
    );
  if (bare.length)
    throw new Error(`import test from './fixtures', not '@playwright/test' (CSP violations must fail the suite): ${bare.join(', ')}`);
}

export default async function globalSetup() {
  requireCspFixture();
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const smtp = await startSmtp();
  // LINE login against a stand-in OpenID provider in this process (always the same LINE user).
  const line = await startLineProvider({ channelId: E2E_LINE.channelId, channelSecret: E2E_LINE.channelSecret, now: Date.now });
  line.state.user = { sub: E2E_LINE.sub, email: E2E_LINE.email };
  const portal = await startPortal({
    port: E2E_PORT,
    dataDir: DATA_DIR,
    env: {
      // Every spec logs in from 127.0.0.1, often several people a minute: the default 30 logins per
      // minute and IP refused the security spec's login once the suite grew (429). The per-account
      // and per-IP failure throttles (auth.spec) are not this limit and stay as they are.
      RATE_LIMIT_LOGIN: '1000',
      // A canary is judged from its first load instead of after 20: one browser's page decides it.
      CANARY_MIN_LOADS: '1',
      // Browsers and servers share a busy machine here: the suite never sheds on the loop's delay.
      EVENT_LOOP_SHED_MS: '0',
      // The digest spec waits for two sweeps: every 5 s instead of every minute (~1.5 min of CI).
      DIGEST_SWEEP_MS: '5000',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      LINE_CHANNEL_ID: E2E_LINE.channelId,
      LINE_CHANNEL_SECRET: E2E_LINE.channelSecret,
      LINE_AUTHORIZE_URL: `${line.base}/authorize`,
      LINE_TOKEN_URL: `${line.base}/token`,
    },
  });
  return async () => {
    await portal.stop();
    await line.close();
    await new Promise<void>((r) => smtp.close(() => r()));
  };
}
