import { LIMITS } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE } from './throttle';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';

const API = '/service/api/v1';
const NEW_PASSWORD = 'Fresh#Pass99';

describe.each(DIALECTS)('password reset (%s)', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp(dialect, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (path: string, payload: Record<string, unknown>) => t.inject({ method: 'POST', url: `${API}${path}`, payload });

  /** Requests a reset for the user and returns the token read back from the received mail. */
  async function mailedToken(email: string, lang?: 'ja' | 'en'): Promise<{ token: string; subject: string; text: string }> {
    const before = smtp.messages.length;
    const res = await post('/auth/forgot-password', { email, ...(lang ? { lang } : {}) });
    expect(res.statusCode).toBe(200);
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain(email);
    expect(mail.from?.text).toContain('no-reply@portal.example');
    const link = /http:\/\/portal\.test\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text ?? '');
    expect(link, mail.text).not.toBeNull();
    expect(mail.html).toContain('href="http://portal.test/reset-password?token=');
    return { token: decodeURIComponent(link![1]!), subject: mail.subject ?? '', text: mail.text ?? '' };
  }

  it('forgot → Japanese mail → link → reset → login with the new password', async () => {
    const u = await t.createUser();
    const mail = await mailedToken(u.email);
    expect(mail.subject).toBe('【グループポータル】パスワード再設定のご案内');
    expect(mail.text).toContain('山田 太郎 様');

    const check = await post('/auth/check-token-expired', { token: mail.token });
    expect(check.json().items).toEqual({ expired: false, valid: true });

    const res = await post('/auth/reset-password', { token: mail.token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);

    expect((await post('/auth/login', { email: u.email, password: u.password })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: u.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('sends the English mail when the stored language is en', async () => {
    const u = await t.createUser();
    const token = await t.login(u);
    await t.inject({ method: 'PATCH', url: `${API}/members/me/setting-language`, token, payload: { code: 'en' } });
    const mail = await mailedToken(u.email);
    expect(mail.subject).toBe('[Group Portal] Reset your password');
  });

  it('answers 404 EMAIL_NOT_REGISTERED for an unknown address and sends nothing', async () => {
    const before = smtp.messages.length;
    const res = await post('/auth/forgot-password', { email: 'ghost@test.example' });
    expect(res.statusCode).toBe(404);
    expect(res.json().status_code).toBe('EMAIL_NOT_REGISTERED');
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length).toBe(before);
  });

  it('refuses a reused link with INVALID_LINK and an expired one with RESET_LINK_EXPIRED', async () => {
    const u = await t.createUser();
    const first = await mailedToken(u.email);
    const ok = await post('/auth/reset-password', { token: first.token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    const reused = await post('/auth/reset-password', {
      token: first.token,
      password: 'Other#Pass77',
      password_confirmation: 'Other#Pass77',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().status_code).toBe('INVALID_LINK');

    const unknown = await post('/auth/reset-password', {
      token: 'x'.repeat(43),
      password: 'Other#Pass77',
      password_confirmation: 'Other#Pass77',
    });
    expect(unknown.json().status_code).toBe('INVALID_LINK');

    const second = await mailedToken(u.email);
    t.clock.advance(LIMITS.passwordResetTtlSeconds * 1000 + 1);
    expect((await post('/auth/check-token-expired', { token: second.token })).json().items).toEqual({ expired: true, valid: false });
    const expired = await post('/auth/reset-password', {
      token: second.token,
      password: 'Other#Pass77',
      password_confirmation: 'Other#Pass77',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().status_code).toBe('RESET_LINK_EXPIRED');
  });

  it('lets only one of two parallel submissions use a link', async () => {
    const u = await t.createUser();
    const { token } = await mailedToken(u.email);
    const [a, b] = await Promise.all(
      ['Race#One111', 'Race#Two222'].map((pw) => post('/auth/reset-password', { token, password: pw, password_confirmation: pw })),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 400]);
    expect([a!, b!].find((r) => r.statusCode === 400)!.json().status_code).toBe('INVALID_LINK');
  });

  it('enforces the password rules and refuses the current password', async () => {
    const u = await t.createUser();
    const { token } = await mailedToken(u.email);
    const cases: [string, string][] = [
      ['Ab#1', 'validation.password_min'],
      ['パスワードAb#12345', 'validation.password_single_byte'],
      ['onlylowercase', 'validation.password_classes'],
      ['12345678', 'validation.password_classes'],
    ];
    for (const [password, key] of cases) {
      const res = await post('/auth/reset-password', { token, password, password_confirmation: password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().status_code).toBe('VALIDATION_ERROR');
      expect(res.json().errors.password).toContain(key);
    }
    const mismatch = await post('/auth/reset-password', { token, password: NEW_PASSWORD, password_confirmation: 'Different#1' });
    expect(mismatch.json().errors.password_confirmation).toEqual(['validation.password_confirmation']);

    const same = await post('/auth/reset-password', { token, password: u.password, password_confirmation: u.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().status_code).toBe('PASSWORD_SAME_AS_CURRENT');
    // None of the refusals consumed the link.
    expect((await post('/auth/check-token-expired', { token })).json().items.valid).toBe(true);
  });

  it('unlocks a locked account and ends its old sessions', async () => {
    const u = await t.createUser();
    const oldToken = await t.login(u);
    // The login throttle makes the owner wait between failures; the test waits it out.
    for (let i = 0; i < LIMITS.lockoutFailures; i++) {
      await post('/auth/login', { email: u.email, password: 'Wrong#pass1' });
      t.clock.advance(THROTTLE.account.maxMs);
    }
    expect((await post('/auth/login', { email: u.email, password: u.password })).json().status_code).toBe('ACCOUNT_LOCKED');

    const { token } = await mailedToken(u.email);
    expect((await post('/auth/reset-password', { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).statusCode).toBe(
      200,
    );

    const login = await post('/auth/login', { email: u.email, password: NEW_PASSWORD });
    expect(login.statusCode).toBe(200);
    const me = await t.inject({ method: 'GET', url: `${API}/members/me`, token: oldToken });
    expect(me.statusCode).toBe(401);
    expect(me.json().status_code).toBe('INVALID_TOKEN');
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['locked_at', 'failed_login_count'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ locked_at: null, failed_login_count: 0 });
  });
});

describe('password reset without SMTP', () => {
  it('writes the mail as an .eml file into the outbox', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const t = await createTestApp('sqlite');
    try {
      const u = await t.createUser();
      const res = await t.inject({ method: 'POST', url: `${API}/auth/forgot-password`, payload: { email: u.email, lang: 'en' } });
      expect(res.statusCode).toBe(200);
      const outbox = path.join(t.config.dataDir, 'outbox');
      const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const eml = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
      expect(eml).toContain(`To: ${u.email}`);
      expect(eml).toContain('Reset your password');
    } finally {
      await t.close();
    }
  });
});
