import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../test/harness';

const API = '/service/api/v1';

/** JSON bodies are JSON: numbers as numbers and an object where an object is expected. */
describe.each(DIALECTS)('strict request shapes (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login(await t.createUser({ isCompanyAdmin: true }));
  });
  afterAll(() => t.close());

  const errorsOf = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    return (res.json() as { errors: Record<string, string[]> }).errors;
  };

  it('a number sent as a string in a JSON body is refused, naming the field', async () => {
    const event = {
      title_ja: '会議',
      plan_type: 1,
      event_start_date: '2026-11-10',
      event_end_date: '2026-11-10',
      event_start_time: '10:00',
      event_end_time: '11:00',
      share_type: 1,
      group_id: '2',
    };
    expect(Object.keys(errorsOf(await t.inject({ method: 'POST', url: `${API}/calendar-events`, token: admin, payload: event })))).toEqual([
      'group_id',
    ]);
    const read = await t.inject({ method: 'POST', url: `${API}/calendar-events/mark-read`, token: admin, payload: { event_id: '1' } });
    expect(Object.keys(errorsOf(read))).toEqual(['event_id']);
  });

  it('a value of the wrong type is invalid_type; only a missing one is required', async () => {
    const errors = errorsOf(
      await t.inject({
        method: 'POST',
        url: `${API}/calendar-events`,
        token: admin,
        payload: { title_ja: 5, plan_type: '1', event_start_date: null, event_start_time: '10:00', event_end_time: '11:00', share_type: 1 },
      }),
    );
    expect(errors).toMatchObject({
      title_ja: ['validation.invalid_type'],
      plan_type: ['validation.invalid_value'],
      event_start_date: ['validation.invalid_type'],
      event_end_date: ['validation.required'],
    });
    const read = await t.inject({ method: 'POST', url: `${API}/calendar-events/mark-read`, token: admin, payload: {} });
    expect(errorsOf(read)).toEqual({ event_id: ['validation.required'] });
    const wrong = await t.inject({ method: 'POST', url: `${API}/calendar-events/mark-read`, token: admin, payload: { event_id: [1] } });
    expect(errorsOf(wrong)).toEqual({ event_id: ['validation.invalid_type'] });
  });

  it('a query string is still text to parse', async () => {
    const res = await t.inject({ method: 'GET', url: `${API}/company/users?page=1&limit=5`, token: admin });
    expect(res.statusCode).toBe(200);
  });

  it('a JSON body of null (or any non-object) is refused, not read as {}', async () => {
    const capacity = await t.ctx.db.selectFrom('companies').selectAll().executeTakeFirstOrThrow();
    for (const payload of ['null', '[]', '"x"', '5']) {
      const res = await t.inject({
        method: 'PUT',
        url: `${API}/company/capacity`,
        token: admin,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(Object.keys(errorsOf(res))).toEqual(['_']);
    }
    expect(await t.ctx.db.selectFrom('companies').selectAll().where('id', '=', capacity.id).executeTakeFirstOrThrow()).toEqual(capacity);
  });
});
