import { myProfileSchema } from '@portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';

const API = '/service/api/v1';
const HOUR = 3600_000;

describe.each(DIALECTS)('settings: change-email and /verify (%s)', (dialect) => {
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

  const post = (path: string, payload: object, token?: string) =>
    t.inject({ method: 'POST', url: `${API}${path}`, payload, ...(token ? { token } : {}) });

  /** Asks for the change and returns the token read back from the mail to the new address. */
  async function requestChange(token: string, email: string) {
    const before = smtp.messages.length;
    const res = await post('/members/me/change-email', { email }, token);
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain(email.toLowerCase());
    expect(mail.subject).toBe('【グループポータル】メールアドレス変更の確認');
    const link = /http:\/\/portal\.test\/verify\?token=([A-Za-z0-9_%-]+)/.exec(mail.text ?? '');
    expect(link, mail.text).not.toBeNull();
    return decodeURIComponent(link![1]!);
  }

  it('mails the new address; the address changes only when the link is applied, once', async () => {
    const u = await t.createUser();
    const token = await t.login(u);
    const verifyToken = await requestChange(token, 'New.Address@Example.com');
    const still = myProfileSchema.parse((await t.inject({ method: 'GET', url: `${API}/members/me/profile`, token })).json().items);
    expect(still.info.email).toBe(u.email);

    const check = await post('/verify/check', { token: verifyToken });
    expect(check.json().items).toEqual({ purpose: 'email_change', email: 'new.address@example.com' });
    const apply = await post('/verify', { token: verifyToken });
    expect(apply.statusCode).toBe(200);
    expect(apply.json().items).toEqual({ purpose: 'email_change', email: 'new.address@example.com' });
    const after = myProfileSchema.parse((await t.inject({ method: 'GET', url: `${API}/members/me/profile`, token })).json().items);
    expect(after.info.email).toBe('new.address@example.com');

    const again = await post('/verify', { token: verifyToken });
    expect(again.statusCode).toBe(400);
    expect(again.json().status_code).toBe('RESET_LINK_EXPIRED');
    expect((await post('/verify/check', { token: verifyToken })).json().status_code).toBe('RESET_LINK_EXPIRED');
  });

  it('an expired link, an unknown link and a link superseded by a newer request are refused', async () => {
    const u = await t.createUser();
    const token = await t.login(u);
    const first = await requestChange(token, `first-${u.id}@example.com`);
    const second = await requestChange(token, `second-${u.id}@example.com`);
    expect((await post('/verify', { token: first })).json().status_code).toBe('INVALID_LINK');
    t.clock.advance(25 * HOUR);
    const late = await post('/verify', { token: second });
    expect(late.statusCode).toBe(400);
    expect(late.json().status_code).toBe('RESET_LINK_EXPIRED');
    expect((await post('/verify', { token: 'not-a-token' })).json().status_code).toBe('INVALID_LINK');
    const row = await t.ctx.db.selectFrom('users').select('email').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(u.email);
  });

  it('refuses the current address, a colleague’s address and a malformed one, and anonymous callers', async () => {
    const u = await t.createUser();
    const other = await t.createUser({ companyId: u.companyId });
    const token = await t.login(u);
    expect((await post('/members/me/change-email', { email: 'x@example.com' })).statusCode).toBe(401);
    const same = await post('/members/me/change-email', { email: u.email.toUpperCase() }, token);
    expect(same.statusCode).toBe(400);
    expect(same.json().errors.email).toEqual(['validation.email_same_as_current']);
    const taken = await post('/members/me/change-email', { email: other.email }, token);
    expect(taken.json()).toMatchObject({ status_code: 'DUPLICATE_EMAIL', errors: { email: ['validation.duplicate_email'] } });
    const bad = await post('/members/me/change-email', { email: 'not an address' }, token);
    expect(bad.json().errors.email).toEqual(['validation.email']);
    expect(await t.ctx.db.selectFrom('verify_tokens').select('id').where('user_id', '=', u.id).execute()).toHaveLength(0);
  });

  it('an address taken by someone else between the request and the click is not applied', async () => {
    const u = await t.createUser();
    const other = await t.createUser({ companyId: u.companyId });
    const wanted = `wanted-${u.id}@example.com`;
    const verifyToken = await requestChange(await t.login(u), wanted);
    await t.ctx.db.updateTable('users').set({ email: wanted }).where('id', '=', other.id).execute();
    const res = await post('/verify', { token: verifyToken });
    expect(res.json().status_code).toBe('DUPLICATE_EMAIL');
    const row = await t.ctx.db.selectFrom('users').select('email').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(u.email);
  });

  it('second and third addresses: stored for the caller, must differ from each other', async () => {
    const u = await t.createUser();
    const token = await t.login(u);
    const put = (payload: object, tok?: string) =>
      t.inject({ method: 'PUT', url: `${API}/members/me/sub-emails`, payload, ...(tok ? { token: tok } : {}) });
    expect((await put({ second_email: 'a@example.com', third_email: '' })).statusCode).toBe(401);
    const dup = await put({ second_email: 'a@example.com', third_email: 'A@example.com' }, token);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.third_email).toEqual(['validation.email_duplicate_option']);
    const ok = await put({ second_email: 'a@example.com', third_email: 'b@example.com' }, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().items.info).toMatchObject({ second_email: 'a@example.com', third_email: 'b@example.com' });
    const cleared = await put({ second_email: '', third_email: '' }, token);
    expect(cleared.json().items.info).toMatchObject({ second_email: '', third_email: '' });
  });
});
