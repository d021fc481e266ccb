import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';

const URL_ = '/service/api/v1/members/me/settings/setting_notify_news';

describe.each(DIALECTS)('notification mail addresses are validated as the spec says (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await t.login(await t.createUser());
  });
  afterAll(() => t.close());

  const patch = (payload: Record<string, unknown>) => t.inject({ method: 'PATCH', url: URL_, token, payload });

  it('refuses anonymous callers, malformed, over-long and double-byte addresses, and equal second and third ones', async () => {
    expect((await t.inject({ method: 'PATCH', url: URL_, payload: { first_email_emergency: 'a@example.com' } })).statusCode).toBe(401);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_email_emergency: 'not-an-address' }, 'first_email_emergency', 'validation.email'],
      [{ second_email_regular: `${'a'.repeat(95)}@example.com` }, 'second_email_regular', 'validation.email_max'],
      [{ third_email_emergency: 'ｔａｒｏ@example.com' }, 'third_email_emergency', 'validation.email'],
      [
        { second_email_emergency: 'same@example.com', third_email_emergency: 'SAME@example.com' },
        'third_email_emergency',
        'validation.email_duplicate_option',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(payload)).toContain(message);
    }
    // A stored second address and a new equal third one are refused too.
    expect((await patch({ second_email_regular: 'one@example.com' })).statusCode).toBe(200);
    expect((await patch({ third_email_regular: 'one@example.com' })).statusCode).toBe(400);
  });

  it('stores valid addresses and clears with null', async () => {
    const ok = await patch({
      first_email_emergency: 'boss@example.com',
      second_email_emergency: 'home@example.com',
      third_email_emergency: null,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().items.setting_notify_news).toMatchObject({
      first_email_emergency: 'boss@example.com',
      second_email_emergency: 'home@example.com',
      third_email_emergency: null,
    });
  });
});
