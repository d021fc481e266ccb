import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearch } from '@portal/api-client';
import { DEMO_ACCOUNTS, seedDemo } from '../../db/seed';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { API } from '../groups/testing';
import { find } from './fixtures.test-util';

describe.each(DIALECTS)('search demo data (%s)', (dialect) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedDemo(t.ctx);
    const user = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('employee_number', '=', DEMO_ACCOUNTS.member.employee_number)
      .executeTakeFirstOrThrow();
    token = await t.login({
      id: user.id,
      companyId: user.company_id,
      employee_number: DEMO_ACCOUNTS.member.employee_number,
      email: '',
      password: DEMO_ACCOUNTS.member.password,
    });
  });
  afterAll(() => t.close());

  it('indexes every seeded topic, comment, chat message and calendar event, and gives the member a saved search', async () => {
    const docs = await t.ctx.db.selectFrom('search_docs').select(['kind', 'ref_id']).distinct().execute();
    const topics = await t.ctx.db.selectFrom('topics').select('id').execute();
    expect(docs.filter((d) => d.kind === 1)).toHaveLength(topics.length);
    // Chat text messages and calendar events are seeded before the index is built, so they are in it too.
    const texts = await t.ctx.db
      .selectFrom('chat_messages')
      .select('id')
      .where('message_special', '=', 0)
      .where('deleted_at', 'is', null)
      .where('content', '<>', '')
      .execute();
    const events = await t.ctx.db.selectFrom('calendar_events').select('id').execute();
    expect(texts.length).toBeGreaterThan(0);
    expect(events.length).toBeGreaterThan(0);
    expect(
      docs
        .filter((d) => d.kind === 4)
        .map((d) => d.ref_id)
        .sort(),
    ).toEqual(texts.map((m) => m.id).sort());
    expect(docs.filter((d) => d.kind === 5)).toHaveLength(events.length);
    expect((await find(t, token, '東京', { time_range: 4 })).total).toBeGreaterThan(0);
    const saved = (await t.inject({ method: 'GET', url: `${API}/members/me/saved-searches`, token })).json().items as SavedSearch[];
    expect(saved.map((s) => s.name)).toEqual(['東京']);
  });
});
