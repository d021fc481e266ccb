import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness';
import { insertJoinRequest } from '../groups/testing';
import { createEvent, eventBody } from '../calendar/testing';
import { actor, get, groupWith, postCommon, postTopic, type Actor } from './fixtures.test-util';

describe.each(DIALECTS)('todo (%s)', (dialect) => {
  let t: TestApp;
  let admin: Actor;
  let member: Actor;
  let stranger: Actor;
  let g: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const company = await t.createCompany();
    admin = await actor(t, { companyId: company });
    member = await actor(t, { companyId: company });
    stranger = await actor(t, { companyId: company });
    await t.ctx.db.updateTable('users').set({ common_topic_role: 1 }).where('id', '=', admin.id).execute();
    g = await groupWith(
      t,
      company,
      [
        [admin.id, { role_admin: 1 }],
        [member.id, {}],
      ],
      '総務部',
    );
    await groupWith(t, company, [[stranger.id, { role_admin: 1 }]]);
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PATCH' | 'DELETE', token: string | undefined, url: string, payload?: object) =>
    t.inject({ method, url: `/service/api/v1/members/me${url}`, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });

  it('answers 401 without a token', async () => {
    expect((await get(t, undefined, '/todo')).statusCode).toBe(401);
    expect((await send('POST', undefined, '/todo-tasks', { title: 'x' })).statusCode).toBe(401);
    expect((await send('PATCH', undefined, '/todo-tasks/1', { done: true })).statusCode).toBe(401);
    expect((await send('DELETE', undefined, '/todo-tasks/1')).statusCode).toBe(401);
  });

  it('gathers join requests to approve and unread emergency topics, for the right people only', async () => {
    const joiner = await actor(t);
    await insertJoinRequest(t, g, joiner.id);
    const urgent = await postTopic(t, admin.token, g, { topic_title: '至急：避難訓練', emergency_contact: true });
    await postTopic(t, admin.token, g, { topic_title: '通常連絡' });
    const commonUrgent = await postCommon(t, admin.token, [g], { topic_title: '全社緊急', emergency_contact: true });

    const mine = (await get(t, admin.token, '/todo')).json().items;
    expect(mine.join_requests).toEqual([{ group_id: g, group_name: '総務部', count: 1 }]);
    const theirs = (await get(t, member.token, '/todo')).json().items;
    expect(theirs.join_requests).toEqual([]);
    expect(theirs.emergency_topics.map((i: { id: string }) => i.id).sort()).toEqual([`1-${urgent}`, `6-${commonUrgent}`].sort());
    expect((await get(t, stranger.token, '/todo')).json().items).toEqual({
      join_requests: [],
      emergency_topics: [],
      today_events: [],
      tasks: [],
    });
    await t.inject({
      method: 'POST',
      url: `/service/api/v1/members/me/groups/${g}/topics/set-topic-is-seen/${urgent}`,
      token: member.token,
    });
    expect((await get(t, member.token, '/todo')).json().items.emergency_topics.map((i: { id: string }) => i.id)).toEqual([
      `6-${commonUrgent}`,
    ]);
  });

  it('shows today’s events of the user’s own calendar (Tokyo day), not tomorrow’s nor others’', async () => {
    const today = new Date(t.clock() + 9 * 3_600_000).toISOString().slice(0, 10);
    const tomorrow = new Date(t.clock() + 33 * 3_600_000).toISOString().slice(0, 10);
    const shared = await createEvent(
      t,
      admin.token,
      eventBody({ share_type: 2, user_ids: [member.id], title_ja: '朝会', event_start_date: today, event_end_date: today }),
    );
    await createEvent(
      t,
      admin.token,
      eventBody({
        share_type: 2,
        user_ids: [],
        title_ja: '個人作業',
        event_start_date: today,
        event_end_date: today,
        event_start_time: '08:00',
        event_end_time: '09:00',
      }),
    );
    await createEvent(
      t,
      admin.token,
      eventBody({ share_type: 2, user_ids: [member.id], title_ja: '明日の会議', event_start_date: tomorrow, event_end_date: tomorrow }),
    );
    const mine = (await get(t, admin.token, '/todo')).json().items.today_events as {
      id: number;
      title: string;
      event_start_time: string;
    }[];
    expect(mine.map((e) => e.title)).toEqual(['個人作業', '朝会']);
    const theirs = (await get(t, member.token, '/todo')).json().items.today_events as { id: number; occurrence_date: string }[];
    expect(theirs).toEqual([expect.objectContaining({ id: shared, occurrence_date: today, event_start_time: '10:00' })]);
    expect((await get(t, stranger.token, '/todo')).json().items.today_events).toEqual([]);
  });

  it('keeps a private task list: add, tick, rename, delete; another user’s task is not found', async () => {
    expect((await send('POST', member.token, '/todo-tasks', { title: '  ' })).statusCode).toBe(400);
    expect((await send('POST', member.token, '/todo-tasks', { title: 'x'.repeat(201) })).statusCode).toBe(400);
    const task = (await send('POST', member.token, '/todo-tasks', { title: '経費精算' })).json().items;
    expect(task).toMatchObject({ title: '経費精算', done: false });
    expect((await send('PATCH', member.token, `/todo-tasks/${task.id}`, {})).statusCode).toBe(400);
    expect((await send('PATCH', member.token, `/todo-tasks/${task.id}`, { done: true })).json().items.done).toBe(true);
    expect((await send('PATCH', admin.token, `/todo-tasks/${task.id}`, { done: false })).statusCode).toBe(404);
    expect((await send('DELETE', admin.token, `/todo-tasks/${task.id}`)).statusCode).toBe(404);
    expect((await get(t, admin.token, '/todo')).json().items.tasks).toEqual([]);
    expect((await get(t, member.token, '/todo')).json().items.tasks).toMatchObject([{ id: task.id, done: true }]);
    expect((await send('DELETE', member.token, `/todo-tasks/${task.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', member.token, `/todo-tasks/${task.id}`)).statusCode).toBe(404);
  });
});
