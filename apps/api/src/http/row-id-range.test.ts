import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';

const API = '/service/api/v1';
/** A safe JavaScript integer past PostgreSQL's integer columns (2 147 483 647). */
const PAST = 3_000_000_000;

/**
 * Ids past the id columns' range name no row on either database: refused as input or answered as
 * not found, never sent to PostgreSQL (which refuses the value with an error: a 500 before).
 */
describe.each(DIALECTS)('row ids past the column range (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const companyId = await t.createCompany();
    const admin = await t.createUser({ companyId, isCompanyAdmin: true });
    const group = await t.createGroup(companyId);
    await t.addMember(group, admin.id, { role_admin: 1 });
    token = await t.login(admin);
  });
  afterAll(() => t?.close());

  it('in a path, a query list, a JSON body and a group link', async () => {
    const calls = [
      { method: 'GET', url: `${API}/members/me/groups/${PAST}` },
      { method: 'GET', url: `${API}/members/me/groups/${PAST}/topics/count-topic` },
      { method: 'GET', url: `${API}/members/me/groups/${PAST}/join-requests` },
      { method: 'GET', url: `${API}/calendar-events/get-all-member?user_ids=1,${PAST}` },
      { method: 'POST', url: `${API}/calendar-events/mark-read`, payload: { event_id: PAST } },
    ] as const;
    for (const c of calls) {
      const res = await t.inject({ ...c, token });
      expect([400, 404], `${c.method} ${c.url} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expect((res.json() as { message?: string }).message).toBeTruthy();
    }
  });

  it('the largest id is still an id (not found here, not refused)', async () => {
    const res = await t.inject({ method: 'GET', url: `${API}/members/me/groups/2147483647`, token });
    expect(res.statusCode).toBe(404);
  });
});
