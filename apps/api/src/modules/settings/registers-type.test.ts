import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';

const API = '/service/api/v1';
const body = {
  unique_url: 'x'.repeat(32),
  employee_number: 'T0001',
  email: 'type@example.com',
  password: 'Type#Pass2026',
  password_confirmation: 'Type#Pass2026',
  last_name: '型',
  first_name: '太郎',
  last_name_kana: 'かた',
  first_name_kana: 'たろう',
};

/**
 * members/registers/{type} (spec section 7) serves the self-registration types: 1 (invited by
 * mail) and 2 (group link → join request), tested with their links in groups/invitations.test.ts.
 * Type 0 (ADMIN_REGISTER) is only ever the administrator's admin-registers call and type 3
 * (USER_TEPM_REGISTER) has no flow in the spec: both are refused as bad input, and nothing is made.
 */
describe.each(DIALECTS)('members/registers/{type}: which types exist (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('refuses types 0, 3 and non-numbers with 400 before looking at the link, and creates no user', async () => {
    const users = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await users();
    for (const type of ['0', '3', 'x', '-1']) {
      const res = await t.inject({ method: 'POST', url: `${API}/members/registers/${type}`, payload: body });
      expect(res.statusCode, type).toBe(400);
      expect(res.json().status_code).toBe('VALIDATION_ERROR');
    }
    // Types 1 and 2 get past validation to the link check: an unknown link is unusable.
    for (const type of ['1', '2']) {
      const res = await t.inject({ method: 'POST', url: `${API}/members/registers/${type}`, payload: body });
      expect(res.json().status_code, type).toBe('LINK_UNUSABLE');
    }
    expect(await users()).toBe(before);
  });
});
